import { Worker } from 'node:worker_threads';
import type { HeicJob, HeicReply } from './heic-protocol';

/**
 * HEIC/HEIF decoding off the event loop. sharp's prebuilt libvips has no HEVC decoder, and libheif
 * in WebAssembly (heic-decode) takes seconds of CPU for a phone photo (2.8 s for 27 megapixels),
 * during which a server decoding on its main thread answered nothing at all. So one worker thread
 * decodes, one photo at a time (others wait their turn), and hands the pixels back without a copy.
 * WebAssembly memory never shrinks (a 27-megapixel decode leaves hundreds of MB), so the thread
 * ends after every pixel decode and after IDLE_MS without work, and the memory goes with it.
 */

/** How long a thread that only read a size waits for the decode that usually follows it. */
const IDLE_MS = 5_000;

export interface HeicSize {
  width: number;
  height: number;
}

export interface DecodedHeic extends HeicSize {
  /** RGBA, 4 bytes a pixel; absent when the image has more pixels than the limit it was given. */
  data?: Buffer;
}

/** The worker thread: JavaScript in dist, TypeScript loaded through tsx from the source tree (tsx, Vitest). */
function startWorker(): Worker {
  // scripts/build-server.mjs bundles this module into dist/server/main.js and the worker beside it
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./heic-worker.js', import.meta.url));
  // Node 20 applies no --import loader to a worker's .ts file: tsx imports it itself
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = new URL('./heic-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(boot, { eval: true });
}

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function stop(thread: Worker) {
  if (worker === thread) worker = undefined;
  void thread.terminate();
}

function runNow(job: HeicJob): Promise<HeicReply> {
  clearTimeout(idleTimer);
  const thread = (worker ??= startWorker());
  thread.ref();
  return new Promise<HeicReply>((resolve, reject) => {
    const settle = () => {
      thread.off('message', onMessage);
      thread.off('error', onError);
      thread.off('exit', onExit);
    };
    const onMessage = (reply: HeicReply) => {
      settle();
      if (job.kind === 'decode' || !reply.ok) {
        stop(thread);
      } else {
        thread.unref();
        idleTimer = setTimeout(() => stop(thread), IDLE_MS).unref();
      }
      resolve(reply);
    };
    const onError = (error: Error) => {
      settle();
      stop(thread);
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      if (worker === thread) worker = undefined;
      reject(new Error(`The HEIC decoder stopped (exit code ${code}).`));
    };
    thread.on('message', onMessage);
    thread.on('error', onError);
    thread.on('exit', onExit);
    // a copy of the file, moved to the thread: the caller keeps its own bytes
    thread.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
  });
}

/** Runs a job when the ones before it have finished. Rejects when the file cannot be read. */
async function run(job: HeicJob): Promise<HeicReply & { ok: true }> {
  const reply = queue.then(() => runNow(job));
  queue = reply.catch(() => undefined);
  const answer = await reply;
  if (!answer.ok) throw new Error('The HEIC file could not be decoded.');
  return answer;
}

/** The primary image's size, read by libheif without decoding its pixels. */
export async function readHeicSize(bytes: Uint8Array): Promise<HeicSize> {
  const { width, height } = await run({ kind: 'size', bytes: new Uint8Array(bytes) });
  return { width, height };
}

/** The primary image's size and RGBA pixels; only the size when it has more than maxPixels. */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<DecodedHeic> {
  const { width, height, data } = await run({ kind: 'decode', bytes: new Uint8Array(bytes), maxPixels });
  return { width, height, data: data && Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
}

/** Whether a decoding thread is running now (tests check that its memory is given back). */
export const heicWorkerRunning = () => worker !== undefined;
