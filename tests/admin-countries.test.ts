import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cities, countries, countryTranslations, places } from '../src/server/db/schema';
import { makeCity, makeCountry, makeCountryTranslation, makePlace } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const UNKNOWN_ID = '0b8f7a52-2f55-4d8e-8c59-7a1f7f1b2c3d';

describe('Manage Countries API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(countries);
    await t.db.delete(cities);
    await t.db.delete(places);
  });

  describe('session and same-origin rules', () => {
    const calls = [
      { method: 'GET', url: '/api/admin/countries' },
      { method: 'GET', url: '/api/admin/countries/missing' },
      { method: 'POST', url: '/api/admin/countries', payload: { name: 'Spain', imageUrl: '/media/a.jpg' } },
      {
        method: 'PUT',
        url: `/api/admin/countries/${UNKNOWN_ID}`,
        payload: { name: 'Spain', description: 'x', imageUrl: '/media/a.jpg' },
      },
      { method: 'DELETE', url: `/api/admin/countries/${UNKNOWN_ID}` },
    ] as const;

    it.each(calls)('answers 401 to $method $url without a session', async (call) => {
      const response = await t.app.inject(call);
      expect(response.statusCode).toBe(401);
    });

    it.each(calls.filter((c) => c.method !== 'GET'))(
      'refuses a cross-site $method $url with 403 and changes nothing',
      async (call) => {
        const country = await makeCountry(t.db, { name: 'Spain' });
        const url = call.url.replace(UNKNOWN_ID, country.id);
        const response = await t.admin({ ...call, url, headers: { origin: 'https://evil.example' } });
        expect(response.statusCode).toBe(403);
        const rows = await t.db.select().from(countries);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ name: 'Spain', description: country.description });
      },
    );
  });

  it('lists countries alphabetically with their translated languages', async () => {
    const spain = await makeCountry(t.db, { name: 'Spain' });
    await makeCountry(t.db, { name: 'Austria' });
    await makeCountryTranslation(t.db, spain.id, 'zh', '西班牙');
    await makeCountryTranslation(t.db, spain.id, 'es', 'España');

    const response = await t.admin({ method: 'GET', url: '/api/admin/countries' });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ name: string; translatedLanguages: string[] }[]>();
    expect(list.map((c) => [c.name, c.translatedLanguages])).toEqual([
      ['Austria', []],
      ['Spain', ['es', 'zh']],
    ]);
  });

  it('lists each country named by places that has no country row, once', async () => {
    await makePlace(t.db, { location: 'Madrid', country: 'Spain' });
    await makePlace(t.db, { location: 'Seville', country: 'Spain' });
    await makePlace(t.db, { location: 'Paris', country: 'France' });
    await makePlace(t.db, { location: 'Vienna', country: 'Austria' });
    await makeCountry(t.db, { name: 'Austria' });

    const response = await t.admin({ method: 'GET', url: '/api/admin/countries/missing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ country: 'France' }, { country: 'Spain' }]);
  });

  describe('POST /api/admin/countries', () => {
    it('creates the country with a description; offline, visitors still read its name in every language', async () => {
      await makePlace(t.db, { location: 'Madrid', country: 'Spain', imageUrl: '/media/web/prado-1000.jpg' });
      const response = await t.admin({
        method: 'POST',
        url: '/api/admin/countries',
        payload: { name: 'Spain', imageUrl: '/media/web/prado-1000.jpg' },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{
        country: { id: string; slug: string; translatedLanguages: string[] };
        translatedLanguages: string[];
        translationQueued: boolean;
        message: string;
      }>();

      const [row] = await t.db.select().from(countries).where(eq(countries.id, body.country.id));
      expect(row).toMatchObject({ name: 'Spain', slug: 'spain', imageUrl: '/media/web/prado-1000.jpg' });
      expect(row!.description.length).toBeGreaterThan(10);

      // Offline nothing is translated or queued, and the message says so; the public site still
      // names the country in each language (CLDR names built into Node), its description in English.
      const stored = await t.db.select().from(countryTranslations).where(eq(countryTranslations.countryId, row!.id));
      expect(stored).toEqual([]);
      expect(body).toMatchObject({ translatedLanguages: [], translationQueued: false });
      expect(body.message).toMatch(
        /^Spain was created\. Its translations could not be made: no AI model is set up, so Spanish, German, French and Chinese show the English text for now\./,
      );
      const german = await t.app.inject({ method: 'GET', url: '/api/countries/by-slug/spain/translations/de' });
      expect(german.json()).toMatchObject({ name: 'Spanien', englishFields: ['description'] });

      expect((await t.admin({ method: 'GET', url: '/api/admin/countries/missing' })).json()).toEqual([]);
      const publicCountry = await t.app.inject({ method: 'GET', url: '/api/countries/by-slug/spain' });
      expect(publicCountry.statusCode).toBe(200);
    });

    it('answers 409 with a clear sentence for a country that exists (any letter case) and adds nothing', async () => {
      await makeCountry(t.db, { name: 'Spain' });
      const response = await t.admin({
        method: 'POST',
        url: '/api/admin/countries',
        payload: { name: 'SPAIN', imageUrl: '/media/web/a.jpg' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'A country named "Spain" already exists. Edit that country instead.',
        code: 'conflict',
      });
      expect(await t.db.select().from(countries)).toHaveLength(1);
    });

    it('creates the country once when two requests race to add it, and tells the loser why', async () => {
      const add = () =>
        t.admin({ method: 'POST', url: '/api/admin/countries', payload: { name: 'Spain', imageUrl: '/media/a.jpg' } });
      const responses = await Promise.all([add(), add()]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({
        error: 'A country named "Spain" already exists. Edit that country instead.',
        code: 'conflict',
      });
      expect(await t.db.select().from(countries)).toHaveLength(1);
    });

    it.each([
      [{}, 'name'],
      [{ name: ' ', imageUrl: '/media/a.jpg' }, 'Country name is required'],
      [{ name: 'Spain', imageUrl: '' }, 'Image URL is required'],
      [{ name: 'Spain', imageUrl: 'data:image/png;base64,AAAA' }, 'Image URL must be'],
      [{ name: ['Spain'], imageUrl: '/media/a.jpg' }, 'name'],
    ])('rejects the invalid body %j with 400 and stores nothing', async (payload, expected) => {
      const response = await t.admin({ method: 'POST', url: '/api/admin/countries', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(expected);
      expect(await t.db.select().from(countries)).toHaveLength(0);
    });
  });

  describe('PUT /api/admin/countries/:id', () => {
    const update = { name: 'Spain', description: 'Tapas, flamenco and sun.', imageUrl: '/media/web/s-1000.jpg' };

    it('updates the country', async () => {
      const country = await makeCountry(t.db, { name: 'Spain', description: update.description });
      const response = await t.admin({ method: 'PUT', url: `/api/admin/countries/${country.id}`, payload: update });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ country: { id: country.id, ...update }, message: 'Spain was updated.' });
      const [row] = await t.db.select().from(countries).where(eq(countries.id, country.id));
      expect(row).toMatchObject({ ...update, slug: country.slug });
    });

    it('renames a country and carries its cities and places along', async () => {
      const country = await makeCountry(t.db, { name: 'Espana' });
      const city = await makeCity(t.db, { name: 'Madrid', country: 'Espana' });
      const place = await makePlace(t.db, { location: 'Madrid', country: 'Espana' });

      const response = await t.admin({ method: 'PUT', url: `/api/admin/countries/${country.id}`, payload: update });
      expect(response.statusCode).toBe(200);
      const [movedCity] = await t.db.select().from(cities).where(eq(cities.id, city.id));
      const [movedPlace] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(movedCity!.country).toBe('Spain');
      expect(movedPlace!.country).toBe('Spain');
      expect((await t.admin({ method: 'GET', url: '/api/admin/countries/missing' })).json()).toEqual([]);
      expect((await t.admin({ method: 'GET', url: '/api/admin/cities/missing' })).json()).toEqual([]);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await t.admin({ method: 'PUT', url: `/api/admin/countries/${UNKNOWN_ID}`, payload: update });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Country not found. It may have been deleted already.',
        code: 'not_found',
      });
    });

    it('answers 409 when renaming onto another country, and changes nothing', async () => {
      await makeCountry(t.db, { name: 'Spain' });
      const portugal = await makeCountry(t.db, { name: 'Portugal' });
      const response = await t.admin({ method: 'PUT', url: `/api/admin/countries/${portugal.id}`, payload: update });
      expect(response.statusCode).toBe(409);
      const [row] = await t.db.select().from(countries).where(eq(countries.id, portugal.id));
      expect(row!.name).toBe('Portugal');
    });

    it('rejects an invalid body with 400 and changes nothing', async () => {
      const country = await makeCountry(t.db, { name: 'Spain' });
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/countries/${country.id}`,
        payload: { name: 'Spain', description: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain('imageUrl');
      const [row] = await t.db.select().from(countries).where(eq(countries.id, country.id));
      expect(row!.imageUrl).toBe(country.imageUrl);
    });
  });

  describe('DELETE /api/admin/countries/:id', () => {
    it('deletes the country and its translations but keeps its cities and places', async () => {
      const country = await makeCountry(t.db, { name: 'Spain' });
      await makeCountryTranslation(t.db, country.id, 'es', 'España');
      await makeCity(t.db, { name: 'Madrid', country: 'Spain' });
      await makePlace(t.db, { location: 'Madrid', country: 'Spain' });
      await makePlace(t.db, { location: 'Madrid', country: 'Spain' });

      const response = await t.admin({ method: 'DELETE', url: `/api/admin/countries/${country.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message:
          'Spain was moved to the trash. Its 1 city and 2 places were kept. You can restore it for 30 days from Trash.',
      });
      expect(await t.db.select().from(countries)).toHaveLength(0);
      expect(await t.db.select().from(countryTranslations)).toHaveLength(0);
      expect(await t.db.select().from(cities)).toHaveLength(1);
      expect(await t.db.select().from(places)).toHaveLength(2);
      expect((await t.admin({ method: 'GET', url: '/api/admin/countries/missing' })).json()).toEqual([
        { country: 'Spain' },
      ]);
    });

    it('answers 404 for an unknown id', async () => {
      for (const id of [UNKNOWN_ID, '12345']) {
        const response = await t.admin({ method: 'DELETE', url: `/api/admin/countries/${id}` });
        expect(response.statusCode).toBe(404);
      }
    });
  });
});
