import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePersonalPhoto, makePhoto, motionVideoTrailer } from '../../../tests/helpers/photos';
import { stripMetadata } from '../../../tests/helpers/strip-metadata';
import { imageDataHash } from './image-data-hash';

const PARIS = { latitude: 48.8584, longitude: 2.2945 };

describe('image data hash', () => {
  it('is the same for a JPEG and its copy with every metadata segment stripped', async () => {
    const photo = await makePersonalPhoto({ gps: PARIS, width: 640, height: 480, seed: 11, iccProfile: 'p3' });
    const stripped = await stripMetadata(photo);
    // really another file, and really without GPS
    expect(stripped.equals(photo)).toBe(false);
    expect(stripped.length).toBeLessThan(photo.length);
    expect(((await exifr.parse(photo, { gps: true })) as { latitude?: number }).latitude).toBeCloseTo(48.8584, 3);
    expect(await exifr.gps(stripped).catch(() => undefined)).toBeUndefined();

    const hash = imageDataHash(photo);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(imageDataHash(stripped)).toBe(hash);
    // a motion photo's video after the end of the image changes nothing either
    expect(imageDataHash(Buffer.concat([stripped, motionVideoTrailer()]))).toBe(hash);
  });

  it('tells different pictures apart, even one recompressed from the same pixels', async () => {
    const photo = await makePhoto({ gps: PARIS, width: 400, height: 300, seed: 1 });
    const other = await makePhoto({ gps: PARIS, width: 400, height: 300, seed: 2 });
    const recompressed = await sharp(photo).jpeg({ quality: 80 }).toBuffer();
    expect(imageDataHash(other)).not.toBe(imageDataHash(photo));
    expect(imageDataHash(recompressed)).not.toBe(imageDataHash(photo));
  });

  it('recognises a PNG and a WebP stripped of their metadata', async () => {
    for (const format of ['png', 'webp'] as const) {
      const photo = await makePhoto({ gps: PARIS, width: 300, height: 200, format, seed: 5 });
      const stripped = await stripMetadata(photo);
      expect(stripped.equals(photo), format).toBe(false);
      expect(imageDataHash(stripped), format).toBe(imageDataHash(photo));
      expect(imageDataHash(photo), format).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('gives nothing for HEIF, a truncated JPEG or bytes that are no image', async () => {
    const heic = await readFile(join(import.meta.dirname, '../../../tests/fixtures/shibuya-gps.heic'));
    expect(imageDataHash(heic)).toBeUndefined();
    const photo = await makePhoto({ width: 300, height: 200 });
    expect(imageDataHash(photo.subarray(0, photo.length >> 1))).toBeUndefined();
    expect(imageDataHash(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(imageDataHash(Buffer.from('not an image'))).toBeUndefined();
  });
});
