/**
 * Regenerates tests/fixtures/shibuya-gps.heic, the HEIC test photo: sharp draws the test scene and
 * writes GPS EXIF (Shibuya Crossing, Tokyo), then libheif's heif-enc (x265) encodes it as HEVC,
 * as a phone would. No HEVC encoder ships with our npm dependencies, so this one file is committed;
 * it is made entirely by this script (no third-party photo). Needs heif-enc (Debian: libheif-examples).
 *
 *   npx tsx scripts/make-heic-fixture.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import exifr from 'exifr';
import { makePhoto } from '../tests/helpers/photos';

const target = join(import.meta.dirname, '..', 'tests', 'fixtures', 'shibuya-gps.heic');
const dir = mkdtempSync(join(tmpdir(), 'heic-'));
try {
  const jpeg = await makePhoto({
    width: 640,
    height: 480,
    seed: 7,
    gps: { latitude: 35.6595, longitude: 139.7005, altitude: 38 },
    dateTaken: '2024:04:02 18:30:00',
  });
  writeFileSync(join(dir, 'in.jpg'), jpeg);
  execFileSync('heif-enc', ['-q', '85', join(dir, 'in.jpg'), '-o', target], { stdio: 'inherit' });
  const gps = (await exifr.gps(readFileSync(target))) as { latitude: number; longitude: number } | undefined;
  if (!gps) throw new Error('heif-enc did not carry the EXIF over');
  console.log(`wrote ${target} (GPS ${gps.latitude}, ${gps.longitude})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
