import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';
import { placeTranslations, places, translationFailures, translationJobs } from '../schema';

export type EntityType = (typeof translationJobs.$inferSelect)['entityType'];
/** A place, city or country: what a job translates. */
export interface EntityRef {
  type: EntityType;
  id: string;
}
export type TranslationJob = typeof translationJobs.$inferSelect;

/** What a job is asked to do, beyond re-translating the languages that are outdated. */
export interface JobScope {
  /** Missing languages too (Translate, a new city or country). */
  allLanguages: boolean;
  /** Write the English description first (a city or country created with an AI model). */
  describe: boolean;
}

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;

/** A running job whose lock is older than this belongs to a dead worker. */
const staleLock = (lockTimeoutMs: number) =>
  and(eq(translationJobs.state, 'running'), lt(translationJobs.lockedAt, sql`now() - ${ms(lockTimeoutMs)}`));

/**
 * Queues a job for the entity in the caller's transaction, so it exists exactly when the edit
 * commits. One row per entity: a queued job takes on the new scope too; a running one keeps
 * running (its worker looks again when it finishes and queues the rest); a finished one is queued
 * afresh.
 */
export async function enqueueJob(tx: DbOrTx, entity: EntityRef, scope: JobScope): Promise<void> {
  const active = sql`${translationJobs.state} in ('queued', 'running')`;
  await tx
    .insert(translationJobs)
    .values({ entityType: entity.type, entityId: entity.id, ...scope })
    .onConflictDoUpdate({
      target: [translationJobs.entityType, translationJobs.entityId],
      set: {
        state: sql`case when ${translationJobs.state} = 'running' then 'running' else 'queued' end`,
        allLanguages: sql`case when ${active} then ${translationJobs.allLanguages} or excluded.all_languages
          else excluded.all_languages end`,
        describe: sql`case when ${active} then ${translationJobs.describe} or excluded.describe
          else excluded.describe end`,
        attempts: 0,
        nextRunAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Queues a job (outdated languages only) for every place matching `where` that has a translation:
 * the places a city or country rename carried along. One statement however many there are.
 */
export async function enqueueTranslatedPlaces(tx: DbOrTx, where: SQL): Promise<void> {
  await tx.execute(sql`insert into ${translationJobs} (entity_type, entity_id)
    select 'place', ${places.id} from ${places}
    where ${where} and exists (select 1 from ${placeTranslations} where ${placeTranslations.placeId} = ${places.id})
    on conflict (entity_type, entity_id) do update set
      state = case when ${translationJobs.state} = 'running' then 'running' else 'queued' end,
      all_languages = case when ${translationJobs.state} in ('queued', 'running') then ${translationJobs.allLanguages}
        else false end,
      describe = false, attempts = 0, next_run_at = now(), updated_at = now()`);
}

/**
 * Claims the next due job for `workerId`: a queued one whose time has come, or a running one
 * whose worker died. FOR UPDATE SKIP LOCKED lets workers of several instances claim at once
 * without waiting on, or taking, each other's rows.
 */
export function claimDueJob(db: Database, workerId: string, lockTimeoutMs: number) {
  return db.transaction(async (tx): Promise<TranslationJob | undefined> => {
    const [due] = await tx
      .select({ id: translationJobs.id })
      .from(translationJobs)
      .where(
        or(
          and(eq(translationJobs.state, 'queued'), lte(translationJobs.nextRunAt, sql`now()`)),
          staleLock(lockTimeoutMs),
        ),
      )
      .orderBy(asc(translationJobs.nextRunAt), asc(translationJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    return markRunning(tx, due.id, workerId, sql`${translationJobs.attempts} + 1`);
  });
}

async function markRunning(tx: DbOrTx, id: number, workerId: string, attempts: SQL | number) {
  const [job] = await tx
    .update(translationJobs)
    .set({ state: 'running', lockedBy: workerId, lockedAt: sql`now()`, attempts, updatedAt: sql`now()` })
    .where(eq(translationJobs.id, id))
    .returning();
  return job;
}

/**
 * Claims the entity's job for an explicit Translate (missing languages too), whatever its state,
 * unless a live worker is running it: then answers undefined and the caller waits.
 */
export function claimEntityJob(db: Database, entity: EntityRef, workerId: string, lockTimeoutMs: number) {
  return db.transaction(async (tx): Promise<TranslationJob | undefined> => {
    await tx
      .insert(translationJobs)
      .values({ entityType: entity.type, entityId: entity.id, allLanguages: true })
      .onConflictDoNothing({ target: [translationJobs.entityType, translationJobs.entityId] });
    const [job] = await tx
      .select()
      .from(translationJobs)
      .where(and(eq(translationJobs.entityType, entity.type), eq(translationJobs.entityId, entity.id)))
      .for('update');
    if (!job) return undefined;
    const stale = job.lockedAt === null || job.lockedAt.getTime() < Date.now() - lockTimeoutMs;
    if (job.state === 'running' && !stale) return undefined;
    const [claimed] = await tx
      .update(translationJobs)
      .set({
        state: 'running',
        allLanguages: true,
        lockedBy: workerId,
        lockedAt: sql`now()`,
        attempts: 1,
        updatedAt: sql`now()`,
      })
      .where(eq(translationJobs.id, job.id))
      .returning();
    return claimed;
  });
}

/** Milliseconds until the next job is due (0: one is due now), or undefined when none waits. */
export async function msUntilNextJob(db: DbOrTx, lockTimeoutMs: number): Promise<number | undefined> {
  const [row] = await db
    .select({
      wait: sql<number | null>`extract(epoch from (min(case when ${translationJobs.state} = 'queued'
        then ${translationJobs.nextRunAt} else ${translationJobs.lockedAt} + ${ms(lockTimeoutMs)} end) - now())) * 1000`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(translationJobs)
    .where(inArray(translationJobs.state, ['queued', 'running']));
  const wait = row?.wait;
  return wait === null || wait === undefined ? undefined : Math.max(0, wait);
}

/** The running worker says it is alive, so no other instance takes its job over. */
export async function confirmLock(db: DbOrTx, id: number, workerId: string): Promise<void> {
  await db
    .update(translationJobs)
    .set({ lockedAt: sql`now()` })
    .where(
      and(eq(translationJobs.id, id), eq(translationJobs.lockedBy, workerId), eq(translationJobs.state, 'running')),
    );
}

const heldBy = (id: number, workerId: string) =>
  and(eq(translationJobs.id, id), eq(translationJobs.lockedBy, workerId), eq(translationJobs.state, 'running'));

/** Finished with nothing left to do. `describe` stays set when the description is still to be written. */
export async function finishJob(tx: DbOrTx, id: number, workerId: string, describe: boolean): Promise<void> {
  await tx
    .update(translationJobs)
    .set({ state: 'done', describe, lastError: null, lockedBy: null, lockedAt: null, updatedAt: sql`now()` })
    .where(heldBy(id, workerId));
}

/** Finished, but the source changed meanwhile or something new appeared: run again at once. */
export async function requeueJob(tx: DbOrTx, id: number, workerId: string, describe: boolean): Promise<void> {
  await tx
    .update(translationJobs)
    .set({
      state: 'queued',
      describe,
      attempts: 0,
      nextRunAt: sql`now()`,
      lastError: null,
      lockedBy: null,
      lockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, workerId));
}

/**
 * Something failed: retried after retryBaseMs, doubling with each attempt up to retryMaxMs, with a
 * jitter of ±20% (instances that failed together do not come back together), never sooner than the
 * provider asked (`notBeforeMs`, its Retry-After), until `maxAttempts`; then it stays failed (until
 * the next edit or Translate).
 */
export async function failJob(
  tx: DbOrTx,
  id: number,
  workerId: string,
  failure: {
    reason: string;
    describe: boolean;
    retry: { baseMs: number; maxMs: number; maxAttempts: number; notBeforeMs?: number | undefined };
  },
): Promise<void> {
  const { baseMs, maxMs, maxAttempts } = failure.retry;
  const notBeforeMs = failure.retry.notBeforeMs ?? 0;
  const attempts = translationJobs.attempts;
  await tx
    .update(translationJobs)
    .set({
      state: sql`case when ${attempts} >= ${maxAttempts}::int then 'failed' else 'queued' end`,
      describe: failure.describe,
      nextRunAt: sql`now() + ${ms(1)} * greatest(${notBeforeMs}::double precision,
        least(${baseMs}::double precision * power(2, greatest(${attempts}, 1) - 1), ${maxMs}::double precision)
          * (0.8 + random() * 0.4))`,
      lastError: failure.reason,
      lockedBy: null,
      lockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, workerId));
}

/** A worker that stops lets its job go, so the next start (or another instance) runs it at once. */
export async function releaseJob(db: DbOrTx, id: number, workerId: string): Promise<void> {
  await db
    .update(translationJobs)
    .set({
      state: 'queued',
      attempts: sql`greatest(${translationJobs.attempts} - 1, 0)`,
      nextRunAt: sql`now()`,
      lockedBy: null,
      lockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, workerId));
}

/** The job row, locked until the transaction ends: an enqueue waits, then sees what the worker decided. */
export async function lockJob(tx: DbOrTx, id: number): Promise<TranslationJob | undefined> {
  const [job] = await tx.select().from(translationJobs).where(eq(translationJobs.id, id)).for('update');
  return job;
}

const failuresOf = (entity: EntityRef) =>
  and(eq(translationFailures.entityType, entity.type), eq(translationFailures.entityId, entity.id));

/** Remembers why languages failed (shown on the admin badges until they succeed). */
export async function recordFailures(
  tx: DbOrTx,
  entity: EntityRef,
  failures: ReadonlyArray<{ languageCode: string; reason: string }>,
): Promise<void> {
  if (failures.length === 0) return;
  await tx
    .insert(translationFailures)
    .values(failures.map((f) => ({ entityType: entity.type, entityId: entity.id, ...f })))
    .onConflictDoUpdate({
      target: [translationFailures.entityType, translationFailures.entityId, translationFailures.languageCode],
      set: { reason: sql`excluded.reason`, failedAt: sql`now()` },
    });
}

/** Forgets the failures of the given languages (all of them when omitted). */
export async function clearFailures(tx: DbOrTx, entity: EntityRef, languages?: readonly string[]): Promise<void> {
  if (languages?.length === 0) return;
  await tx
    .delete(translationFailures)
    .where(and(failuresOf(entity), languages ? inArray(translationFailures.languageCode, [...languages]) : undefined));
}

/**
 * The JSON the admin list queries read per row: the job (or null) and the failures by language
 * (or null), for the entity whose id is `id` (a column of the outer query).
 */
export function jobJson(type: EntityType, id: SQL) {
  return sql<{
    state: TranslationJob['state'];
    attempts: number;
    nextRunAt: string;
    lastError: string | null;
  } | null>`(select json_build_object('state', j.state, 'attempts', j.attempts, 'nextRunAt', j.next_run_at,
      'lastError', j.last_error)
    from translation_jobs j where j.entity_type = ${type} and j.entity_id = ${id})`;
}

export function failuresJson(type: EntityType, id: SQL) {
  return sql<Record<string, string> | null>`(select json_object_agg(tf.language_code, tf.reason)
    from translation_failures tf where tf.entity_type = ${type} and tf.entity_id = ${id})`;
}
