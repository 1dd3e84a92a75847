import { Semaphore } from '../../shared/semaphore';

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
  const slots = new Semaphore(concurrency, maxWaiting, () => new RenderBusyError());
  return {
    async run(work, signal) {
      const release = await slots.acquire({ timeoutMs: queueMs, signal });
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return slots.running;
    },
    get waiting() {
      return slots.waiting;
    },
  };
}
