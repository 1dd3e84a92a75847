import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { TRANSLATION_TARGETS } from '../../shared/api/translation-status';
import { languageList } from '../../shared/language-list';
import type { AiProvider } from '../ai/types';
import type { TranslationJobsConfig } from '../config';
import type { Database } from '../db/client';
import * as repo from '../db/repos/translation-jobs-repo';
import type { EntityRef, TranslationJob } from '../db/repos/translation-jobs-repo';
import { ConflictError } from '../errors';
import { createTranslationWork, type JobRun } from './work';

/** How long an explicit Translate waits for a worker already translating the same entity. */
const EXPLICIT_WAIT_MS = 60_000;
/** How long stopping waits for the running job before letting it go (it is queued again). */
const STOP_GRACE_MS = 2_000;

export interface TranslationQueue {
  /**
   * Are jobs queued at all? Only with an AI model: the offline provider translates nothing, so
   * edits then simply leave translations outdated or missing.
   */
  readonly active: boolean;
  /** After a commit that queued jobs: this process's worker looks at once (others poll). */
  notify(): void;
  /**
   * Translate, now and in the caller's request: the entity's missing and outdated languages. Waits
   * while another worker runs the entity's job (one job per entity at a time).
   */
  translateNow(entity: EntityRef): Promise<JobRun>;
  /** Takes the server's logger; runs the worker in this process when `worker` is set. */
  start(options: { log: FastifyBaseLogger; worker: boolean }): void;
  /** Stops the worker; a job still running after a short grace is queued again for the next start. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** One sentence for a job's last error: the first reason, and the languages it stopped. */
function summary(run: JobRun): string {
  if (run.error) return run.error;
  const byReason = new Map<string, string[]>();
  for (const [lang, reason] of run.failed) byReason.set(reason, [...(byReason.get(reason) ?? []), lang]);
  const [reason, langs] = [...byReason][0]!;
  return `Not translated into ${languageList(TRANSLATION_TARGETS.filter((lang) => langs.includes(lang)))}: ${reason}`;
}

/**
 * The translation queue of docs/decisions/006-translation-versions.md: jobs live in the database
 * (translation_jobs, one per entity), are claimed with FOR UPDATE SKIP LOCKED so several server
 * instances share them safely, and are retried with exponential backoff. The worker runs one job
 * at a time in the server process; it sleeps until the next job is due, at most `pollMs`, and
 * wakes at once when this process queues one.
 */
export function createTranslationQueue(db: Database, ai: AiProvider, config: TranslationJobsConfig): TranslationQueue {
  const active = ai.name !== 'offline';
  const work = createTranslationWork(db, ai);
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let log: FastifyBaseLogger | undefined;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  /** The jobs this process is running (the worker's, and explicit Translates), so stopping can let them go. */
  const inFlight = new Set<TranslationJob>();

  const logError = (error: unknown, message: string) => log?.error({ err: error }, message);
  /** Resolves when the job leaves inFlight (polled: a stop waits at most STOP_GRACE_MS anyway). */
  const settled = async (job: TranslationJob) => {
    while (inFlight.has(job)) await sleep(20);
  };

  /** Stores what a run did and decides the job's next state, with the job row locked. */
  async function settle(job: TranslationJob, entity: EntityRef, run: JobRun, maxAttempts: number) {
    await db.transaction(async (tx) => {
      const latest = await repo.lockJob(tx, job.id);
      // Taken over (this worker looked dead) or let go on stop: its new owner decides.
      if (!latest || latest.lockedBy !== workerId || latest.state !== 'running') return;
      const describe = latest.describe && run.describePending;
      await repo.clearFailures(tx, entity, run.translated);
      if (run.error || run.failed.size > 0) {
        const failures = run.error
          ? TRANSLATION_TARGETS.map((lang) => ({ languageCode: lang, reason: run.error! }))
          : [...run.failed].map(([lang, reason]) => ({ languageCode: lang, reason }));
        await repo.recordFailures(tx, entity, failures);
        const retry = {
          baseMs: config.retryBaseMs,
          maxMs: config.retryMaxMs,
          maxAttempts,
          notBeforeMs: run.notBeforeMs,
        };
        await repo.failJob(tx, job.id, workerId, { reason: summary(run), describe, retry });
        return;
      }
      // The source may have changed while the job ran (its results are stored as made from the
      // older version, so they show as outdated): then it runs again at once.
      const scope = { allLanguages: latest.allLanguages, describe };
      if (await work.pending(entity, scope, tx)) await repo.requeueJob(tx, job.id, workerId, describe);
      else await repo.finishJob(tx, job.id, workerId, describe);
    });
  }

  async function execute(job: TranslationJob, maxAttempts: number): Promise<JobRun> {
    const entity: EntityRef = { type: job.entityType, id: job.entityId };
    inFlight.add(job);
    // Tells other instances this worker is alive, however long the AI takes.
    const heartbeat = setInterval(
      () => void repo.confirmLock(db, job.id, workerId).catch((error) => logError(error, 'translation job lock')),
      Math.max(1, Math.floor(config.lockTimeoutMs / 3)),
    );
    heartbeat.unref();
    let run: JobRun;
    try {
      run = await work.run(entity, { allLanguages: job.allLanguages, describe: job.describe });
    } catch (error) {
      // Reading the source failed (the database): retried like any other failure.
      run = {
        gone: false,
        translated: [],
        failed: new Map(),
        kept: [],
        error: 'An unexpected error stopped this translation; see the server log.',
        describePending: job.describe,
        unexpected: [error],
      };
    } finally {
      clearInterval(heartbeat);
    }
    for (const error of run.unexpected)
      logError(error, `translation job ${job.id} (${job.entityType} ${job.entityId})`);
    try {
      // A deleted entity took its job with it (trigger): nothing to settle.
      if (!run.gone) await settle(job, entity, run, maxAttempts);
    } finally {
      inFlight.delete(job);
    }
    return run;
  }

  async function workLoop() {
    while (running) {
      let job: TranslationJob | undefined;
      try {
        job = await repo.claimDueJob(db, workerId, config.lockTimeoutMs);
        if (job) {
          await execute(job, config.maxAttempts);
          continue;
        }
      } catch (error) {
        if (!running) return;
        logError(error, 'translation worker');
      }
      const due = await repo.msUntilNextJob(db, config.lockTimeoutMs).catch(() => undefined);
      // A due job another worker is claiming this instant: look again shortly, not in a tight loop.
      const wait = due === undefined ? config.pollMs : Math.min(config.pollMs, Math.max(due, 50));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    active,

    notify() {
      wake?.();
    },

    async translateNow(entity) {
      const deadline = Date.now() + EXPLICIT_WAIT_MS;
      let job = await repo.claimEntityJob(db, entity, workerId, config.lockTimeoutMs);
      while (!job) {
        if (Date.now() > deadline) {
          throw new ConflictError(
            'This is being translated right now. Its language badges show each language when it is done.',
            'translation_running',
          );
        }
        await sleep(250);
        job = await repo.claimEntityJob(db, entity, workerId, config.lockTimeoutMs);
      }
      // Without an AI model a retry would fail the same way: the job stays failed.
      return execute(job, active ? config.maxAttempts : 1);
    },

    start(options) {
      log = options.log;
      if (!options.worker || !active || running) return;
      running = true;
      loop = workLoop().catch((error) => logError(error, 'translation worker stopped'));
    },

    async stop() {
      running = false;
      wake?.();
      if (!loop && inFlight.size === 0) return;
      const finished = Promise.all([loop, ...[...inFlight].map((job) => settled(job))]);
      await Promise.race([finished, sleep(STOP_GRACE_MS)]);
      for (const job of inFlight) {
        await repo.releaseJob(db, job.id, workerId).catch((error) => logError(error, 'translation job release'));
      }
    },
  };
}
