import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../src/shared/api/upload';
import { photos, places } from '../src/server/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';
import { uploadRequest } from './helpers/multipart';
import { colourAt, isClose, makePhoto, QUADRANT_COLOURS } from './helpers/photos';

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
    expect(body.place!.slug).toBe('sunset-from-the-trocadero');

    const [place] = await t.db.select().from(places);
    expect(place).toMatchObject({
      location: 'Paris',
      country: 'France',
      date: '2024-05-01',
      title: 'Sunset from the Trocadéro',
    });
    expect(place!.imageUrl).toMatch(/^\/media\/web\/[0-9a-f]{32}-1000\.jpg$/);
    const id = /web\/([0-9a-f]{32})-1000/.exec(place!.imageUrl)![1];
    expect(await mediaFiles()).toEqual(
      [
        `originals/${id}.jpg`,
        `web/${id}-1000.jpg`,
        `web/${id}-1000.webp`,
        `web/${id}-480.jpg`,
        `web/${id}-480.webp`,
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

  it('stores every EXIF orientation upright', async () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      const photo = await makePhoto({ gps: EIFFEL, width: 400, height: 300, orientation, seed: 1000 + orientation });
      const response = await t.admin(uploadRequest(photo));
      expect(response.statusCode, `orientation ${orientation}`).toBe(200);
      const body = response.json<UploadResponse>();
      // never upscaled: narrower than 1000 px stays at its own width under both names
      await expectUpright(await fileOf(body.photo!.imageUrl), 400, 300);
      await expectUpright(await fileOf(body.photo!.originalImagePath), 400, 300);
    }
  });

  it('accepts a HEIC photo from a phone and finds Tokyo', async () => {
    const heic = await readFile(join(import.meta.dirname, 'fixtures', 'shibuya-gps.heic'));
    const response = await t.admin(uploadRequest(heic, { filename: 'IMG_4242.HEIC' }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Tokyo', country: 'Japan' });
    expect(body.photo!.originalImagePath).toMatch(/^\/media\/originals\/[0-9a-f]{32}\.jpg$/);
    await expectUpright(await fileOf(body.photo!.originalImagePath), 640, 480);
    await expectUpright(await fileOf(body.photo!.imageUrl), 640, 480);
    expect(await sharp(await fileOf(body.photo!.imageUrl.replace(/\.jpg$/, '.webp'))).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
    });
  });

  it('answers the existing place when the same file is uploaded again', async () => {
    const photo = await makePhoto({ gps: { latitude: 41.8902, longitude: 12.4922 }, width: 300, height: 200 });
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
    const photo = await makePhoto({ width: 300, height: 200 });
    const exifData = JSON.stringify({ latitude: 40.758, longitude: -73.9855, Make: 'Other phone' });
    const response = await t.admin(uploadRequest(photo, { exifData }));
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadResponse>().photo).toMatchObject({ city: 'New York City', country: 'United States' });
  });

  it('lets the EXIF source photo override the photo’s own position', async () => {
    const photo = await makePhoto({ gps: EIFFEL, width: 300, height: 200 });
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
