import { createHash, randomBytes } from 'node:crypto';
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_SECONDS,
} from '../../shared/limits';
import type { Database } from '../db/client';
import * as repo from '../db/repos/auth-repo';
import { generatePassword, hashingSlots, hashPassword, HashingBusyError, verifyPassword } from './passwords';

const PASSWORD_SETTING = 'admin_password_hash';
/** Only touch last_seen_at once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
/** Failures before answers start to slow down, and the delay added per failure past that. */
const FREE_FAILURES = 3;
const DELAY_PER_FAILURE_MS = 250;
const MAX_DELAY_MS = 2_000;

export type LoginResult =
  | { kind: 'ok'; token: string; maxAgeSeconds: number }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  /** Every password-hashing slot is taken: nothing was checked and the attempt was not counted. */
  | { kind: 'busy'; retryAfterSeconds: number };

/** Seconds a client is asked to wait when hashing is saturated: the queue drains in well under one. */
const BUSY_RETRY_SECONDS = 1;

export interface AuthService {
  login(password: string, address: string): Promise<LoginResult>;
  isValidSession(token: string | undefined): Promise<boolean>;
  logout(token: string | undefined): Promise<void>;
  /** Ends every session on every device, the caller's included. */
  logoutEverywhere(): Promise<void>;
  /**
   * The start-up's session check: resolves the admin password (resolvePasswordHash) and signs in
   * against it from now on. Answers how many sessions made under another password it ended.
   */
  settlePassword(configured: string | undefined, announce: (password: string) => void): Promise<number>;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves the admin password hash: from ADMIN_PASSWORD when set (never stored in clear),
 * otherwise the stored hash, generating and printing a password on the very first start.
 */
async function effectivePasswordHash(
  db: Database,
  configured: string | undefined,
  announce: (password: string) => void,
): Promise<string | { configured: string }> {
  if (configured) return { configured };
  const existing = await repo.getSetting(db, PASSWORD_SETTING);
  if (existing) return existing;
  const password = generatePassword();
  const stored = await repo.setSettingIfAbsent(db, PASSWORD_SETTING, await hashPassword(password));
  // Another process may have won the race; only the winner's password is printed.
  if (await verifyPassword(password, stored, false)) announce(password);
  return stored;
}

interface ResolvedPassword {
  /** The hash sign-ins are checked against; it also names the password sessions are made under. */
  hash: string;
  /** Sessions ended because the password differs from the one recorded before this start. */
  endedSessions: number;
}

/**
 * Resolves the admin password and makes it the current one. Sessions belong to the password they
 * were made under: when it differs from the one recorded in `settings` (ADMIN_PASSWORD changed,
 * set or unset), every existing session ends here. Instances sharing the database serialize this
 * on an advisory lock, so the second instance to start with the same new password finds it
 * already current (its scrypt hash verifies) and ends nothing; an instance still running with the
 * old password stops accepting and issuing sessions (auth-repo's current-password check).
 */
async function resolvePasswordHash(
  db: Database,
  configured: string | undefined,
  announce: (password: string) => void,
): Promise<ResolvedPassword> {
  const effective = await effectivePasswordHash(db, configured, announce);
  return db.transaction(async (tx) => {
    await repo.lockPasswordCheck(tx);
    const current = await repo.getCurrentPasswordHash(tx);
    if (typeof effective === 'string') {
      if (current === effective) return { hash: effective, endedSessions: 0 };
      return { hash: effective, endedSessions: await repo.replaceCurrentPassword(tx, effective) };
    }
    // The recorded hash of an unchanged ADMIN_PASSWORD is reused: every instance then shares it.
    if (current && (await verifyPassword(effective.configured, current, false))) {
      return { hash: current, endedSessions: 0 };
    }
    const hash = await hashPassword(effective.configured);
    return { hash, endedSessions: await repo.replaceCurrentPassword(tx, hash) };
  });
}

interface AuthDeps {
  db: Database;
  /** Tests shorten the sign-in slow-down. */
  delayPerFailureMs?: number;
}

export function createAuthService({ db, delayPerFailureMs }: AuthDeps): AuthService {
  const delayPerFailure = delayPerFailureMs ?? DELAY_PER_FAILURE_MS;
  /** The hash of the current admin password; none until the start-up has settled it. */
  let passwordHash = '';

  return {
    async login(password, address) {
      if (!passwordHash) return { kind: 'invalid' };
      // Refuse before touching the database when hashing is saturated (a flood answers cheaply).
      if (hashingSlots.refuseIfSaturated()) {
        return { kind: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
      }
      const now = Date.now();
      const windowStart = new Date(now - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
      // The attempt is counted before the password is checked, atomically, so parallel guesses
      // from one address can never get more than LOGIN_MAX_FAILURES passwords checked per window.
      const claim = await repo.claimLoginAttempt(db, address, windowStart, LOGIN_MAX_FAILURES);
      if (!claim.counted) {
        const freeAt = (claim.oldest?.getTime() ?? now) + LOGIN_FAILURE_WINDOW_SECONDS * 1000;
        return { kind: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
      }
      if (claim.before >= FREE_FAILURES) {
        await sleep(Math.min(MAX_DELAY_MS, (claim.before - FREE_FAILURES + 1) * delayPerFailure));
      }
      let valid: boolean;
      try {
        valid = await verifyPassword(password, passwordHash);
      } catch (error) {
        if (!(error instanceof HashingBusyError)) throw error;
        // Nothing was checked: give the attempt back so a busy server does not lock anyone out.
        await repo.releaseLoginAttempt(db, claim.id);
        return { kind: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
      }
      // A failure stays counted (its row was written above).
      if (!valid) return { kind: 'invalid' };
      // A success resets the address's counter, as before: its own attempt and earlier failures.
      await repo.clearLoginFailures(db, address);
      await repo.pruneLoginFailures(db, windowStart);
      await repo.deleteDeadSessions(db, new Date(now - SESSION_IDLE_SECONDS * 1000), new Date(now));
      const token = randomBytes(32).toString('base64url');
      const stored = await repo.insertSession(
        db,
        sha256(token),
        new Date(now + SESSION_MAX_SECONDS * 1000),
        passwordHash,
      );
      // Another instance has started with a new password since this one started: the password
      // this instance checked is no longer the admin password.
      if (!stored) return { kind: 'invalid' };
      return { kind: 'ok', token, maxAgeSeconds: SESSION_MAX_SECONDS };
    },

    async isValidSession(token) {
      if (!token || token.length > 200 || !passwordHash) return false;
      const now = new Date();
      const hash = sha256(token);
      const idleSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
      const session = await repo.findLiveSession(db, hash, idleSince, now, passwordHash);
      if (!session) return false;
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(db, hash, now);
      return true;
    },

    async logout(token) {
      if (token) await repo.deleteSession(db, sha256(token));
    },

    async logoutEverywhere() {
      await repo.deleteAllSessions(db);
    },

    async settlePassword(configured, announce) {
      const resolved = await resolvePasswordHash(db, configured, announce);
      passwordHash = resolved.hash;
      return resolved.endedSessions;
    },
  };
}
