/** Too many renders are running and waiting: the caller answers 503 with Retry-After. */
export class RenderBusyError extends Error {
  constructor() {
    super('The server is busy. Please try again in a moment.');
    this.name = 'RenderBusyError';
  }
}

export interface RenderLimiter {
  /** Runs `work` when a slot is free; waits at most the queue time, or until `signal` aborts. */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Bounds how many pages render at once: rendering is CPU work on one thread, so more at once only
 * makes every one slower. Excess waits briefly in order; past `queueMs`, or when `maxWaiting` are
 * already waiting, it is refused.
 */
export function createRenderLimiter(
  concurrency: number,
  queueMs: number,
  maxWaiting = concurrency * 32,
): RenderLimiter {
  let active = 0;
  const queue: Waiter[] = [];

  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot jump the queue.
    if (next) next.resolve();
    else active -= 1;
  };

  const waitTurn = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (queue.length >= maxWaiting || queueMs === 0) {
        reject(new RenderBusyError());
        return;
      }
      const leave = (error: Error) => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
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
      const timer = setTimeout(() => leave(new RenderBusyError()), queueMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
    });

  return {
    async run(work, signal) {
      signal?.throwIfAborted();
      if (active < concurrency) active += 1;
      else await waitTurn(signal);
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
