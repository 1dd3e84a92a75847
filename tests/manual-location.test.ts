import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GazetteerResponse } from '../src/shared/api/gazetteer';
import {
  CITY_ERROR,
  COUNTRY_ERROR,
  EXIF_SOURCE_HAS_GPS_ERROR,
  LATITUDE_ERROR,
  LOCATION_PAIR_ERROR,
  LONGITUDE_ERROR,
  PHOTO_HAS_GPS_ERROR,
  TOWN_WITHOUT_POSITION_ERROR,
  type UploadResponse,
} from '../src/shared/api/uploads';
import { photos, places } from '../src/server/db/schema';
import { multipart } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { stripMetadata } from './helpers/strip-metadata';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The centre of Munich as the gazetteer gives it. */
const MUNICH = { latitude: '48.13743', longitude: '11.57549' };
const EIFFEL = { latitude: 48.8584, longitude: 2.2945 };
/** Sintra's centre as the gazetteer gives it. */
const SINTRA = { latitude: '38.80097', longitude: '-9.37826' };
/** Almada as the gazetteer gives it: the reverse geocoder answers Lisbon for these coordinates. */
const ALMADA = { latitude: '38.67902', longitude: '-9.1569' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The Upload screen's request, with the coordinates fields exactly as given (strings, sent as they are). */
function uploadWith(photo: Buffer, fields: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url: '/api/admin/upload',
    ...multipart([
      { name: 'photo', filename: 'IMG_0042.jpg', contentType: 'image/jpeg', data: photo },
      { name: 'description', value: '' },
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ]),
  };
}

async function mediaFiles(): Promise<string[]> {
  try {
    const entries = await readdir(join(t.dataDir, 'media'), { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

async function snapshot() {
  return {
    places: (await t.db.select({ id: places.id }).from(places)).map((p) => p.id).sort(),
    photos: (await t.db.select({ id: photos.id }).from(photos)).map((p) => p.id).sort(),
    files: await mediaFiles(),
  };
}

describe('a photo without GPS placed by hand', () => {
  it('becomes a place in the city of the coordinates, recorded as set by hand', async () => {
    const photo = await makePhoto({ width: 1280, height: 960 });
    expect(await exifr.gps(photo).catch(() => undefined)).toBeUndefined();
    // without coordinates it is refused, as before
    const refused = await t.admin(uploadWith(photo));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<UploadResponse>().error).toBe('geo data not found');

    const response = await t.admin(uploadWith(photo, MUNICH));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body).toMatchObject({ success: true, duplicate: false, error: null });
    expect(body.photo).toMatchObject({
      city: 'Munich',
      country: 'Germany',
      latitude: 48.13743,
      longitude: 11.57549,
      locationSource: 'manual',
    });
    const [place] = await t.db.select().from(places).where(eq(places.id, body.place!.id));
    expect(place).toMatchObject({ location: 'Munich', country: 'Germany', latitude: 48.13743, longitude: 11.57549 });
    const [row] = await t.db.select().from(photos).where(eq(photos.id, body.photo!.id));
    expect(row).toMatchObject({ locationSource: 'manual', city: 'Munich' });
    // the place page shows it like any other place
    const page = await t.app.inject({ method: 'GET', url: `/api/places/by-slug/${place!.slug}/translations/en` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ location: 'Munich', country: 'Germany' });
  });

  it('records a photo placed by its own GPS as such', async () => {
    const response = await t.admin(uploadWith(await makePhoto({ gps: EIFFEL, width: 1200, height: 800 })));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Paris', locationSource: 'exif' });
    const [row] = await t.db.select().from(photos).where(eq(photos.id, body.photo!.id));
    expect(row!.locationSource).toBe('exif');
  });

  it('stores a town chosen in the search as chosen, not as the geocoder would name its coordinates', async () => {
    for (const [town, fields] of [
      ['Sintra', SINTRA],
      ['Almada', ALMADA],
    ] as const) {
      const response = await t.admin(
        uploadWith(await makePhoto({ width: 1200, height: 800 }), { ...fields, city: town, country: 'Portugal' }),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<UploadResponse>();
      expect(body.photo).toMatchObject({ city: town, country: 'Portugal', locationSource: 'manual' });
      const [place] = await t.db.select().from(places).where(eq(places.id, body.place!.id));
      expect(place).toMatchObject({ location: town, country: 'Portugal', latitude: Number(fields.latitude) });
    }
    // the same coordinates without a chosen town are named by the geocoder
    const typed = await t.admin(uploadWith(await makePhoto({ width: 1200, height: 800 }), ALMADA));
    expect(typed.json<UploadResponse>().photo).toMatchObject({ city: 'Lisbon', country: 'Portugal' });
  });

  it('fills only what was not chosen: a city without its country gets the country of the coordinates', async () => {
    const response = await t.admin(
      uploadWith(await makePhoto({ width: 1200, height: 800 }), { ...ALMADA, city: 'Almada' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadResponse>().photo).toMatchObject({ city: 'Almada', country: 'Portugal' });
  });

  it("stores a photo whose own GPS is Sintra's centre in Sintra", async () => {
    const gps = { latitude: Number(SINTRA.latitude), longitude: Number(SINTRA.longitude) };
    const response = await t.admin(uploadWith(await makePhoto({ gps, width: 1200, height: 800 })));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Sintra', country: 'Portugal', locationSource: 'exif' });
    const [place] = await t.db.select().from(places).where(eq(places.id, body.place!.id));
    expect(place).toMatchObject({ location: 'Sintra', country: 'Portugal' });
  });

  const badTowns: Array<[string, Record<string, string>, string]> = [
    ['a town without coordinates', { city: 'Sintra', country: 'Portugal' }, TOWN_WITHOUT_POSITION_ERROR],
    ['a country without coordinates', { country: 'Portugal' }, TOWN_WITHOUT_POSITION_ERROR],
    ['an empty city', { ...SINTRA, city: '', country: 'Portugal' }, CITY_ERROR],
    ['a blank country', { ...SINTRA, city: 'Sintra', country: '   ' }, COUNTRY_ERROR],
    ['a 201-character city', { ...SINTRA, city: 'S'.repeat(201), country: 'Portugal' }, CITY_ERROR],
    ['a control character in the city', { ...SINTRA, city: 'Sin\u0007tra', country: 'Portugal' }, CITY_ERROR],
    ['a NUL in the country', { ...SINTRA, city: 'Sintra', country: 'Portu\u0000gal' }, COUNTRY_ERROR],
    ['a line break in the country', { ...SINTRA, city: 'Sintra', country: 'Portugal\nSpain' }, COUNTRY_ERROR],
  ];

  for (const [what, fields, error] of badTowns) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const before = await snapshot();
      const response = await t.admin(uploadWith(await makePhoto({ width: 1200, height: 800 }), fields));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(error);
      expect(await snapshot()).toEqual(before);
    });
  }

  const invalid: Array<[string, Record<string, string>, string]> = [
    ['latitude without longitude', { latitude: '48.1' }, LOCATION_PAIR_ERROR],
    ['longitude without latitude', { longitude: '11.5' }, LOCATION_PAIR_ERROR],
    ['NaN', { latitude: 'NaN', longitude: '11.5' }, LATITUDE_ERROR],
    ['Infinity', { latitude: '48.1', longitude: 'Infinity' }, LONGITUDE_ERROR],
    ['1e999', { latitude: '1e999', longitude: '11.5' }, LATITUDE_ERROR],
    ['an exponent', { latitude: '4.8e1', longitude: '11.5' }, LATITUDE_ERROR],
    ['hexadecimal', { latitude: '48.1', longitude: '0x10' }, LONGITUDE_ERROR],
    ['empty text', { latitude: '', longitude: '' }, LATITUDE_ERROR],
    ['spaces around', { latitude: ' 48.1', longitude: '11.5' }, LATITUDE_ERROR],
    ['a decimal comma', { latitude: '48,1', longitude: '11,5' }, LATITUDE_ERROR],
    ['latitude 90.5', { latitude: '90.5', longitude: '11.5' }, LATITUDE_ERROR],
    ['latitude -91', { latitude: '-91', longitude: '11.5' }, LATITUDE_ERROR],
    ['longitude 180.0001', { latitude: '48.1', longitude: '180.0001' }, LONGITUDE_ERROR],
    ['longitude -1800', { latitude: '48.1', longitude: '-1800' }, LONGITUDE_ERROR],
    ['a 10,000-digit number', { latitude: `0.${'1'.repeat(10_000)}`, longitude: '11.5' }, LATITUDE_ERROR],
    ['a NUL', { latitude: '48.1\u0000', longitude: '11.5' }, LATITUDE_ERROR],
  ];

  for (const [what, fields, error] of invalid) {
    it(`refuses coordinates with ${what} with 400 and stores nothing`, async () => {
      const before = await snapshot();
      const response = await t.admin(uploadWith(await makePhoto({ width: 1200, height: 800 }), fields));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(error);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses coordinates for a photo that has GPS, or with an EXIF source photo that has, and stores nothing', async () => {
    const before = await snapshot();
    const withGps = await t.admin(uploadWith(await makePhoto({ gps: EIFFEL, width: 1200, height: 800 }), MUNICH));
    expect(withGps.statusCode).toBe(400);
    expect(withGps.json<{ error: string }>().error).toBe(PHOTO_HAS_GPS_ERROR);
    const exifData = JSON.stringify({ latitude: 40.758, longitude: -73.9855 });
    const withSource = await t.admin(
      uploadWith(await makePhoto({ width: 1200, height: 800 }), { ...MUNICH, exifData }),
    );
    expect(withSource.statusCode).toBe(400);
    expect(withSource.json<{ error: string }>().error).toBe(EXIF_SOURCE_HAS_GPS_ERROR);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a copy of an uploaded photo with its metadata stripped', () => {
  it('is recognised as the existing place, with coordinates, through the EXIF source photo or alone', async () => {
    const original = await makePhoto({ gps: EIFFEL, width: 1200, height: 900, dateTaken: '2023:07:14 21:00:00' });
    const first = (await t.admin(uploadWith(original))).json<UploadResponse>();
    expect(first.photo).toMatchObject({ city: 'Paris', locationSource: 'exif' });
    const stripped = await stripMetadata(original);
    // what a messaging app sends on: another file, without GPS
    expect(stripped.equals(original)).toBe(false);
    expect(await exifr.gps(stripped).catch(() => undefined)).toBeUndefined();

    const before = await snapshot();
    const attempts = [
      uploadWith(stripped, MUNICH),
      uploadWith(stripped, { exifData: JSON.stringify({ latitude: 40.758, longitude: -73.9855 }) }),
      uploadWith(stripped),
    ];
    for (const attempt of attempts) {
      const response = await t.admin(attempt);
      expect(response.statusCode).toBe(200);
      expect(response.json<UploadResponse>()).toMatchObject({
        success: true,
        duplicate: true,
        place: first.place,
        photo: { city: 'Paris', locationSource: 'exif' },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.db.select().from(places)).filter((p) => p.location === 'Munich')).toHaveLength(1);
  });
});

describe('GET /api/admin/geo/cities', () => {
  const search = (query: string) => t.admin({ method: 'GET', url: `/api/admin/geo/cities?${query}` });

  it('finds Łódź for "lodz" and Munich for "münchen" and "munchen", with what the form needs', async () => {
    const lodz = await search('q=lodz');
    expect(lodz.statusCode).toBe(200);
    expect(lodz.headers['cache-control']).toContain('no-store');
    expect(lodz.json<GazetteerResponse>()[0]).toMatchObject({
      name: 'Łódź',
      country: 'Poland',
      countryCode: 'PL',
      id: 3093133,
    });
    for (const q of ['m%C3%BCnchen', 'munchen', 'M%C3%9CNCHEN']) {
      const found = (await search(`q=${q}`)).json<GazetteerResponse>();
      expect(found[0], q).toMatchObject({ name: 'Munich', alias: 'München', country: 'Germany', countryCode: 'DE' });
      expect(found[0]!.latitude).toBeCloseTo(48.137, 2);
      expect(found[0]!.longitude).toBeCloseTo(11.575, 2);
      expect(found[0]!.population).toBeGreaterThan(1_000_000);
    }
  });

  it('answers at most 10 towns, fewer when asked', async () => {
    expect((await search('q=a')).json<GazetteerResponse>()).toHaveLength(10);
    expect((await search('q=san&limit=3')).json<GazetteerResponse>()).toHaveLength(3);
    expect((await search('q=qqqzzzxxx')).json<GazetteerResponse>()).toEqual([]);
  });

  it('refuses a missing, empty, too long or control-character search and a bad limit with 400', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20%20',
      `q=${'a'.repeat(101)}`,
      'q=par%00is',
      'q=par%0Ais',
      'q=a&q=b',
      'q=paris&limit=0',
      'q=paris&limit=11',
      'q=paris&limit=abc',
      'q=paris&limit=0x5',
      'q=paris&limit=1e1',
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: string }>().error, query).toMatch(/q must be|limit must be|NUL/);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/geo/cities?q=lodz' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('Łódź');
  });
});
