import { describe, expect, it } from 'vitest';
import { createRenderLimiter, RenderBusyError } from './render-limiter';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('render limiter', () => {
  it('runs at most `concurrency` renders and starts the waiting ones in order', async () => {
    const limiter = createRenderLimiter(2, 1_000);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1]);
    expect(limiter.waiting).toBe(2);
    gates[1]!.resolve();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.resolve());
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2, 3]);
    expect(limiter.active).toBe(0);
  });

  it('refuses with RenderBusyError once the wait is over, and the slot count stays right', async () => {
    const limiter = createRenderLimiter(1, 20);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    await expect(limiter.run(() => Promise.resolve('late'))).rejects.toBeInstanceOf(RenderBusyError);
    gate.resolve();
    await first;
    await expect(limiter.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('drops a waiting render whose client has gone, without running it', async () => {
    const limiter = createRenderLimiter(1, 5_000);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const gone = new AbortController();
    let ran = false;
    const waiting = limiter.run(async () => {
      ran = true;
    }, gone.signal);
    gone.abort(new Error('client closed'));
    await expect(waiting).rejects.toThrow('client closed');
    expect(limiter.waiting).toBe(0);
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    expect(limiter.active).toBe(0);
  });
});
