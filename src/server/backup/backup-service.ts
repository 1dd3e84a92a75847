import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { readBackupResult, writeBackupResult } from '../db/repos/backup-repo';
import { ConflictError } from '../errors';
import type { Storage } from '../media/storage';
import { backupResult, type BackupResult, type BackupStatus } from '../../shared/api/backup';
import { checkArchive } from './archive-check';
import { createBackupArchive, type BackupArchive } from './backup-archive';
import { openBackupTarget, type BackupTarget } from './backup-targets';
import { verifyArchive, type StartApp } from './verify';

export interface BackupServiceDeps {
  database: DatabaseHandle;
  storage: Storage;
  config: AppConfig;
}

/** First key of the session advisory lock held while a scheduled backup runs (any constant unused elsewhere). */
const BACKUP_LOCK_SPACE = 0x42616b; // "Bak"
/** The first scheduled backup of a site that has none waits this long after the start. */
const FIRST_BACKUP_DELAY_MS = 60_000;
/** When another backup (a download, another instance) is running, the scheduled one tries again after this. */
const BUSY_RETRY_MS = 5 * 60_000;

function parseResult(text: string | undefined): BackupResult | null {
  if (!text) return null;
  try {
    const parsed = backupResult.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Backups of the whole site (docs/decisions/021-backups.md): the download (GET /api/admin/backup)
 * and, with BACKUP_DIR or BACKUP_S3_PREFIX, a backup every BACKUP_EVERY into that place, keeping
 * the BACKUP_KEEP newest, its result recorded for the dashboard. One backup at a time per process;
 * instances sharing a PostgreSQL database take turns on an advisory lock.
 */
export function createBackupService({ database, storage, config }: BackupServiceDeps) {
  const mediaKind = config.s3 ? 's3' : 'local';
  const schedule = config.backup;
  let running = false;
  let target: Promise<BackupTarget> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let stopped = false;
  let startApp: StartApp | undefined;
  let log: FastifyBaseLogger | undefined;

  /** Takes a backup and answers its stream; the slot is free again once the stream closes. */
  async function take(): Promise<BackupArchive> {
    if (running) {
      throw new ConflictError(
        'A backup is being taken right now. Wait until it has finished, then try again.',
        'backup_running',
      );
    }
    running = true;
    try {
      const archive = await createBackupArchive({ database, storage, mediaKind });
      archive.stream.once('close', () => {
        running = false;
      });
      return archive;
    } catch (error) {
      running = false;
      throw error;
    }
  }

  /** Writes one backup to the schedule's place (checked first with BACKUP_VERIFY), then removes the oldest. */
  async function backUpOnce(): Promise<BackupResult> {
    if (!schedule) throw new Error('No BACKUP_DIR or BACKUP_S3_PREFIX is set.');
    const place = await (target ??= openBackupTarget(schedule));
    let result: BackupResult;
    try {
      const archive = await take();
      let bytes: number;
      if (schedule.verify) {
        const dir = await mkdtemp(join(tmpdir(), 'tp-backup-verify-'));
        try {
          const file = join(dir, archive.fileName);
          await pipeline(archive.stream, createWriteStream(file));
          if (!startApp) throw new Error('Backups have not been started.');
          await verifyArchive(await checkArchive(file), { config, startApp });
          bytes = await place.write(archive.fileName, createReadStream(file));
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      } else {
        bytes = await place.write(archive.fileName, archive.stream);
      }
      const names = (await place.list()).sort();
      for (const old of names.slice(0, Math.max(0, names.length - schedule.keep))) await place.remove(old);
      result = {
        finishedAt: new Date().toISOString(),
        ok: true,
        fileName: archive.fileName,
        bytes,
        verified: schedule.verify,
      };
      log?.info(`Backup ${archive.fileName} (${bytes} bytes) written to ${place.location}`);
    } catch (error) {
      const message = (error as Error).message.replace(/\.$/, '');
      result = {
        finishedAt: new Date().toISOString(),
        ok: false,
        verified: false,
        error: `The backup to ${place.location} failed: ${message}. The next one is tried in ${schedule.every}; check that the place exists, is writable and has room.`,
      };
      log?.error({ err: error }, 'Scheduled backup failed');
    }
    await writeBackupResult(database.db, JSON.stringify(result));
    return result;
  }

  function plan(inMs: number) {
    if (stopped || !schedule) return;
    clearTimeout(timer);
    // setTimeout holds at most about 24.8 days; a longer wait is planned again when it ends.
    timer = setTimeout(() => void tick(), Math.max(0, Math.min(inMs, 2 ** 31 - 1)));
    timer.unref();
  }

  async function tick(): Promise<void> {
    if (!schedule || stopped) return;
    if (running || !(await database.sessionLocks.tryLock(BACKUP_LOCK_SPACE, 0))) {
      plan(BUSY_RETRY_MS);
      return;
    }
    try {
      // Another instance may have taken this one already.
      const last = parseResult(await readBackupResult(database.db));
      const due = last ? Date.parse(last.finishedAt) + schedule.everyMs : 0;
      if (due > Date.now()) {
        plan(due - Date.now());
        return;
      }
      current = backUpOnce();
      await current;
      plan(schedule.everyMs);
    } catch (error) {
      log?.error({ err: error }, 'Scheduled backup failed');
      plan(BUSY_RETRY_MS);
    } finally {
      current = undefined;
      await database.sessionLocks.unlock(BACKUP_LOCK_SPACE, 0).catch(() => undefined);
    }
  }

  return {
    /** GET /api/admin/backup and the dashboard's Download backup. */
    download: take,

    /** The schedule and its last result, for the dashboard. */
    async status(): Promise<BackupStatus> {
      const place = schedule
        ? schedule.target.kind === 'folder'
          ? schedule.target.dir
          : `s3://${schedule.target.s3.bucket}/${schedule.target.prefix}`
        : undefined;
      return {
        schedule:
          schedule && place
            ? { location: place, every: schedule.every, keep: schedule.keep, verify: schedule.verify }
            : null,
        last: parseResult(await readBackupResult(database.db)),
        running,
      };
    },

    /** One scheduled backup now (what the timer runs; tests call it). */
    backUpOnce,

    /** Plans the scheduled backups (with BACKUP_DIR or BACKUP_S3_PREFIX): the next is due BACKUP_EVERY after the last. */
    async start(options: { log: FastifyBaseLogger; startApp: StartApp }): Promise<void> {
      log = options.log;
      startApp = options.startApp;
      if (!schedule) return;
      const last = parseResult(await readBackupResult(database.db));
      plan(last ? Date.parse(last.finishedAt) + schedule.everyMs - Date.now() : FIRST_BACKUP_DELAY_MS);
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
