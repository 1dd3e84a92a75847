import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearPlacesResponse } from '../src/shared/api/photo-grouping';
import type { AdminSettings } from '../src/shared/api/publishing';
import { PLACE_TARGET_NOT_FOUND, type UploadResponse } from '../src/shared/api/uploads';
import { galleryImages, photos, places } from '../src/server/db/schema';
import { makePlace } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/** `metres` north of a point (one degree of latitude is 111.2 km). */
const north = (at: { latitude: number; longitude: number }, metres: number) => ({
  latitude: Number((at.latitude + metres / 111_195).toFixed(7)),
  longitude: at.longitude,
});

let t: TestApp;
beforeAll(async () => {
  // the product's default for a new owner without an AI key: uploads are drafts, and still group
  t = await createTestApp({}, { newUploads: 'default', groupWithinMeters: 'default' });
});
afterAll(() => t.close());

async function upload(gps: { latitude: number; longitude: number } | undefined, fields?: Record<string, string>) {
  const photo = await makePhoto({ gps, width: 1600, height: 1200, dateTaken: '2015:04:10 11:00:00' });
  const response = await t.admin(uploadRequest(photo, { fields }));
  return { photo, response, body: response.json<UploadResponse>() };
}

const placesIn = (location: string) => t.db.select().from(places).where(eq(places.location, location));
const galleryOf = (placeId: string) => t.db.select().from(galleryImages).where(eq(galleryImages.placeId, placeId));

async function mediaCount(): Promise<number> {
  let count = 0;
  for (const dir of ['web', 'originals']) {
    count += (await readdir(join(t.dataDir, 'media', dir)).catch(() => [])).length;
  }
  return count;
}

describe('photos of one spot become one place', () => {
  it('adds a photo taken 30 m from a place to its gallery, and says so', async () => {
    const pergola = { latitude: 40.4125, longitude: -3.6828 }; // the Rosaleda of the Retiro, Madrid
    const first = await upload(pergola);
    expect(first.response.statusCode).toBe(200);
    expect(first.body.addedTo).toBeUndefined();
    expect(first.body.place).toMatchObject({ state: 'draft' });

    const second = await upload(north(pergola, 30));
    expect(second.response.statusCode).toBe(200);
    const placeId = first.body.place!.id;
    expect(second.body).toMatchObject({ success: true, photo: null, duplicate: false, addedTo: placeId });
    expect(second.body.place).toEqual(first.body.place);
    expect(second.body.galleryImage!.distanceMeters).toBe(30);

    // one place in Madrid, showing both photos: its own and one in its gallery
    const madrid = await placesIn('Madrid');
    expect(madrid.map((place) => place.id)).toEqual([placeId]);
    const gallery = await galleryOf(placeId);
    expect(gallery.map((image) => image.id)).toEqual([second.body.galleryImage!.id]);
    expect(gallery[0]!.imageUrl).toBe(second.body.galleryImage!.imageUrl);
    const served = await t.admin({ method: 'GET', url: gallery[0]!.imageUrl });
    expect(served.statusCode).toBe(200);
    const listed = await t.admin({ method: 'GET', url: `/api/admin/places/${placeId}/gallery` });
    expect(listed.json<Array<{ id: string }>>().map((image) => image.id)).toEqual([gallery[0]!.id]);
    // a third photo of the spot joins the same place too
    const third = await upload(north(pergola, -40));
    expect(third.body.addedTo).toBe(placeId);
    expect(await galleryOf(placeId)).toHaveLength(2);
  });

  it('keeps photos of the same town 500 m apart as two places', async () => {
    const plazaMayor = { latitude: 40.4155, longitude: -3.7074 };
    const before = (await placesIn('Madrid')).length;
    const first = await upload(plazaMayor);
    const second = await upload(north(plazaMayor, 500));
    expect(first.body.addedTo).toBeUndefined();
    expect(second.body.addedTo).toBeUndefined();
    expect(second.body.photo).toMatchObject({ city: 'Madrid', country: 'Spain' });
    expect(second.body.place!.id).not.toBe(first.body.place!.id);
    expect(await placesIn('Madrid')).toHaveLength(before + 2);
  });

  it('never joins a place that has no position', async () => {
    const vienna = { latitude: 48.2082, longitude: 16.3738 };
    const unplaced = await makePlace(t.db, { location: 'Vienna', country: 'Austria', latitude: null, longitude: null });
    const { body } = await upload(vienna);
    expect(body.addedTo).toBeUndefined();
    expect(body.place!.id).not.toBe(unplaced.id);
    expect(await galleryOf(unplaced.id)).toEqual([]);
  });

  it('adds a photo to a chosen place with placeId, however far it was taken', async () => {
    const belem = { latitude: 38.6916, longitude: -9.216 };
    const tower = (await upload(belem)).body.place!;
    const { response, body } = await upload({ latitude: 38.7139, longitude: -9.1334 }, { placeId: tower.id });
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ photo: null, addedTo: tower.id, place: { id: tower.id, title: tower.title } });
    expect(body.galleryImage!.distanceMeters).toBeGreaterThan(7000);
    expect(await galleryOf(tower.id)).toHaveLength(1);
    // a photo without GPS can be added to a chosen place too: a gallery photo needs no position
    const noGps = await upload(undefined, { placeId: tower.id });
    expect(noGps.response.statusCode).toBe(200);
    expect(noGps.body.galleryImage!.distanceMeters).toBeNull();
    expect(await galleryOf(tower.id)).toHaveLength(2);
  });

  it('refuses an unknown placeId with a plain 404 and stores nothing', async () => {
    const placesBefore = (await t.db.select().from(places)).length;
    const galleryBefore = (await t.db.select().from(galleryImages)).length;
    const photosBefore = (await t.db.select().from(photos)).length;
    const filesBefore = await mediaCount();
    for (const placeId of ['5b3c2f1e-0000-4000-8000-000000000000', 'not-a-place', '']) {
      const { response } = await upload({ latitude: 38.72, longitude: -9.14 }, { placeId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: PLACE_TARGET_NOT_FOUND, code: 'not_found' });
    }
    const both = await upload({ latitude: 38.72, longitude: -9.14 }, { placeId: 'x', newPlace: 'true' });
    expect(both.response.statusCode).toBe(400);
    expect(both.response.json<{ error: string }>().error).toMatch(/either placeId .* or newPlace/);
    const odd = await upload({ latitude: 38.72, longitude: -9.14 }, { newPlace: 'yes' });
    expect(odd.response.statusCode).toBe(400);
    expect((await t.db.select().from(places)).length).toBe(placesBefore);
    expect((await t.db.select().from(galleryImages)).length).toBe(galleryBefore);
    expect((await t.db.select().from(photos)).length).toBe(photosBefore);
    expect(await mediaCount()).toBe(filesBefore);
  });

  it('makes a new place of a grouped photo on request ("Make it a new place instead")', async () => {
    const trevi = { latitude: 41.9009, longitude: 12.4833 };
    const fountain = (await upload(trevi)).body.place!;
    const near = north(trevi, 20);
    const photo = await makePhoto({ gps: near, width: 1600, height: 1200 });
    const grouped = (await t.admin(uploadRequest(photo))).json<UploadResponse>();
    expect(grouped.addedTo).toBe(fountain.id);
    // what the Upload screen's button does: the same file again as a new place, then the gallery photo goes
    const again = await t.admin(uploadRequest(photo, { fields: { newPlace: 'true' } }));
    expect(again.statusCode).toBe(200);
    const made = again.json<UploadResponse>();
    expect(made.addedTo).toBeUndefined();
    expect(made.place!.id).not.toBe(fountain.id);
    expect(made.photo).toMatchObject({ city: 'Rome' });
    expect(made.photo!.latitude).toBeCloseTo(near.latitude, 6);
    const removed = await t.admin({ method: 'DELETE', url: `/api/admin/gallery/${grouped.galleryImage!.id}` });
    expect(removed.statusCode).toBe(200);
    expect(await galleryOf(fountain.id)).toEqual([]);
    expect((await placesIn('Rome')).map((place) => place.id).sort()).toEqual([fountain.id, made.place!.id].sort());
  });

  it('follows the grouping distance set on the dashboard; 0 turns grouping off', async () => {
    const current = (await t.admin({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
    expect(current).toEqual({ newUploads: 'draft', newAreas: 'ask', groupWithinMeters: 100 });
    const off = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { groupWithinMeters: 0 } });
    // a partial change keeps the other settings
    expect(off.json()).toEqual({ newUploads: 'draft', newAreas: 'ask', groupWithinMeters: 0 });
    const gate = { latitude: 52.5163, longitude: 13.3777 };
    const first = await upload(gate);
    const second = await upload(north(gate, 10));
    expect(second.body.addedTo).toBeUndefined();
    expect(second.body.place!.id).not.toBe(first.body.place!.id);

    const wider = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { groupWithinMeters: 300 } });
    expect(wider.json()).toEqual({ newUploads: 'draft', newAreas: 'ask', groupWithinMeters: 300 });
    expect((await upload(north(gate, 250))).body.addedTo).toBeDefined();
    for (const bad of [-1, 1001, 12.5, '100']) {
      const refused = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { groupWithinMeters: bad } });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).not.toMatch(/stack|at .*\.ts/);
    }
    const kept = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'publish' } });
    expect(kept.json()).toEqual({ newUploads: 'publish', newAreas: 'ask', groupWithinMeters: 300 });
    await t.admin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { newUploads: 'draft', groupWithinMeters: 100 },
    });
  });
});

describe('GET /api/admin/places/near', () => {
  it('lists at most five places within 2 km of a position, nearest first, drafts too', async () => {
    const bridge = { latitude: 50.0865, longitude: 14.4114 }; // Charles Bridge, Prague
    const made = [];
    for (const metres of [700, 15, 300, 1200, 60, 1500, 3000]) {
      made.push(
        await makePlace(t.db, {
          title: `Prague ${metres} m`,
          location: 'Prague',
          country: 'Czechia',
          state: metres === 15 ? 'draft' : 'published',
          ...north(bridge, metres),
        }),
      );
    }
    const response = await t.admin({
      method: 'GET',
      url: `/api/admin/places/near?lat=${bridge.latitude}&lng=${bridge.longitude}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<NearPlacesResponse>();
    expect(body.groupWithinMeters).toBe(100);
    expect(body.places.map((place) => place.title)).toEqual([
      'Prague 15 m',
      'Prague 60 m',
      'Prague 300 m',
      'Prague 700 m',
      'Prague 1200 m',
    ]);
    expect(body.places.map((place) => place.distanceMeters)).toEqual([15, 60, 300, 700, 1200]);
    expect(body.places[0]).toMatchObject({ state: 'draft', location: 'Prague', country: 'Czechia' });

    for (const query of ['lat=91&lng=0', 'lat=1e2&lng=0', 'lng=14', 'lat=abc&lng=14']) {
      const refused = await t.admin({ method: 'GET', url: `/api/admin/places/near?${query}` });
      expect(refused.statusCode).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/places/near?lat=50&lng=14` });
    expect(anonymous.statusCode).toBe(401);
  });
});
