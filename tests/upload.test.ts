import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../src/shared/api/uploads';
import { cities, photos, places } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { createTestApp, type TestApp } from './helpers/test-app';
import { makeHeicGrid } from './helpers/heic-grid';
import { uploadRequest } from './helpers/multipart';
import { colourAt, isClose, makePhoto, QUADRANT_COLOURS, webpChunks, withNulInExifText } from './helpers/photos';

const EIFFEL = { latitude: 48.8584, longitude: 2.2945 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function mediaFiles(): Promise<string[]> {
  const root = join(t.dataDir, 'media');
  const out: string[] = [];
  for (const dir of ['web', 'originals']) {
    try {
      for (const name of await readdir(join(root, dir))) out.push(`${dir}/${name}`);
    } catch {
      // folder not created yet
    }
  }
  return out.sort();
}

const fileOf = (url: string) => readFile(join(t.dataDir, 'media', url.replace(/^\/media\//, '')));

async function expectUpright(image: Buffer, width: number, height: number) {
  const meta = await sharp(image).metadata();
  expect([meta.width, meta.height]).toEqual([width, height]);
  // no orientation tag left that a viewer would apply a second time
  expect(meta.orientation ?? 1).toBe(1);
  expect(
    isClose(await colourAt(image, Math.round(width * 0.1), Math.round(height * 0.1)), QUADRANT_COLOURS.topLeft),
  ).toBe(true);
  expect(
    isClose(await colourAt(image, Math.round(width * 0.85), Math.round(height * 0.1)), QUADRANT_COLOURS.topRight),
  ).toBe(true);
  expect(
    isClose(await colourAt(image, Math.round(width * 0.5), Math.round(height * 0.85)), QUADRANT_COLOURS.bottom),
  ).toBe(true);
}

describe('POST /api/admin/upload', () => {
  it('turns a geotagged JPEG into a place in Paris with web images and a clean original', async () => {
    const photo = await makePhoto({ gps: EIFFEL, width: 2400, height: 1800, dateTaken: '2024:05:01 10:20:30' });
    const response = await t.admin(uploadRequest(photo, { description: 'Sunset from the Trocadéro.' }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body).toMatchObject({ success: true, error: null, duplicate: false, aiWarning: null });
    expect(body.photo).toMatchObject({ city: 'Paris', country: 'France', description: 'Sunset from the Trocadéro.' });
    expect(body.photo!.latitude).toBeCloseTo(EIFFEL.latitude, 4);
    // offline, the place is titled by what it shows, not by a sentence of the story
    expect(body.place!.slug).toBe('eiffel-tower');

    const [place] = await t.db.select().from(places);
    expect(place).toMatchObject({
      location: 'Paris',
      country: 'France',
      date: '2024-05-01',
      title: 'Eiffel Tower',
      fullDescription: 'Sunset from the Trocadéro.\n\nThis photo was taken in Paris, France on May 1, 2024.',
    });
    expect(place!.imageUrl).toMatch(/^\/media\/web\/[0-9a-f]{32}_\d+x\d+-1000\.jpg$/);
    const id = /web\/([0-9a-f]{32}_\d+x\d+)-1000/.exec(place!.imageUrl)![1];
    expect(await mediaFiles()).toEqual(
      [
        `originals/${id}.jpg`,
        `web/${id}-1000.jpg`,
        `web/${id}-1000.webp`,
        `web/${id}-480.jpg`,
        `web/${id}-480.webp`,
        `web/${id}-1600.webp`,
        `web/${id}-card.jpg`,
        `web/${id}-card.webp`,
      ].sort(),
    );

    const web = await fileOf(place!.imageUrl);
    expect(await sharp(web).metadata()).toMatchObject({ width: 1000, height: 750, format: 'jpeg' });
    expect(await sharp(await fileOf(body.photo!.thumbnailPath)).metadata()).toMatchObject({ width: 480, height: 360 });
    const original = await fileOf(place!.originalImagePath!);
    expect(await sharp(original).metadata()).toMatchObject({ width: 2400, height: 1800 });
    // personal EXIF (owner, serial number, GPS) is gone from every public file
    for (const file of [web, original]) {
      const left = ((await exifr.parse(file, true)) ?? {}) as Record<string, unknown>;
      expect(left.SerialNumber ?? left.BodySerialNumber).toBeUndefined();
      expect(left.OwnerName ?? left.CameraOwnerName ?? left.Artist).toBeUndefined();
      expect(left.latitude).toBeUndefined();
      expect(file.includes(Buffer.from('SN-0042-SECRET'))).toBe(false);
    }

    const [row] = await t.db.select().from(photos);
    expect(row).toMatchObject({ placeId: place!.id, city: 'Paris', country: 'France' });
    expect(row!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.exifData).toMatchObject({ Make: 'Examplecam' });

    const served = await t.app.inject({ method: 'GET', url: place!.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stores every EXIF orientation upright, and takes a portrait photo 1,000 pixels tall', async () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      // 750 x 1000 as shown: stored sideways (1000 x 750) for orientations 5 to 8
      const photo = await makePhoto({ gps: EIFFEL, width: 750, height: 1000, orientation, seed: 1000 + orientation });
      const response = await t.admin(uploadRequest(photo));
      expect(response.statusCode, `orientation ${orientation}`).toBe(200);
      const body = response.json<UploadResponse>();
      // never upscaled: narrower than 1000 px stays at its own width under both names
      await expectUpright(await fileOf(body.photo!.imageUrl), 750, 1000);
      await expectUpright(await fileOf(body.photo!.originalImagePath), 750, 1000);
    }
  });

  it('accepts a HEIC photo from a phone and finds Tokyo', async () => {
    // the fixture's 640 x 480 picture as the 2 x 2 tiles of a 1280 x 960 HEIF grid, as an iPhone stores it
    const heic = makeHeicGrid({ columns: 2, rows: 2 });
    const response = await t.admin(uploadRequest(heic, { filename: 'IMG_4242.HEIC' }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Tokyo', country: 'Japan' });
    expect(body.photo!.originalImagePath).toMatch(/^\/media\/originals\/[0-9a-f]{32}_\d+x\d+\.jpg$/);
    await expectUpright(await fileOf(body.photo!.originalImagePath), 1280, 960);
    await expectUpright(await fileOf(body.photo!.imageUrl), 1000, 750);
    expect(await sharp(await fileOf(body.photo!.imageUrl.replace(/\.jpg$/, '.webp'))).metadata()).toMatchObject({
      format: 'webp',
      width: 1000,
    });
  });

  it('answers the existing place when the same file is uploaded again', async () => {
    const photo = await makePhoto({ gps: { latitude: 41.8902, longitude: 12.4922 }, width: 1200, height: 800 });
    const first = (await t.admin(uploadRequest(photo))).json<UploadResponse>();
    const filesBefore = await mediaFiles();
    const again = await t.admin(uploadRequest(photo));
    expect(again.statusCode).toBe(200);
    expect(again.json<UploadResponse>()).toMatchObject({ success: true, duplicate: true, place: first.place });
    expect(await mediaFiles()).toEqual(filesBefore);
    const romePlaces = (await t.db.select().from(places)).filter((p) => p.location === 'Rome');
    expect(romePlaces).toHaveLength(1);
  });

  it('uses the GPS of the EXIF source photo when the photo has none', async () => {
    const photo = await makePhoto({ width: 1200, height: 800 });
    const exifData = JSON.stringify({ latitude: 40.758, longitude: -73.9855, Make: 'Other phone' });
    const response = await t.admin(uploadRequest(photo, { exifData }));
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadResponse>().photo).toMatchObject({ city: 'New York City', country: 'United States' });
  });

  it('lets the EXIF source photo override the photo’s own position', async () => {
    const photo = await makePhoto({ gps: EIFFEL, width: 1200, height: 800 });
    const exifData = JSON.stringify({
      GPSLatitude: [52, 30, 58.68],
      GPSLatitudeRef: 'N',
      GPSLongitude: [13, 22, 39.72],
      GPSLongitudeRef: 'E',
    });
    const body = (await t.admin(uploadRequest(photo, { exifData }))).json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Berlin', country: 'Germany' });
  });
});

describe('POST /api/admin/upload with WebP and AVIF', () => {
  it('reads the GPS of a WebP from its RIFF EXIF chunk and finds Paris', async () => {
    const webp = await makePhoto({ format: 'webp', gps: EIFFEL, width: 1200, height: 900 });
    // the test photo really carries its EXIF in a WebP 'EXIF' chunk (exifr alone cannot read it)
    expect(webpChunks(webp).map((c) => c.type)).toContain('EXIF');
    const response = await t.admin(uploadRequest(webp, { filename: 'IMG_0002.webp' }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Paris', country: 'France' });
    expect(body.photo!.latitude).toBeCloseTo(EIFFEL.latitude, 4);
    expect(body.photo!.longitude).toBeCloseTo(EIFFEL.longitude, 4);
    expect(body.photo!.exifData).toMatchObject({ Make: 'Examplecam', DateTimeOriginal: '2024:05:01 10:20:30' });
    expect(body.photo!.originalImagePath).toMatch(/^\/media\/originals\/[0-9a-f]{32}_\d+x\d+\.webp$/);
  });

  it('reads the GPS of an AVIF and finds Sydney', async () => {
    const avif = await makePhoto({ format: 'avif', gps: { latitude: -33.8568, longitude: 151.2153 }, width: 320 });
    const response = await t.admin(uploadRequest(avif, { filename: 'IMG_0003.avif' }));
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadResponse>().photo).toMatchObject({ city: 'Sydney', country: 'Australia' });
  });
});

const hasNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');

describe('NUL characters (PostgreSQL text cannot hold U+0000)', () => {
  it('stores a photo whose EXIF text fields contain NUL bytes, without the NUL', async () => {
    let photo = await makePhoto({ gps: EIFFEL, width: 1200, height: 800 });
    photo = withNulInExifText(photo, 'Examplecam X100', 10); // Model
    photo = withNulInExifText(photo, 'Test Suite', 9); // Software, NUL as a trailing pad
    photo = withNulInExifText(photo, 'SN-0042-SECRET', 2); // BodySerialNumber
    const response = await t.admin(uploadRequest(photo));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Paris', country: 'France' });
    expect(body.photo!.exifData).toMatchObject({ Make: 'Examplecam', Model: 'ExamplecamX100', Software: 'Test Suit' });
    const [row] = await t.db.select().from(photos).where(eq(photos.id, body.photo!.id));
    expect(row!.exifData).toMatchObject({ Model: 'ExamplecamX100', Software: 'Test Suit' });
    expect(hasNul(row!.exifData)).toBe(false);
  });

  it('removes NUL from the story and keeps the rest of it', async () => {
    const photo = await makePhoto({ gps: EIFFEL, width: 1200, height: 800 });
    const response = await t.admin(uploadRequest(photo, { description: 'Night\0 on the\0 Seine.\0' }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ description: 'Night on the Seine.' });
    const [place] = await t.db.select().from(places).where(eq(places.id, body.place!.id));
    expect(place!.fullDescription).toMatch(/^Night on the Seine\.\n\n/);
    expect(hasNul(place)).toBe(false);
  });

  it('removes NUL from exifData keys and values (escaped or raw) and uses its position', async () => {
    const photo = await makePhoto({ width: 1200, height: 800 });
    const exifData =
      '{"latitude":51.5007,"longitude":-0.1246,"Ma\\u0000ke":"Other\\u0000phone\\u0000\\u0000",' +
      '"Software":"raw\0byte","XPKeywords":["a\\u0000b"],"\\u0000":"gone"}';
    const response = await t.admin(uploadRequest(photo, { exifData }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'London', country: 'United Kingdom' });
    const [row] = await t.db.select().from(photos).where(eq(photos.id, body.photo!.id));
    expect(row!.exifData).toMatchObject({ Make: 'Otherphone', Software: 'rawbyte', XPKeywords: ['ab'] });
    expect(Object.keys(row!.exifData)).not.toContain('');
    expect(hasNul(row!.exifData)).toBe(false);
  });

  it('refuses NUL in a place title and in a city name (JSON bodies) with 400 and changes nothing', async () => {
    const [place] = await t.db.select().from(places).limit(1);
    const edit = {
      title: 'Ti\0tle',
      description: 'A description.',
      location: 'Paris',
      country: 'France',
      imageUrl: place!.imageUrl,
      date: '2024-05-01',
    };
    const refused = await t.admin({ method: 'PUT', url: `/api/admin/places/${place!.id}`, payload: edit });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toMatch(/NUL/);
    const [after] = await t.db.select().from(places).where(eq(places.id, place!.id));
    expect(after).toEqual(place);

    const citiesBefore = await t.db.select().from(cities);
    const city = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Pa\0ris', country: 'France', imageUrl: '/media/web/x.jpg' },
    });
    expect(city.statusCode).toBe(400);
    expect(city.json<{ error: string }>().error).toMatch(/NUL/);
    expect(await t.db.select().from(cities)).toEqual(citiesBefore);
  });
});

describe('POST /api/admin/upload with an AI model that answers NUL characters', () => {
  let fake: FakeChatCompletions;
  let ai: TestApp;
  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    ai = await createTestApp({
      ai: chatModel(fake.baseUrl, 'test-vision'),
    });
  });
  afterAll(async () => {
    await ai?.close();
    await fake?.close();
  });

  it('stores the answer without the NUL', async () => {
    fake.reply = (request) => {
      expect(schemaNameOf(request)).toBe('image_analysis');
      return {
        content: JSON.stringify({
          title: 'Iron\0 Lady\0',
          summary: 'The tower\0 at dusk.',
          travelArticle: 'One.\0\n\nTwo.',
          imageDescription: '\0The tower.',
          placeName: 'Eiffel\0 Tower',
        }),
      };
    };
    const photo = await makePhoto({ gps: EIFFEL, width: 1200, height: 800 });
    const response = await ai.admin(uploadRequest(photo));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.aiWarning).toBeNull();
    expect(body.photo).toMatchObject({
      title: 'Iron Lady',
      summary: 'The tower at dusk.',
      travelArticle: 'One.\n\nTwo.',
      description: 'The tower.',
      placeName: 'Eiffel Tower',
    });
    const [place] = await ai.db.select().from(places);
    expect(place).toMatchObject({ title: 'Iron Lady', slug: 'iron-lady', fullDescription: 'One.\n\nTwo.' });
    expect(hasNul(await ai.db.select().from(photos))).toBe(false);
  });
});

describe('what the public original may carry', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp();
  });
  afterAll(async () => {
    await t2.close();
  });

  it('drops a JPEG or an MP4 appended after the image (motion photos) from the original and the web image', async () => {
    const hidden = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .withExif({ IFD0: { Artist: 'SECRET-OWNER' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 0/1' } })
      .jpeg()
      .toBuffer();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42isommp42MOTION-VIDEO-TRAILER')]);
    for (const [seed, trailer] of [
      [101, hidden],
      [102, mp4],
    ] as const) {
      const photo = await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, seed });
      const response = await t2.admin(uploadRequest(Buffer.concat([photo, trailer])));
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<UploadResponse>();
      const read = (url: string) => readFile(join(t2.dataDir, 'media', url.replace(/^\/media\//, '')));
      const [place] = await t2.db.select().from(places).where(eq(places.id, body.place!.id));
      const files = [body.photo!.originalImagePath, place!.imageUrl, body.photo!.thumbnailPath];
      for (const file of await Promise.all(files.map(read))) {
        expect(file.includes(Buffer.from('SECRET-OWNER'))).toBe(false);
        expect(file.includes(Buffer.from('ftyp'))).toBe(false);
        expect(file.includes(Buffer.from('MOTION-VIDEO'))).toBe(false);
        const left = ((await exifr.parse(file, true)) ?? {}) as Record<string, unknown>;
        expect(left.latitude).toBeUndefined();
        expect(file.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
      }
    }
  });
});
