import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../src/shared/api/uploads';
import { createTestApp, type TestApp } from './helpers/test-app';
import { makeHeicGrid } from './helpers/heic-grid';
import { uploadRequest } from './helpers/multipart';
import {
  colourAt,
  exiftool,
  hiddenJpegTrailer,
  isClose,
  makePersonalPhoto,
  motionVideoTrailer,
  PERSONAL_TEXT,
  QUADRANT_COLOURS,
  withHeifIccProfile,
} from './helpers/photos';

/**
 * Issue 10: the public original (and every web image) holds the picture, its colour profile and
 * its capture date, and nothing else a visitor could learn the photographer's whereabouts or name
 * from. Every file is read back with ExifTool and searched byte by byte.
 */

const EIFFEL = { latitude: 48.8584, longitude: 2.2945 };
const TAKEN = '2024:05:01 10:20:30';
const OFFSET = '+02:00';

const SECRETS = ['Jane Traveller', 'SN-0042-SECRET', 'Examplecam', ...Object.values(PERSONAL_TEXT)];

/** What a public file may show ExifTool: the image's own structure, its colour profile, the capture date. */
const ALLOWED_GROUPS = new Set([
  'SourceFile',
  'ExifTool',
  'System',
  'File',
  'JFIF',
  'Composite',
  'ICC-header',
  'ICC_Profile',
  'ICC-meas',
  'ICC-view',
  'PNG',
  'PNG-pHYs',
  'RIFF',
  'QuickTime',
  'Meta',
]);
const ALLOWED_EXIF = new Set([
  'IFD0:Orientation',
  'IFD0:XResolution',
  'IFD0:YResolution',
  'IFD0:ResolutionUnit',
  'ExifIFD:ExifVersion',
  'ExifIFD:DateTimeOriginal',
  'ExifIFD:OffsetTimeOriginal',
  'ExifIFD:ExifImageWidth',
  'ExifIFD:ExifImageHeight',
]);
const PERSONAL_TAG = /GPS|Comment|IPTC|XMP|Thumbnail|MakerNote|Owner|Serial|Artist|Creator|Copyright|Make|Model/i;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fileOf = (url: string) => readFile(join(t.dataDir, 'media', url.replace(/^\/media\//, '')));

/** Uploads a photo and answers its public files: the original, then the 1000 and 480 px JPEG and WebP. */
async function upload(photo: Buffer, filename: string) {
  const response = await t.admin(uploadRequest(photo, { filename }));
  expect(response.statusCode, response.body).toBe(200);
  const { photo: stored } = response.json<UploadResponse>();
  const webUrls = [stored!.imageUrl, stored!.thumbnailPath].flatMap((url) => [url, url.replace(/\.jpg$/, '.webp')]);
  const [original, ...web] = await Promise.all([stored!.originalImagePath, ...webUrls].map(fileOf));
  return { original: original!, originalPath: stored!.originalImagePath, web, files: [original!, ...web] };
}

/**
 * Neither ExifTool nor a byte search finds GPS, a name, a serial number, a marker text or an MP4 box
 * in any of the files. Answers what ExifTool read, the original's tags first.
 */
async function expectNothingPersonal(files: Buffer[]) {
  const read = await exiftool(files);
  for (const [i, file] of files.entries()) {
    const label = i === 0 ? 'original' : `web image ${i}`;
    const tags = read[i]!;
    const unexpected = Object.keys(tags).filter((key) => {
      const group = key.split(':')[0]!;
      // an ICC profile's header names its maker (e.g. "DeviceModel"), never the photographer
      if (group.startsWith('ICC')) return !ALLOWED_GROUPS.has(group);
      return PERSONAL_TAG.test(key) || !(ALLOWED_GROUPS.has(group) || ALLOWED_EXIF.has(key));
    });
    expect(unexpected, label).toEqual([]);
    const text = JSON.stringify(tags);
    for (const secret of SECRETS) {
      expect(text, `${label}: ${secret}`).not.toContain(secret);
      expect(file.includes(Buffer.from(secret, 'latin1')), `${label}: ${secret}`).toBe(false);
    }
    // A HEIF/AVIF opens with its own 'ftyp' box at byte 4; an MP4 box anywhere else was carried along.
    expect(file.indexOf('ftyp', 8), label).toBe(-1);
  }
  return read;
}

/** The precondition: ExifTool does see the GPS, the owner and the capture date in what we upload. */
async function expectPersonal(photo: Buffer) {
  const tags = (await exiftool([photo]))[0]!;
  expect(Object.keys(tags).some((key) => key.startsWith('GPS:'))).toBe(true);
  expect(JSON.stringify(tags)).toContain('Jane Traveller');
  expect(tags['ExifIFD:DateTimeOriginal']).toBeDefined();
  return tags;
}

function expectCaptureDate(tags: Record<string, unknown>, date: string, offset?: string) {
  expect(tags['ExifIFD:DateTimeOriginal']).toBe(date);
  expect(tags['ExifIFD:OffsetTimeOriginal']).toBe(offset);
}

async function expectUpright(image: Buffer, width: number, height: number) {
  const meta = await sharp(image).metadata();
  expect([meta.width, meta.height]).toEqual([width, height]);
  expect(meta.orientation ?? 1).toBe(1);
  const at = (x: number, y: number) => colourAt(image, Math.round(width * x), Math.round(height * y));
  expect(isClose(await at(0.1, 0.1), QUADRANT_COLOURS.topLeft)).toBe(true);
  expect(isClose(await at(0.85, 0.1), QUADRANT_COLOURS.topRight)).toBe(true);
  expect(isClose(await at(0.5, 0.85), QUADRANT_COLOURS.bottom)).toBe(true);
}

const iccOf = async (image: Buffer) => (await sharp(image).metadata()).icc;

/** The JPEG's entropy-coded image data: from the first start-of-scan marker to the end-of-image marker. */
function scanData(jpeg: Buffer): Buffer {
  const start = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return jpeg.subarray(start, jpeg.indexOf(Buffer.from([0xff, 0xd9]), start) + 2);
}

describe('the public original of a JPEG', () => {
  it('keeps the exact image data, colour profile and capture date, and drops an appended JPEG with GPS and owner', async () => {
    const photo = await makePersonalPhoto({
      gps: EIFFEL,
      dateTaken: TAKEN,
      offsetTime: OFFSET,
      iccProfile: 'p3',
      seed: 1,
    });
    const input = await expectPersonal(photo);
    const { original, originalPath, files } = await upload(Buffer.concat([photo, await hiddenJpegTrailer()]), 'a.jpg');

    expect(originalPath).toMatch(/\.jpg$/);
    expect(scanData(original).equals(scanData(photo))).toBe(true);
    expect(original.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    const [tags] = await expectNothingPersonal(files);
    expectCaptureDate(tags!, TAKEN, OFFSET);
    expect(tags!['ICC_Profile:ProfileDescription']).toBe(input['ICC_Profile:ProfileDescription']);
    expect((await iccOf(original))?.equals((await iccOf(photo))!)).toBe(true);
  });

  it('drops the MP4 of a motion photo from the original and every web image, and keeps the capture date', async () => {
    const photo = await makePersonalPhoto({ gps: EIFFEL, dateTaken: TAKEN, seed: 2 });
    await expectPersonal(photo);
    const { original, files } = await upload(Buffer.concat([photo, motionVideoTrailer()]), 'MVIMG_0002.jpg');

    expect(scanData(original).equals(scanData(photo))).toBe(true);
    const [tags] = await expectNothingPersonal(files);
    expectCaptureDate(tags!, TAKEN);
  });

  it('turns a sideways photo upright and keeps its capture date and colour profile, nothing personal', async () => {
    const photo = await makePersonalPhoto({
      gps: EIFFEL,
      dateTaken: TAKEN,
      offsetTime: OFFSET,
      iccProfile: 'p3',
      orientation: 6,
      width: 1000,
      height: 750,
      seed: 3,
    });
    const input = await expectPersonal(photo);
    const { original, files } = await upload(Buffer.concat([photo, await hiddenJpegTrailer()]), 'b.jpg');

    await expectUpright(original, 1000, 750);
    const [tags] = await expectNothingPersonal(files);
    expectCaptureDate(tags!, TAKEN, OFFSET);
    expect(tags!['IFD0:Orientation'] ?? 'Horizontal (normal)').toBe('Horizontal (normal)');
    expect(tags!['ICC_Profile:ProfileDescription']).toBe(input['ICC_Profile:ProfileDescription']);
    expect((await iccOf(original))?.equals((await iccOf(photo))!)).toBe(true);
  });
});

describe('the public original of a PNG, WebP or AVIF', () => {
  for (const [format, name] of [
    ['png', 'a PNG'],
    ['webp', 'a WebP'],
    ['avif', 'an AVIF'],
  ] as const) {
    it(`re-encodes ${name} with data after its end to its pixels, colour profile and capture date`, async () => {
      const photo = await makePersonalPhoto({
        gps: EIFFEL,
        dateTaken: TAKEN,
        offsetTime: OFFSET,
        iccProfile: 'p3',
        format,
        width: 1000,
        height: 750,
      });
      const input = await expectPersonal(photo);
      const { original, originalPath, files } = await upload(
        Buffer.concat([photo, motionVideoTrailer()]),
        `c.${format}`,
      );

      expect(originalPath.endsWith(`.${format}`)).toBe(true);
      await expectUpright(original, 1000, 750);
      const [tags] = await expectNothingPersonal(files);
      expectCaptureDate(tags!, TAKEN, OFFSET);
      expect(tags!['ICC_Profile:ProfileDescription']).toBe(input['ICC_Profile:ProfileDescription']);
      expect((await iccOf(original))?.equals((await iccOf(photo))!)).toBe(true);
    });
  }
});

describe('the public original of a HEIC', () => {
  it('is a JPEG with the phone’s colour profile and capture date, without the appended video or anything personal', async () => {
    const p3 = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const icc = (await iccOf(p3))!;
    // the fixture's picture as a 2 x 2 HEIF grid (1280 x 960), as an iPhone stores its photos
    const heic = withHeifIccProfile(makeHeicGrid({ columns: 2, rows: 2 }), icc);
    const input = await expectPersonal(heic);
    expect(input['ICC_Profile:ProfileDescription']).toBeDefined();
    const { original, originalPath, files } = await upload(
      Buffer.concat([heic, motionVideoTrailer()]),
      'IMG_0004.HEIC',
    );

    expect(originalPath).toMatch(/\.jpg$/);
    await expectUpright(original, 1280, 960);
    const [tags] = await expectNothingPersonal(files);
    expectCaptureDate(tags!, input['ExifIFD:DateTimeOriginal'] as string);
    expect(tags!['ICC_Profile:ProfileDescription']).toBe(input['ICC_Profile:ProfileDescription']);
    expect((await iccOf(original))?.equals(icc)).toBe(true);
  });
});
