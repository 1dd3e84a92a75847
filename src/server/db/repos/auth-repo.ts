import { and, asc, count, eq, exists, gt, lt, or, sql } from 'drizzle-orm';
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

/**
 * The settings row naming the password hash that sessions are made under. Every instance knows
 * its own hash; a session is accepted only while this row holds that hash, so an instance still
 * running with a replaced password neither accepts nor issues sessions (see services/auth.ts).
 */
const CURRENT_PASSWORD_SETTING = 'admin_password_current';

const isCurrentPassword = (db: DbOrTx, passwordHash: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(settings)
      .where(and(eq(settings.key, CURRENT_PASSWORD_SETTING), eq(settings.value, passwordHash))),
  );

/** The hash recorded as the current admin password, if any. */
export function getCurrentPasswordHash(db: DbOrTx): Promise<string | undefined> {
  return getSetting(db, CURRENT_PASSWORD_SETTING);
}

/**
 * Records a new current password and ends every session, in one step. The row is updated in place
 * (not deleted and inserted) so that a sign-in holding it `for share` (insertSession) either
 * finishes first, and its session is deleted here, or waits and then sees the new value.
 */
export async function replaceCurrentPassword(db: DbOrTx, passwordHash: string): Promise<number> {
  await db
    .insert(settings)
    .values({ key: CURRENT_PASSWORD_SETTING, value: passwordHash })
    .onConflictDoUpdate({ target: settings.key, set: { value: passwordHash, updatedAt: new Date() } });
  return deleteAllSessions(db);
}

/** Serializes the password check of instances starting at the same time (any unused constant). */
const PASSWORD_LOCK_KEY = 0x50617373; // "Pass"

export async function lockPasswordCheck(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1 from pg_advisory_xact_lock(${sql.raw(String(PASSWORD_LOCK_KEY))})`);
}

/**
 * Stores a session made under `passwordHash`, only while that is still the current password:
 * answers false, storing nothing, when another instance has started with a new one since.
 */
export async function insertSession(
  db: DbOrTx,
  tokenHash: string,
  expiresAt: Date,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ key: settings.key })
      .from(settings)
      .where(and(eq(settings.key, CURRENT_PASSWORD_SETTING), eq(settings.value, passwordHash)))
      .for('share');
    if (current.length === 0) return false;
    await tx.insert(adminSessions).values({ tokenHash, expiresAt });
    return true;
  });
}

/** A session that is neither expired nor idle, made while `passwordHash` is the current password. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, idleSince: Date, now: Date, passwordHash: string) {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, tokenHash),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, idleSince),
        isCurrentPassword(db, passwordHash),
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

/** Ends every session, on every device; answers how many there were. */
export async function deleteAllSessions(db: DbOrTx): Promise<number> {
  const rows = await db.delete(adminSessions).returning({ tokenHash: adminSessions.tokenHash });
  return rows.length;
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
