/**
 * A worker thread that decodes one HEIC/HEIF at a time with libheif compiled to WebAssembly
 * (heic-decode), so the seconds a large photo takes never block the server's event loop. Started
 * and ended by heic-decoder.ts; the WebAssembly memory, which only grows, goes with the thread.
 */
import { parentPort } from 'node:worker_threads';
import decodeHeic from 'heic-decode';
import type { HeicJob, HeicReply } from './heic-protocol';

async function run(job: HeicJob): Promise<{ reply: HeicReply; transfer: ArrayBuffer[] }> {
  const images = await decodeHeic.all({ buffer: job.bytes });
  try {
    const primary = images[0];
    if (!primary) return { reply: { ok: false }, transfer: [] };
    const { width, height } = primary;
    // Too many pixels: the size alone lets the caller refuse it, nothing is decoded.
    if (job.kind === 'size' || !(width > 0 && height > 0) || width * height > job.maxPixels) {
      return { reply: { ok: true, width, height }, transfer: [] };
    }
    const decoded = await primary.decode();
    const data = new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
    return { reply: { ok: true, width, height, data }, transfer: [data.buffer as ArrayBuffer] };
  } finally {
    images.dispose();
  }
}

parentPort?.on('message', (job: HeicJob) => {
  run(job).then(
    ({ reply, transfer }) => parentPort?.postMessage(reply, transfer),
    () => parentPort?.postMessage({ ok: false } satisfies HeicReply),
  );
});
