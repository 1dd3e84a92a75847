import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, places } from '../src/server/db/schema';
import { uploadRequest } from './helpers/multipart';
import { makePhoto, withNulInExifText } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // a small cap, so "too large" needs no 40 MB test file
  t = await createTestApp({ maxUploadBytes: 2 * 1024 * 1024 });
});
afterAll(() => t.close());

describe('GET /api/admin/upload/limits', () => {
  it('tells the signed-in administrator the configured size limit, and nobody else', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/upload/limits' });
    expect(response.json()).toEqual({ maxUploadBytes: 2 * 1024 * 1024 });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/upload/limits' });
    expect(visitor.statusCode).toBe(401);
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function expectNothingStored() {
  expect(await t.db.select().from(places)).toEqual([]);
  expect(await t.db.select().from(photos)).toEqual([]);
  expect(await filesUnder(join(t.dataDir, 'media'))).toEqual([]);
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a few hundred bytes that claim 50,000 x 50,000 pixels (2.5 gigapixels). */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = deflateSync(Buffer.alloc(50_000 * 3 + 1), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/admin/upload refuses bad input and stores nothing', () => {
  it('rejects a photo without GPS with "geo data not found" and returns its EXIF', async () => {
    const response = await t.admin(uploadRequest(await makePhoto({ width: 1200, height: 800 })));
    expect(response.statusCode).toBe(422);
    const body = response.json<{ success: boolean; error: string; exifData: Record<string, unknown> }>();
    expect(body).toMatchObject({
      success: false,
      error: 'geo data not found',
      code: 'geo_data_not_found',
      photo: null,
      place: null,
    });
    expect(body.exifData).toMatchObject({ Make: 'Examplecam', Model: 'Examplecam X100' });
    await expectNothingStored();
  });

  it('refuses a 100 × 68 photo in plain words, before anything else, and stores nothing', async () => {
    const thumbnail = await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, width: 100, height: 68 });
    const response = await t.admin(uploadRequest(thumbnail));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'This photo is 100 × 68 pixels. Photos need at least 1,000 pixels on the long side: choose the original ' +
        'photo, not a thumbnail.',
      code: 'photo_too_small',
    });
    await expectNothingStored();
  });

  it('measures the long side as the photo is shown: refuses 999 × 750 stored sideways', async () => {
    const photo = await makePhoto({
      gps: { latitude: 52.52, longitude: 13.405 },
      width: 999,
      height: 750,
      orientation: 6,
    });
    const response = await t.admin(uploadRequest(photo));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^This photo is 999 × 750 pixels\. Photos need at least 1,000 pixels/);
    await expectNothingStored();
  });

  const gps = { latitude: 48.8584, longitude: 2.2945 };
  const cases: Array<[string, () => Promise<Buffer> | Buffer, number, RegExp]> = [
    ['an empty file', () => Buffer.alloc(0), 400, /empty/],
    ['a text file renamed .jpg', () => Buffer.from('Just some notes, not a photo.\n'), 415, /not a supported image/],
    [
      'an SVG image',
      () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      415,
      /not a supported image/,
    ],
    [
      'a truncated JPEG',
      async () => {
        const photo = await makePhoto({ gps, width: 1200, height: 900 });
        return photo.subarray(0, Math.floor(photo.length * 0.6));
      },
      400,
      /could not be read/,
    ],
    [
      'a JPEG with garbage after its header',
      async () => {
        const photo = await makePhoto({ gps, width: 1200, height: 800 });
        const broken = Buffer.from(photo);
        broken.fill(0x7f, Math.floor(broken.length / 3));
        return broken;
      },
      400,
      /could not be read/,
    ],
    [
      'a file over the size limit',
      () =>
        makePhoto({ gps, width: 3000, height: 2000, seed: 9 }).then((p) =>
          Buffer.concat([p, Buffer.alloc(2 * 1024 * 1024)]),
        ),
      413,
      /too large/,
    ],
    ['a decompression bomb', () => pngBomb(), 413, /too large: 50000 × 50000 pixels/],
  ];

  for (const [what, make, status, message] of cases) {
    it(`rejects ${what} with ${status}`, async () => {
      const response = await t.admin(uploadRequest(await make()));
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: string }>().error).toMatch(message);
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
      await expectNothingStored();
    });
  }

  it('rejects a request without a photo', async () => {
    const response = await t.admin({ method: 'POST', url: '/api/admin/upload', payload: { description: 'x' } });
    expect(response.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('rejects exifData that is not a JSON object', async () => {
    const photo = await makePhoto({ gps, width: 1200, height: 800 });
    const response = await t.admin(uploadRequest(photo, { exifData: '[1, 2' }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/exifData/);
    await expectNothingStored();
  });

  it('answers 422, not 500, for a photo without GPS whose story, exifData and EXIF hold NUL', async () => {
    let photo = await makePhoto({ width: 1200, height: 800 });
    photo = withNulInExifText(photo, 'Examplecam X100', 10);
    const response = await t.admin(
      uploadRequest(photo, {
        description: 'A\0 story',
        exifData: '{"Ma\\u0000ke":"Other\\u0000phone","Software":"raw\0byte"}',
      }),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: string; exifData: Record<string, unknown> }>();
    expect(body.error).toBe('geo data not found');
    expect(body.exifData).toMatchObject({ Make: 'Otherphone', Model: 'ExamplecamX100', Software: 'rawbyte' });
    expect(response.body).not.toContain('\\u0000');
    await expectNothingStored();
  });

  it('still refuses exifData that is not JSON once NUL is removed, with 400', async () => {
    const photo = await makePhoto({ gps, width: 1200, height: 800 });
    const response = await t.admin(uploadRequest(photo, { exifData: '{"latitude":\0' }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/exifData/);
    await expectNothingStored();
  });

  it('refuses a JSON body with NUL with 400 (the global guard), storing nothing', async () => {
    const response = await t.admin({ method: 'POST', url: '/api/admin/upload', payload: { description: 'x\0' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/NUL/);
    await expectNothingStored();
  });

  it('requires a signed-in administrator', async () => {
    const photo = await makePhoto({ gps, width: 1200, height: 800 });
    const response = await t.app.inject({
      ...uploadRequest(photo),
      headers: { ...uploadRequest(photo).headers, origin: t.config.publicUrl },
    });
    expect(response.statusCode).toBe(401);
    await expectNothingStored();
  });
});
