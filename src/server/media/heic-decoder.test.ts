import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { makeHeicGrid } from '../../../tests/helpers/heic-grid';
import { decodeHeic, heicWorkerRunning, readHeicSize } from './heic-decoder';
import { processImage } from './image-processing';

const fixture = () => readFile(join(import.meta.dirname, '../../../tests/fixtures/shibuya-gps.heic'));

describe('HEIC decoding', () => {
  it('keeps the event loop free while a 27-megapixel HEIC photo is converted', async () => {
    // 6400 x 4320. Decoded on the event loop it kept the loop busy for 0.9-2.5 s in blocks of up to
    // 2.5 s (the time every visitor waited); in the worker the loop is busy for 60-300 ms in all.
    // Busy time, unlike timer drift, hardly grows when other processes take the CPU.
    await processImage(await fixture(), { maxBytes: 1024 * 1024 }); // code loaded, as on a running server
    const heic = makeHeicGrid({ columns: 10, rows: 9 });
    const before = performance.eventLoopUtilization();
    const image = await processImage(heic, { maxBytes: 1024 * 1024 });
    const loop = performance.eventLoopUtilization(before);
    expect([image.width, image.height]).toEqual([6400, 4320]);
    expect(loop.active).toBeLessThan(500);
  }, 30_000);

  it('gives the decoder memory back: the thread ends after each decode', async () => {
    const decoded = await decodeHeic(await fixture(), 1e8);
    expect([decoded.width, decoded.height, decoded.data?.length]).toEqual([640, 480, 640 * 480 * 4]);
    // the scene's red top-left quadrant, in RGBA
    expect([...decoded.data!.subarray((20 * 640 + 20) * 4, (20 * 640 + 20) * 4 + 3)]).toEqual([220, 30, 30]);
    expect(heicWorkerRunning()).toBe(false);
  });

  it('decodes one photo at a time, in the order they came', async () => {
    const big = makeHeicGrid({ columns: 4, rows: 4 });
    const finished: string[] = [];
    const track = (name: string, job: Promise<unknown>) => job.then(() => finished.push(name));
    await Promise.all([track('big', decodeHeic(big, 1e8)), track('small', decodeHeic(await fixture(), 1e8))]);
    expect(finished).toEqual(['big', 'small']);
  });

  it('reads only the size of a photo with too many pixels, and refuses a damaged file', async () => {
    const heic = makeHeicGrid({ columns: 10, rows: 9 });
    expect(await readHeicSize(heic)).toEqual({ width: 6400, height: 4320 });
    expect(await decodeHeic(heic, 1_000_000)).toEqual({ width: 6400, height: 4320, data: undefined });
    const damaged = (await fixture()).subarray(0, 400);
    await expect(decodeHeic(damaged, 1e8)).rejects.toThrow();
    expect(heicWorkerRunning()).toBe(false);
  });
});
