import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { exifTiffOf, makePhoto, webpChunks } from '../../../tests/helpers/photos';
import { readExif } from './exif';
import { webpExifTiff } from '../../shared/webp-exif';

const EIFFEL = { latitude: 48.8584, longitude: 2.2945 };

function chunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

describe('webpExifTiff', () => {
  it('finds the TIFF block of a WebP written by libvips (EXIF chunk with the "Exif\\0\\0" prefix)', async () => {
    const webp = await makePhoto({ format: 'webp', gps: EIFFEL, width: 120, height: 80 });
    const exifChunk = webpChunks(webp).find((c) => c.type === 'EXIF');
    expect(exifChunk).toBeDefined();
    const tiff = webpExifTiff(webp);
    expect(Buffer.from(tiff!.subarray(0, 4)).toString('latin1')).toMatch(/^(II\*\0|MM\0\*)$/);
    const parsed = (await exifr.parse(tiff!, { gps: true })) as Record<string, number>;
    expect(parsed.latitude).toBeCloseTo(EIFFEL.latitude, 4);
    expect(parsed.longitude).toBeCloseTo(EIFFEL.longitude, 4);
  });

  it('reads a bare TIFF EXIF chunk after chunks of odd length (padded to even)', async () => {
    const tiff = exifTiffOf(await makePhoto({ gps: EIFFEL, width: 64, height: 48 }));
    const file = riff(chunk('VP8X', Buffer.alloc(10)), chunk('ICCP', Buffer.alloc(7, 1)), chunk('EXIF', tiff));
    expect(Buffer.from(webpExifTiff(file)!).equals(tiff)).toBe(true);
    const withPrefix = riff(
      chunk('XYZW', Buffer.alloc(3)),
      chunk('EXIF', Buffer.concat([Buffer.from('Exif\0\0'), tiff])),
    );
    expect(Buffer.from(webpExifTiff(withPrefix)!).equals(tiff)).toBe(true);
  });

  it('answers undefined for no EXIF, a chunk that is not TIFF, a truncated file or another format', async () => {
    expect(webpExifTiff(riff(chunk('VP8 ', Buffer.alloc(20))))).toBeUndefined();
    expect(webpExifTiff(riff(chunk('EXIF', Buffer.from('not a tiff block'))))).toBeUndefined();
    const tiff = exifTiffOf(await makePhoto({ gps: EIFFEL, width: 64, height: 48 }));
    const whole = riff(chunk('VP8X', Buffer.alloc(10)), chunk('EXIF', tiff));
    expect(webpExifTiff(whole.subarray(0, whole.length - 10))).toBeUndefined();
    expect(webpExifTiff(Buffer.from('RIFF'))).toBeUndefined();
    expect(webpExifTiff(await makePhoto({ gps: EIFFEL, width: 64, height: 48 }))).toBeUndefined();
  });
});

describe('readExif on WebP and AVIF', () => {
  for (const format of ['webp', 'avif'] as const) {
    it(`reads GPS, camera and date from a ${format} file`, async () => {
      const exif = await readExif(await makePhoto({ format, gps: EIFFEL, width: 120, height: 80 }));
      expect(exif).toMatchObject({ Make: 'Examplecam', Model: 'Examplecam X100', GPSLatitudeRef: 'N' });
      expect(exif.latitude).toBeCloseTo(EIFFEL.latitude, 4);
      expect(exif.longitude).toBeCloseTo(EIFFEL.longitude, 4);
    });
  }
});
