import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GalleryItemDto, GalleryUploadResponse } from '../src/shared/api/admin-places';
import { galleryImages, places } from '../src/server/db/schema';
import { makeCity, makePlace } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { MOVED_TO_TRASH } from '../src/shared/api/trash';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A real JPEG with camera EXIF, big enough that the 1000 px web version is a real downscale. */
function cameraJpeg(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="orange"/></svg>`,
        ),
      },
    ])
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Gallery 1', Artist: 'Private Person' } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function multipart(field: string, fileName: string, bytes: Buffer, contentType = 'image/jpeg') {
  const boundary = '----gallery-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('Gallery API', () => {
  let t: TestApp;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ maxUploadBytes: 2 * 1024 * 1024 });
    jpeg = await cameraJpeg();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(places);
  });

  const mediaFiles = () => {
    const root = join(t.dataDir, 'media');
    return ['web', 'originals'].flatMap((dir) =>
      existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((f) => `${dir}/${f}`) : [],
    );
  };
  const filePath = (url: string) => join(t.dataDir, 'media', url.replace('/media/', ''));

  async function upload(placeId: string, bytes = jpeg, field = 'image', headers: Record<string, string> = {}) {
    const body = multipart(field, 'holiday.jpg', bytes);
    return t.admin({
      method: 'POST',
      url: `/api/admin/places/${placeId}/gallery`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  }

  describe('POST /api/admin/places/{id}/gallery', () => {
    it('keeps an image smaller than a photo must be, and warns that it may look blurred', async () => {
      const place = await makePlace(t.db);
      const response = await upload(place.id, await cameraJpeg(100, 68));
      expect(response.statusCode).toBe(201);
      const item = response.json<GalleryUploadResponse>();
      expect(item.warning).toBe(
        'This image is only 100 × 68 pixels (photos need 1,000 on the long side), so it may look blurred on large ' +
          'screens. It was added to the gallery; to replace it, delete it and upload the original photo.',
      );
      const rows = await t.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id));
      expect(rows.map((row) => row.id)).toEqual([item.id]);
      expect((await sharp(filePath(item.originalImagePath!)).metadata()).width).toBe(100);
      const list = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/gallery` });
      expect(list.json<GalleryItemDto[]>().map((image) => image.id)).toEqual([item.id]);
    });

    it('stores a 1000 px web version and the full-resolution original, and records the row', async () => {
      const place = await makePlace(t.db);
      const response = await upload(place.id);
      expect(response.statusCode).toBe(201);
      const item = response.json<GalleryItemDto>();
      expect(item.placeId).toBe(place.id);
      expect(item.imageUrl).toMatch(/^\/media\/web\/.+-1000\.jpg$/);
      expect(response.json<GalleryUploadResponse>().warning).toBeNull();

      const rows = await t.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: item.id,
        imageUrl: item.imageUrl,
        originalImagePath: item.originalImagePath,
      });

      const web = await sharp(filePath(item.imageUrl)).metadata();
      expect(web.width).toBe(1000);
      const original = await sharp(filePath(item.originalImagePath!)).metadata();
      expect(original.width).toBe(1600);
      // the public original carries no personal metadata
      expect(original.exif).toBeUndefined();

      const served = await t.app.inject({ method: 'GET', url: item.imageUrl });
      expect(served.statusCode).toBe(200);
    });

    it('accepts an image larger than the 1 MB JSON body limit', async () => {
      const place = await makePlace(t.db);
      const noise = await sharp(Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, (_, i) => (i * 7919) % 251)), {
        raw: { width: 1000, height: 1000, channels: 3 },
      })
        .jpeg({ quality: 100 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(1024 * 1024);
      const response = await upload(place.id, noise);
      expect(response.statusCode).toBe(201);
    });

    it('refuses a visitor without a session and stores nothing', async () => {
      const place = await makePlace(t.db);
      const before = mediaFiles().length;
      const body = multipart('image', 'a.jpg', jpeg);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/places/${place.id}/gallery`,
        ...body,
      });
      expect(response.statusCode).toBe(401);
      expect(await t.db.select().from(galleryImages)).toHaveLength(0);
      expect(mediaFiles()).toHaveLength(before);
    });

    it('refuses a cross-site upload and stores nothing', async () => {
      const place = await makePlace(t.db);
      const before = mediaFiles().length;
      const response = await upload(place.id, jpeg, 'image', { origin: 'https://evil.example' });
      expect(response.statusCode).toBe(403);
      expect(await t.db.select().from(galleryImages)).toHaveLength(0);
      expect(mediaFiles()).toHaveLength(before);
    });

    it('answers 404 for an unknown place and stores nothing', async () => {
      const before = mediaFiles().length;
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const response = await upload(id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Place not found', code: 'not_found' });
      }
      expect(mediaFiles()).toHaveLength(before);
    });

    it.each([
      ['a text file posing as an image', () => Buffer.from('just some text, not pixels'), 'image', 415],
      ['a truncated JPEG', () => jpeg.subarray(0, 2000), 'image', 400],
      ['an empty file', () => Buffer.alloc(0), 'image', 400],
      ['a file in the wrong field', () => jpeg, 'photo', 400],
      ['a file over the size limit', () => Buffer.concat([jpeg, Buffer.alloc(3 * 1024 * 1024)]), 'image', 413],
    ])('refuses %s with a readable error and stores nothing', async (_name, bytes, field, status) => {
      const place = await makePlace(t.db);
      const before = mediaFiles().length;
      const response = await upload(place.id, bytes(), field);
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: string }>().error).toMatch(/\w+ \w+/);
      expect(await t.db.select().from(galleryImages)).toHaveLength(0);
      expect(mediaFiles()).toHaveLength(before);
    });

    it('answers 400 to a JSON body instead of a file', async () => {
      const place = await makePlace(t.db);
      const response = await t.admin({
        method: 'POST',
        url: `/api/admin/places/${place.id}/gallery`,
        payload: { image: 'x' },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/places/{id}/gallery', () => {
    it('lists the images of a place, oldest first', async () => {
      const place = await makePlace(t.db);
      const first = (await upload(place.id)).json<GalleryItemDto>();
      const second = (await upload(place.id)).json<GalleryItemDto>();
      const response = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/gallery` });
      expect(response.statusCode).toBe(200);
      expect(response.json<GalleryItemDto[]>().map((i) => i.id)).toEqual([first.id, second.id]);
    });

    it('puts a new image at the end of the gallery, after the order the admin chose', async () => {
      const place = await makePlace(t.db);
      const first = (await upload(place.id)).json<GalleryItemDto>();
      const second = (await upload(place.id)).json<GalleryItemDto>();
      const reorder = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}/gallery/order`,
        payload: { ids: [second.id, first.id] },
      });
      expect(reorder.json()).toEqual({ success: true, message: 'Gallery order saved' });
      const third = (await upload(place.id)).json<GalleryItemDto>();
      const response = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/gallery` });
      expect(response.json<GalleryItemDto[]>().map((i) => i.id)).toEqual([second.id, first.id, third.id]);
    });

    it('refuses a visitor without a session and answers 404 for an unknown place', async () => {
      const place = await makePlace(t.db);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/places/${place.id}/gallery` });
      expect(anonymous.statusCode).toBe(401);
      const unknown = await t.admin({ method: 'GET', url: `/api/admin/places/${UNKNOWN_ID}/gallery` });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('DELETE /api/admin/gallery/{id}', () => {
    it('removes the row at once and every file of that image when the trash is emptied, and keeps the others', async () => {
      const place = await makePlace(t.db);
      const doomed = (await upload(place.id)).json<GalleryItemDto>();
      const kept = (await upload(place.id)).json<GalleryItemDto>();
      const id = /web\/([0-9a-f]{32}_\d+x\d+)-/.exec(doomed.imageUrl)![1]!;
      expect(mediaFiles().filter((f) => f.includes(id)).length).toBeGreaterThanOrEqual(3);

      const response = await t.admin({ method: 'DELETE', url: `/api/admin/gallery/${doomed.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: MOVED_TO_TRASH });

      const rows = await t.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id));
      expect(rows.map((r) => r.id)).toEqual([kept.id]);
      expect(mediaFiles().filter((f) => f.includes(id)).length).toBeGreaterThanOrEqual(3);
      const emptied = await t.admin({ method: 'DELETE', url: `/api/admin/trash/gallery_image/${doomed.id}` });
      expect(emptied.statusCode).toBe(200);
      expect(mediaFiles().filter((f) => f.includes(id))).toEqual([]);
      expect(existsSync(filePath(kept.imageUrl))).toBe(true);
      expect(existsSync(filePath(kept.originalImagePath!))).toBe(true);
    });

    it('keeps the files of an image a city uses as its picture', async () => {
      const place = await makePlace(t.db);
      const image = (await upload(place.id)).json<GalleryItemDto>();
      await makeCity(t.db, { imageUrl: image.imageUrl });
      const response = await t.admin({ method: 'DELETE', url: `/api/admin/gallery/${image.id}` });
      expect(response.statusCode).toBe(200);
      await t.admin({ method: 'DELETE', url: `/api/admin/trash/gallery_image/${image.id}` });
      expect(existsSync(filePath(image.imageUrl))).toBe(true);
    });

    it('refuses without a session or cross-site, and answers 404 for an unknown id', async () => {
      const place = await makePlace(t.db);
      const image = (await upload(place.id)).json<GalleryItemDto>();
      const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/admin/gallery/${image.id}` });
      expect(anonymous.statusCode).toBe(401);
      const crossSite = await t.admin({
        method: 'DELETE',
        url: `/api/admin/gallery/${image.id}`,
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      for (const id of [UNKNOWN_ID, 'nope']) {
        const unknown = await t.admin({ method: 'DELETE', url: `/api/admin/gallery/${id}` });
        expect(unknown.statusCode).toBe(404);
      }
      expect(await t.db.select().from(galleryImages)).toHaveLength(1);
      expect(existsSync(filePath(image.imageUrl))).toBe(true);
    });

    it('deleting a place removes its gallery rows at once and their files when the trash is emptied', async () => {
      const place = await makePlace(t.db);
      const image = (await upload(place.id)).json<GalleryItemDto>();
      const response = await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` });
      expect(response.statusCode).toBe(200);
      expect(await t.db.select().from(galleryImages)).toHaveLength(0);
      expect(existsSync(filePath(image.imageUrl))).toBe(true);
      await t.admin({ method: 'DELETE', url: `/api/admin/trash/place/${place.id}` });
      expect(existsSync(filePath(image.imageUrl))).toBe(false);
      expect(existsSync(filePath(image.originalImagePath!))).toBe(false);
    });
  });
});
