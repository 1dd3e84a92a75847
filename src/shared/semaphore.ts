/** What waiting for a slot may do: refuse when the queue is full, give up after a time or on abort. */
export interface SlotRequest {
  /** Refuse at once (the semaphore's `busy` error) when `maxWaiting` already wait; false: always wait. */
  bounded?: boolean;
  /** Give up waiting after this long, with the `busy` error; 0 refuses at once when no slot is free. */
  timeoutMs?: number;
  /** Leave the queue when aborted, with the signal's reason. */
  signal?: AbortSignal;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * At most `concurrency` holders at once; more wait in order, at most `maxWaiting` of them. A slot
 * given back passes straight to the first waiter, so a newcomer cannot jump the queue. Used for
 * page renders (ssr/render-limiter.ts) and password hashing (services/passwords.ts).
 */
export class Semaphore {
  running = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly busy: () => Error,
  ) {}

  get waiting(): number {
    return this.queue.length;
  }

  /** True when a bounded acquire would be refused right now. */
  get saturated(): boolean {
    return this.running >= this.concurrency && this.queue.length >= this.maxWaiting;
  }

  /** Resolves once a slot is held, with the function that gives it back (once; later calls do nothing). */
  async acquire({ bounded = true, timeoutMs, signal }: SlotRequest = {}): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.running < this.concurrency) this.running += 1;
    else if (bounded && (this.queue.length >= this.maxWaiting || timeoutMs === 0)) throw this.busy();
    else await this.waitTurn(timeoutMs, signal);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) next.resolve();
      else this.running -= 1;
    };
  }

  private waitTurn(timeoutMs: number | undefined, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (error: Error) => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => leave(signal?.reason instanceof Error ? signal.reason : new Error('Aborted'));
      const waiter: Waiter = {
        resolve: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject: leave,
      };
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => leave(this.busy()), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }
}
