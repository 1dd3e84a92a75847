// React's render of the same pages alone (bench-serve.ts): no HTTP, no database, the data a page
// renders from (its every query, read over the public API). Decision 024 judges a first render's
// server CPU as a multiple of it.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SSR_ENTRY } from '../../src/server/paths';
import { startNodeFlags } from './server';

type WorkerMessage = { type: 'ready' } | { type: 'round'; ms: number } | { type: 'error'; message: string };

export interface ReactAlone {
  /** CPU milliseconds of one render of these pages: `passes` passes over them all, now. */
  round(): Promise<number>;
  stop(): void;
}

/**
 * React alone in a process of its own (bench/react-worker.mjs), started with the server's node
 * flags, so neither the benchmark's own heap nor different flags weigh on one side only. It reads
 * the pages' data, renders them `warmUp` times in turn (the server is measured after its own
 * warm-up), then measures a round whenever asked: between the rounds of the server's first
 * renders, so both sides are measured in the same minutes of a shared machine.
 */
export async function startReactAlone(base: string, paths: string[], warmUp: number, passes = 5): Promise<ReactAlone> {
  const child: ChildProcess = fork(join('scripts', 'bench', 'react-worker.mjs'), [], {
    execPath: process.execPath,
    execArgv: startNodeFlags(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<WorkerMessage>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`React's render alone exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: WorkerMessage) => {
        child.off('exit', onExit);
        if (message.type === 'error') reject(new Error(`React's render alone failed: ${message.message}`));
        else resolve(message);
      });
    });
  try {
    const ready = next();
    child.send({ type: 'prepare', entry: SSR_ENTRY, base, paths, warmUp });
    await ready;
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    async round() {
      const answer = next();
      child.send({ type: 'round', passes });
      const message = await answer;
      return message.type === 'round' ? message.ms : Number.NaN;
    },
    stop: () => child.kill(),
  };
}
