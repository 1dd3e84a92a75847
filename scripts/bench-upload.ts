/**
 * npm run bench:upload: the median time to process one 12-megapixel JPEG upload without AI
 * (offline provider): EXIF, reverse geocoding, web images and original, files and database rows.
 * Runs the real upload service on an embedded database in a temporary folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { testConfig } from '../tests/helpers/test-config';
import { exifFor } from '../tests/helpers/photos';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WIDTH = 4000;
const HEIGHT = 3000;

/** A photo-like 12 MP JPEG: smooth random texture (compresses like a real scene), GPS EXIF. */
async function makeTwelveMegapixelJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(2)
    .withExif(exifFor({ gps: { latitude: 48.8584, longitude: 2.2945 } }))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The same image with the step of its highest frequency changed in the first quantisation table: new
 * image data (neither the file's hash nor the image-data hash finds the earlier run's place, so every
 * run does the whole work), identical decoding work.
 */
function variant(jpeg: Buffer, n: number): Buffer {
  const copy = Buffer.from(jpeg);
  let at = 2;
  while (copy[at + 1] !== 0xdb) at += 2 + copy.readUInt16BE(at + 2);
  // DQT: marker, length, precision and table id, then 64 one-byte steps in zig-zag order
  const last = at + 4 + 1 + 63;
  copy[last] = 1 + ((copy[last]! - 1 + n) % 255);
  return copy;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const dataDir = await mkdtemp(join(tmpdir(), 'tp-bench-'));
try {
  const photo = await makeTwelveMegapixelJpeg();
  const app = await buildApp(testConfig({ dataDir, adminPassword: 'bench-password-123' }));
  await app.ready();
  app.services.uploads.warmUp(); // done once after start-up in production too
  // Every photo is taken at one spot: newPlace makes each a place (the whole path); without it,
  // each joins the first place's gallery (decision 027), measured second.
  const upload = (n: number, newPlace: boolean) =>
    app.services.uploads.upload({ bytes: variant(photo, n), description: '', newPlace });
  await upload(0, true); // warm-up: first use of sharp, the JIT and the database

  const measure = async (first: number, newPlace: boolean) => {
    const times: number[] = [];
    for (let n = first; n < first + RUNS; n++) {
      const started = performance.now();
      const outcome = await upload(n, newPlace);
      times.push(performance.now() - started);
      if (outcome.status !== 200) throw new Error(`upload failed: ${JSON.stringify(outcome.body)}`);
      if ((outcome.body.addedTo === undefined) !== newPlace) throw new Error('the upload was not grouped as asked');
    }
    return `median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms)`;
  };
  const asPlace = await measure(1, true);
  const grouped = await measure(1 + RUNS, false);
  await app.close();
  console.log(
    `bench:upload  12-megapixel JPEG (${WIDTH}x${HEIGHT}, ${(photo.length / 1024 / 1024).toFixed(1)} MB), ` +
      `offline AI, ${RUNS} runs each: a new place ${asPlace}; added to a place's gallery ${grouped}`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
