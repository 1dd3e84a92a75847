import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Semaphore } from '../../shared/semaphore';

const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** Answered at once when every hashing slot is busy and the short queue is full. */
export class HashingBusyError extends Error {
  constructor() {
    super('Password hashing is busy');
    this.name = 'HashingBusyError';
  }
}

/**
 * A small semaphore around scrypt. scrypt runs on libuv's threadpool (4 threads by default), the
 * same threads that read static files and media; a sign-in flood must not take all of them.
 * `concurrency` derivations run at once, at most `maxQueue` more wait for a slot, and anything
 * beyond that is refused at once with HashingBusyError (the caller answers 429), so the queue
 * never grows and no request waits long.
 */
export class HashingSlots {
  /** The most that ever ran at once (since resetPeak), refusals, and slots granted. */
  peak = 0;
  rejected = 0;
  granted = 0;
  private readonly slots: Semaphore;

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
  ) {
    this.slots = new Semaphore(concurrency, maxQueue, () => new HashingBusyError());
  }

  /** Derivations running now. */
  get running(): number {
    return this.slots.running;
  }

  get queued(): number {
    return this.slots.waiting;
  }

  /** True when a bounded acquire would be refused right now. */
  get saturated(): boolean {
    return this.slots.saturated;
  }

  /**
   * Resolves once a slot is held; call the answered function exactly once to give it back.
   * `bounded` (sign-ins) refuses when the queue is full; unbounded callers (start-up) always wait.
   */
  async acquire(bounded = true): Promise<() => void> {
    const release = await this.slots.acquire({ bounded }).catch((error: unknown) => {
      this.rejected++;
      throw error;
    });
    this.peak = Math.max(this.peak, this.running);
    this.granted++;
    return release;
  }

  /** Counts a refusal and answers true when a bounded acquire would be refused right now. */
  refuseIfSaturated(): boolean {
    if (!this.saturated) return false;
    this.rejected++;
    return true;
  }

  /** Starts a new measurement (tests): the peak restarts from what runs now; counters from zero. */
  resetPeak(): void {
    this.peak = this.running;
    this.rejected = 0;
    this.granted = 0;
  }
}

/** Process-wide: the threadpool is shared by every app in the process. 2 of libuv's 4 threads. */
export const hashingSlots = new HashingSlots(2, 8);

async function derive(password: string, salt: Buffer, bounded: boolean): Promise<Buffer> {
  const release = await hashingSlots.acquire(bounded);
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key)));
    });
  } finally {
    release();
  }
}

/** `scrypt$N$r$p$salt$hash`, all base64url: self-describing so the parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, false);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Constant-time comparison of the derived keys; a malformed stored hash never matches.
 * With `bounded` (the default, for sign-ins) it throws HashingBusyError when hashing is saturated.
 */
export async function verifyPassword(password: string, stored: string, bounded = true): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (
    scheme !== 'scrypt' ||
    !salt ||
    !hash ||
    Number(n) !== PARAMS.N ||
    Number(r) !== PARAMS.r ||
    Number(p) !== PARAMS.p
  ) {
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), bounded);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** 20 characters from a 57-symbol alphabet without look-alikes: about 116 bits. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    // rejection sampling keeps every symbol equally likely
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
  }
  return out.length === length ? out : generatePassword(length);
}
