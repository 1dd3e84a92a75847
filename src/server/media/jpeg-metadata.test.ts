import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exiftool, makePersonalPhoto } from '../../../tests/helpers/photos';
import { captureDateOf, captureDateTiff, stripJpegMetadata } from './jpeg-metadata';

const EIFFEL = { latitude: 48.8584, longitude: 2.2945 };
const TAKEN = { dateTimeOriginal: '2024:05:01 10:20:30', offsetTimeOriginal: '+02:00' };

/** The JPEG's segment markers in order, up to the start of scan. */
function markers(jpeg: Buffer): string[] {
  const out: string[] = [];
  for (let offset = 2; jpeg[offset + 1] !== 0xda; offset += 2 + jpeg.readUInt16BE(offset + 2)) {
    const marker = jpeg[offset + 1]!;
    const payload = jpeg.subarray(offset + 4);
    const name =
      marker === 0xe0
        ? payload.toString('latin1', 0, 4)
        : marker === 0xe1
          ? payload.toString('latin1', 0, 4)
          : marker === 0xe2
            ? payload.toString('latin1', 0, 11)
            : `FF${marker.toString(16).toUpperCase()}`;
    out.push(name);
  }
  return out;
}

describe('captureDateOf', () => {
  it('takes only a date and an offset in their exact EXIF shapes', () => {
    expect(captureDateOf({ DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '-03:30' })).toEqual({
      dateTimeOriginal: '2024:05:01 10:20:30',
      offsetTimeOriginal: '-03:30',
    });
    expect(captureDateOf({ DateTimeOriginal: '2024:05:01 10:20:30' })).toEqual({
      dateTimeOriginal: '2024:05:01 10:20:30',
    });
    // free text in a date field could name a person or a place: never copied
    expect(captureDateOf({ DateTimeOriginal: '2024:05:01 10:20:30 at Jane’s flat' })).toBeUndefined();
    expect(captureDateOf({ DateTimeOriginal: 'Jane Traveller' })).toBeUndefined();
    expect(captureDateOf({ DateTimeOriginal: '    :  :     :  :  ' })).toBeUndefined();
    expect(captureDateOf({ DateTimeOriginal: 1714558830 })).toBeUndefined();
    expect(captureDateOf({})).toBeUndefined();
    expect(captureDateOf({ DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+02:00 Jane' })).toEqual({
      dateTimeOriginal: '2024:05:01 10:20:30',
    });
  });
});

describe('captureDateTiff', () => {
  it('is a TIFF block that EXIF readers find the date and offset in, and nothing else', async () => {
    const tiff = captureDateTiff(TAKEN);
    expect(await exifr.parse(tiff, { reviveValues: false, translateValues: false })).toEqual({
      ExifVersion: expect.anything() as unknown,
      DateTimeOriginal: '2024:05:01 10:20:30',
      OffsetTimeOriginal: '+02:00',
    });
    expect(
      await exifr.parse(captureDateTiff({ dateTimeOriginal: '2001:02:03 04:05:06' }), { reviveValues: false }),
    ).toEqual({
      ExifVersion: expect.anything() as unknown,
      DateTimeOriginal: '2001:02:03 04:05:06',
    });
    expect(() => captureDateTiff({ dateTimeOriginal: 'Jane Traveller' })).toThrow();
    expect(() => captureDateTiff({ dateTimeOriginal: '2024:05:01 10:20:30', offsetTimeOriginal: 'Jane' })).toThrow();
  });
});

describe('stripJpegMetadata with what to write back', () => {
  it('replaces all EXIF with one segment holding only the capture date, after the JFIF header', async () => {
    const photo = await makePersonalPhoto({ gps: EIFFEL, width: 64, height: 48, offsetTime: '+02:00' });
    const plain = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    // libjpeg's JFIF 1.01 header, as most cameras and editors write it first
    const jfif = Buffer.concat([
      plain.subarray(0, 2),
      Buffer.from('ffe000104a46494600010100000100010000', 'hex'),
      plain.subarray(2),
    ]);
    for (const source of [photo, jfif]) {
      const rewritten = stripJpegMetadata(source, { captureDate: TAKEN });
      const [tags] = await exiftool([rewritten]);
      const exif = Object.keys(tags!).filter((key) => /^(IFD\d|ExifIFD|GPS|XMP|IPTC|MakerNotes)/.test(key));
      expect(exif.sort()).toEqual(['ExifIFD:DateTimeOriginal', 'ExifIFD:ExifVersion', 'ExifIFD:OffsetTimeOriginal']);
      expect(tags).toMatchObject({
        'ExifIFD:DateTimeOriginal': '2024:05:01 10:20:30',
        'ExifIFD:OffsetTimeOriginal': '+02:00',
      });
      expect(tags!['ExifTool:Warning']).toBeUndefined();
      expect(markers(rewritten).filter((m) => m === 'Exif')).toHaveLength(1);
      // the image data is untouched
      const sos = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
      expect(sos(rewritten).equals(sos(stripJpegMetadata(source)))).toBe(true);
    }
    expect(markers(stripJpegMetadata(jfif, { captureDate: TAKEN })).slice(0, 2)).toEqual(['JFIF', 'Exif']);
  });

  it('writes a given colour profile in place of the file’s own, split into as many APP2 segments as it needs', async () => {
    const p3 = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const icc = (await sharp(p3).metadata()).icc!;
    const plain = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    const withP3 = stripJpegMetadata(plain, { iccProfile: icc });
    expect((await sharp(withP3).metadata()).icc?.equals(icc)).toBe(true);

    // a profile larger than one segment (64 KB), e.g. with a big colour lookup table
    const large = Buffer.concat([icc, Buffer.alloc(150_000, 7)]);
    large.writeUInt32BE(large.length, 0);
    const withLarge = stripJpegMetadata(p3, { iccProfile: large, captureDate: TAKEN });
    expect(markers(withLarge).filter((m) => m === 'ICC_PROFILE')).toHaveLength(3);
    expect((await sharp(withLarge).metadata()).icc?.equals(large)).toBe(true);
    expect((await sharp(withLarge).raw().toBuffer()).length).toBe(16 * 16 * 3);
  });
});
