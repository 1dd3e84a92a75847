import { and, asc, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { adminSessions, loginFailures, settings } from '../schema';

export async function getSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0]?.value;
}

/** Stores the value only if the key is still unset; answers the value that is stored afterwards. */
export async function setSettingIfAbsent(db: DbOrTx, key: string, value: string): Promise<string> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  return (await getSetting(db, key)) ?? value;
}

export async function insertSession(db: DbOrTx, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(adminSessions).values({ tokenHash, expiresAt });
}

export async function findLiveSession(db: DbOrTx, tokenHash: string, idleSince: Date, now: Date) {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, tokenHash),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function touchSession(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteDeadSessions(db: DbOrTx, idleSince: Date, now: Date): Promise<void> {
  await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastSeenAt, idleSince)));
}

/** First key of the two-key advisory locks taken per sign-in address (any constant unused elsewhere). */
const LOGIN_LOCK_SPACE = 0x4c6f67; // "Log"

export type LoginAttemptClaim =
  { counted: true; id: number; before: number } | { counted: false; count: number; oldest: Date | undefined };

/**
 * Counts one sign-in attempt from `address`, unless `max` are already counted since `since`:
 * `counted` with the new row's id and the count before it, or not counted with the count and the
 * oldest attempt (for Retry-After). Atomic per address: a transaction-scoped advisory lock on the
 * address serializes the check and the insert, and each statement after the lock sees every
 * attempt committed before it (READ COMMITTED takes a new snapshot per statement), so parallel
 * requests can never count more than `max`. Works on PGlite and PostgreSQL.
 */
export async function claimLoginAttempt(
  db: DbOrTx,
  address: string,
  since: Date,
  max: number,
): Promise<LoginAttemptClaim> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from pg_advisory_xact_lock(${sql.raw(String(LOGIN_LOCK_SPACE))}, hashtext(${address}::text))`,
    );
    const recent = await recentLoginFailures(tx, address, since);
    if (recent.count >= max) return { counted: false, count: recent.count, oldest: recent.oldest };
    const [row] = await tx.insert(loginFailures).values({ address }).returning({ id: loginFailures.id });
    return { counted: true, id: row!.id, before: recent.count };
  });
}

/** Gives back an attempt that was counted but never checked (hashing was busy). */
export async function releaseLoginAttempt(db: DbOrTx, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Attempts counted for `address` since `since`, and the oldest of them (for Retry-After). */
export async function recentLoginFailures(db: DbOrTx, address: string, since: Date) {
  const where = and(eq(loginFailures.address, address), gt(loginFailures.failedAt, since));
  const [total] = await db.select({ n: count() }).from(loginFailures).where(where);
  const [oldest] = await db
    .select({ at: loginFailures.failedAt })
    .from(loginFailures)
    .where(where)
    .orderBy(asc(loginFailures.failedAt))
    .limit(1);
  return { count: total?.n ?? 0, oldest: oldest?.at };
}

export async function clearLoginFailures(db: DbOrTx, address: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.address, address));
}

export async function pruneLoginFailures(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, before));
}
