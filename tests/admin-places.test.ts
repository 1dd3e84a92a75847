import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PLACE_LATITUDE_ERROR,
  PLACE_LONGITUDE_ERROR,
  PLACE_POSITION_PAIR_ERROR,
  type AdminPlaceDto,
  type AdminPlaceLocations,
} from '../src/shared/api/admin-places';
import { PAGE_SIZE_DEFAULT, parseLinkHeader } from '../src/shared/paging';
import { EDIT_PLACES_DEFAULT_COUNT } from '../src/shared/limits';
import {
  cities,
  galleryImages,
  photos,
  placeFacts,
  placeHistory,
  places,
  placeTranslations,
  slugRedirects,
} from '../src/server/db/schema';
import {
  makeCity,
  makeFacts,
  makeGalleryImage,
  makeHistory,
  makePlace,
  makePlaceTranslation,
} from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { makePlacesOnDays, walkPages } from './helpers/paging';
import { createTestApp, type TestApp } from './helpers/test-app';
import { MOVED_TO_TRASH } from '../src/shared/api/trash';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const validBody = {
  title: 'Eiffel Tower at dusk',
  description: 'The iron lady lights up over the Seine.',
  location: 'Paris',
  country: 'France',
  imageUrl: '/media/web/eiffel-1000.jpg',
  date: '2024-06-21',
};

describe('Edit Places API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(cities);
    await t.db.delete(places);
  });

  const mediaPath = (url: string) => join(t.dataDir, 'media', url.replace('/media/', ''));
  async function storeFile(key: string) {
    await t.app.storage.put(key, Buffer.from(`bytes of ${key}`));
    return `/media/${key}`;
  }

  const makePlaces = (count: number, overrides: Parameters<typeof makePlacesOnDays>[2] = {}) =>
    makePlacesOnDays(t, count, overrides);
  const walk = (url: string) => walkPages<AdminPlaceDto>((next) => t.admin({ method: 'GET', url: next }), url);

  describe('GET /api/admin/places-with-translations', () => {
    it('refuses a visitor without a session', async () => {
      await makePlace(t.db);
      for (const url of [
        '/api/admin/places-with-translations',
        '/api/admin/places-with-translations?limit=10&location=Paris&country=France',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(401);
        expect(response.json<{ error: string }>().error).toBe('Please sign in to continue.');
        expect(response.headers.link).toBeUndefined();
      }
    });

    it('lists places newest first with languages, history, facts and gallery counts', async () => {
      const older = await makePlace(t.db, { title: 'Older', date: '2023-01-10' });
      const newer = await makePlace(t.db, { title: 'Newer', date: '2024-08-02' });
      await makePlaceTranslation(t.db, newer.id, 'fr');
      await makePlaceTranslation(t.db, newer.id, 'es');
      await makeHistory(t.db, newer.id);
      await makeFacts(t.db, newer.id);
      await makeGalleryImage(t.db, newer.id);
      await makeGalleryImage(t.db, newer.id);

      const response = await t.admin({ method: 'GET', url: '/api/admin/places-with-translations' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      // everything fits on the first page: no neighbours to announce
      expect(response.headers.link).toBeUndefined();
      const list = response.json<AdminPlaceDto[]>();
      expect(list.map((p) => p.title)).toEqual(['Newer', 'Older']);
      expect(list[0]).toEqual({
        id: newer.id,
        slug: newer.slug,
        state: 'published',
        origin: 'machine',
        title: 'Newer',
        description: newer.description,
        fullDescription: newer.fullDescription,
        imageUrl: newer.imageUrl,
        originalImagePath: newer.originalImagePath,
        location: 'Paris',
        country: 'France',
        date: '2024-08-02',
        latitude: newer.latitude,
        longitude: newer.longitude,
        translatedLanguages: ['en', 'es', 'fr'],
        // Spanish and French text is translated, but not the English history and trivia added since.
        translations: {
          languages: ['es', 'de', 'fr', 'zh'].map((languageCode) => {
            const translated = languageCode === 'es' || languageCode === 'fr';
            const text = translated ? 'current' : 'missing';
            return {
              languageCode,
              status: translated ? 'outdated' : 'missing',
              reason: null,
              parts: [
                { part: 'text', status: text },
                { part: 'history', status: 'missing' },
                { part: 'facts', status: 'missing' },
              ],
            };
          }),
          job: null,
        },
        hasHistory: true,
        historyEventCount: 2,
        hasFacts: true,
        factsCount: 1,
        galleryCount: 2,
        photoCount: 3,
        // no visit facts entered (docs/product.md §21)
        visit: null,
      });
      expect(list[1]).toMatchObject({
        id: older.id,
        translatedLanguages: ['en'],
        hasHistory: false,
        historyEventCount: 0,
        hasFacts: false,
        factsCount: 0,
        galleryCount: 0,
        photoCount: 1,
      });
      expect(list[1]).not.toHaveProperty('pageKey');
    });

    it(`answers ${PAGE_SIZE_DEFAULT} places unless a limit asks for another number`, async () => {
      const made = await makePlaces(PAGE_SIZE_DEFAULT + 2);
      const response = await t.admin({ method: 'GET', url: '/api/admin/places-with-translations' });
      expect(response.json<AdminPlaceDto[]>().map((p) => p.id)).toEqual(
        made.slice(0, PAGE_SIZE_DEFAULT).map((p) => p.id),
      );
      const links = parseLinkHeader(String(response.headers.link));
      expect(links.next).toBeTruthy();
      expect(links.prev).toBeNull();

      const latest = await t.admin({
        method: 'GET',
        url: `/api/admin/places-with-translations?limit=${EDIT_PLACES_DEFAULT_COUNT}`,
      });
      expect(latest.json<AdminPlaceDto[]>().map((p) => p.id)).toEqual(
        made.slice(0, EDIT_PLACES_DEFAULT_COUNT).map((p) => p.id),
      );
    });

    it('pages 30 places by 10 through the Link header: every place once, newest first', async () => {
      const made = await makePlaces(30);
      const { pages, links } = await walk('/api/admin/places-with-translations?limit=10');
      expect(pages.map((p) => p.length)).toEqual([10, 10, 10]);
      const ids = pages.flat().map((p) => p.id);
      expect(new Set(ids).size).toBe(30);
      expect(ids).toEqual(made.map((p) => p.id));
      // the next page's address keeps the limit and the admin path
      expect(links[0]).toMatch(/^<\/api\/admin\/places-with-translations\?limit=10&cursor=[\w-]+>; rel="next"$/);
      // the last page announces only the page before it
      expect(parseLinkHeader(links[2]!).next).toBeNull();
      const prev = /<([^>]+)>;\s*rel="prev"/.exec(links[2]!)?.[1];
      const back = await t.admin({ method: 'GET', url: prev! });
      expect(back.json<AdminPlaceDto[]>().map((p) => p.id)).toEqual(pages[1]!.map((p) => p.id));
    });

    it('keeps places of the same day apart by when they were added', async () => {
      const made = await makePlaces(7, { date: '2024-05-01' });
      const { pages } = await walk('/api/admin/places-with-translations?limit=3');
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      const ids = pages.flat().map((p) => p.id);
      expect(new Set(ids).size).toBe(7);
      expect([...ids].sort()).toEqual(made.map((p) => p.id).sort());
      // the same order as one page holding them all
      const whole = await t.admin({ method: 'GET', url: '/api/admin/places-with-translations?limit=100' });
      expect(whole.json<AdminPlaceDto[]>().map((p) => p.id)).toEqual(ids);
    });

    it("pages only the chosen city's places, and the filter stays in the next page's address", async () => {
      const kyoto = await makePlaces(12, { location: 'Kyoto', country: 'Japan' });
      await makePlaces(5, { location: 'Lyon', country: 'France' });
      // same city name, other country: not Kyoto, Japan
      await makePlaces(3, { location: 'Kyoto', country: 'Elsewhere' });

      const { pages, links } = await walk('/api/admin/places-with-translations?limit=5&location=Kyoto&country=Japan');
      expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
      expect(pages.flat().map((p) => p.id)).toEqual(kyoto.map((p) => p.id));
      expect(pages.flat().every((p) => p.location === 'Kyoto' && p.country === 'Japan')).toBe(true);
      const next = new URL(/<([^>]+)>;\s*rel="next"/.exec(links[0]!)![1]!, 'http://localhost');
      expect(Object.fromEntries(next.searchParams)).toMatchObject({ limit: '5', location: 'Kyoto', country: 'Japan' });

      const names = encodeURIComponent('Saint-Étienne, "Loire" & co');
      await makePlace(t.db, { location: 'Saint-Étienne, "Loire" & co', country: 'France' });
      const odd = await t.admin({
        method: 'GET',
        url: `/api/admin/places-with-translations?location=${names}&country=France`,
      });
      expect(odd.json<AdminPlaceDto[]>().map((p) => p.location)).toEqual(['Saint-Étienne, "Loire" & co']);

      const none = await t.admin({
        method: 'GET',
        url: '/api/admin/places-with-translations?location=Atlantis&country=Nowhere',
      });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
      expect(none.headers.link).toBeUndefined();
    });

    it.each([
      ['a limit above 100', '?limit=101'],
      ['a limit of 0', '?limit=0'],
      ['a limit that is not a number', '?limit=ten'],
      ['a cursor that is not base64url', '?cursor=not%20a%20cursor'],
      ['a cursor that names no place key', `?cursor=${Buffer.from('["a","x"]').toString('base64url')}`],
      [
        'a cursor with an impossible date',
        `?cursor=${Buffer.from(JSON.stringify(['a', '2024-05-01', '2024-02-30T10:00:00.000000Z', UNKNOWN_ID])).toString('base64url')}`,
      ],
    ])('answers 400 for %s', async (_name, search) => {
      await makePlaces(3);
      const response = await t.admin({ method: 'GET', url: `/api/admin/places-with-translations${search}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    });
  });

  describe('GET /api/admin/places-with-translations: newest uploads first, photo dates, search', () => {
    const LIST = '/api/admin/places-with-translations';
    const titles = async (url: string) => {
      const response = await t.admin({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return response.json<AdminPlaceDto[]>().map((p) => p.title);
    };

    it('puts a photo taken in 2008 and uploaded last on top of the first page', async () => {
      await makePlaces(EDIT_PLACES_DEFAULT_COUNT + 2);
      const photo = await makePhoto({
        gps: { latitude: 48.8584, longitude: 2.2945 },
        dateTaken: '2008:04:12 10:00:00',
        seed: 2008,
      });
      const uploaded = await t.admin(uploadRequest(photo, { description: 'Tower in 2008.' }));
      expect(uploaded.statusCode).toBe(200);
      const place = uploaded.json<{ place: { id: string } }>().place;
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row!.date).toBe('2008-04-12');

      const first = await t.admin({ method: 'GET', url: `${LIST}?limit=${EDIT_PLACES_DEFAULT_COUNT}` });
      expect(first.json<AdminPlaceDto[]>()[0]!.id).toBe(place.id);
      // by the date the photo was taken it is the oldest: last, not on the first page
      const byDate = (await walk(`${LIST}?limit=${EDIT_PLACES_DEFAULT_COUNT}&sort=taken`)).pages;
      expect(byDate[0]!.map((p) => p.id)).not.toContain(place.id);
      expect(byDate.flat().at(-1)!.id).toBe(place.id);
    });

    it('sorts by upload or by photo date, each paged through the Link header with its own order', async () => {
      // uploaded in this order, taken in another
      for (const [title, date] of [
        ['Taken 2019', '2019-03-01'],
        ['Taken 2024', '2024-03-01'],
        ['Taken 2010', '2010-03-01'],
        ['Taken 2022', '2022-03-01'],
        ['Taken 2015', '2015-03-01'],
      ] as const) {
        await makePlace(t.db, { title, date });
      }
      const uploaded = await walk(`${LIST}?limit=2`);
      expect(uploaded.pages.map((page) => page.map((p) => p.title))).toEqual([
        ['Taken 2015', 'Taken 2022'],
        ['Taken 2010', 'Taken 2024'],
        ['Taken 2019'],
      ]);
      const taken = await walk(`${LIST}?limit=2&sort=taken`);
      expect(taken.pages.map((page) => page.map((p) => p.title))).toEqual([
        ['Taken 2024', 'Taken 2022'],
        ['Taken 2019', 'Taken 2015'],
        ['Taken 2010'],
      ]);
      expect(
        new URL(/<([^>]+)>;\s*rel="next"/.exec(taken.links[0]!)![1]!, 'http://localhost').searchParams.get('sort'),
      ).toBe('taken');
      // a cursor of one order is no place in the other
      const next = /<([^>]+)>;\s*rel="next"/.exec(taken.links[0]!)![1]!.replace('sort=taken', 'sort=uploaded');
      expect((await t.admin({ method: 'GET', url: next })).statusCode).toBe(400);
      const bad = await t.admin({ method: 'GET', url: `${LIST}?sort=random` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toContain('Sort by');
    });

    it('finds places by title or location, without case or accents, in any language, and pages the matches', async () => {
      await makePlace(t.db, { title: 'Cathédrale Notre-Dame', location: 'Paris', country: 'France' });
      await makePlace(t.db, { title: 'Old bridge', location: 'Köln', country: 'Germany' });
      const tower = await makePlace(t.db, { title: 'Tower of the wind', location: 'Athens', country: 'Greece' });
      await makePlaceTranslation(t.db, tower.id, 'zh', { title: '风之塔', location: '雅典' });
      await makePlaces(4, { title: 'Market of 100% olives', location: 'Lyon' });

      expect(await titles(`${LIST}?q=cathedrale`)).toEqual(['Cathédrale Notre-Dame']);
      expect(await titles(`${LIST}?q=${encodeURIComponent('  KOLN ')}`)).toEqual(['Old bridge']);
      expect(await titles(`${LIST}?q=${encodeURIComponent('雅典')}`)).toEqual(['Tower of the wind']);
      expect(await titles(`${LIST}?q=athens`)).toEqual(['Tower of the wind']);
      // LIKE's wildcards are plain characters
      expect(await titles(`${LIST}?q=${encodeURIComponent('0% o')}`)).toHaveLength(4);
      expect(await titles(`${LIST}?q=${encodeURIComponent('t_wer')}`)).toEqual([]);
      expect(await titles(`${LIST}?q=${encodeURIComponent('to%er')}`)).toEqual([]);
      expect(await titles(`${LIST}?q=nowhere`)).toEqual([]);
      // nothing to look for: the whole list
      expect(await titles(`${LIST}?q=${encodeURIComponent('  ')}`)).toHaveLength(7);

      const { pages, links } = await walk(`${LIST}?limit=3&q=olives`);
      expect(pages.map((page) => page.length)).toEqual([3, 1]);
      expect(pages.flat().every((p) => p.title === 'Market of 100% olives')).toBe(true);
      expect(new URL(/<([^>]+)>;\s*rel="next"/.exec(links[0]!)![1]!, 'http://localhost').searchParams.get('q')).toBe(
        'olives',
      );
      const long = await t.admin({ method: 'GET', url: `${LIST}?q=${'a'.repeat(201)}` });
      expect(long.statusCode).toBe(400);
      // hostile text is text: a backslash, quotes and SQL find nothing and break nothing
      for (const hostile of ['a\\b', "o'; drop table places; --", 'x%y', 'a_b', '🙂 olives🙂', 'a'.repeat(200)]) {
        const response = await t.admin({ method: 'GET', url: `${LIST}?q=${encodeURIComponent(hostile)}` });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([]);
      }
      // nothing to look for (no letter or digit): the whole list
      for (const symbols of ['\\', '%', '🙂']) {
        expect(await titles(`${LIST}?q=${encodeURIComponent(symbols)}`)).toHaveLength(7);
      }
      expect((await t.admin({ method: 'GET', url: `${LIST}?q=a%00b` })).statusCode).toBe(400);
      expect(await titles(LIST)).toHaveLength(7);
    });
  });

  describe('GET /api/admin/places/locations', () => {
    it('refuses a visitor without a session', async () => {
      await makePlace(t.db);
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/places/locations' });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ error: string }>().error).toBe('Please sign in to continue.');
    });

    it('answers no cities and a total of 0 when there are no places', async () => {
      const response = await t.admin({ method: 'GET', url: '/api/admin/places/locations' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ total: 0, locations: [] });
    });

    it('counts the places of each location and country, by location then country, and in all', async () => {
      await makePlaces(3, { location: 'Paris', country: 'France' });
      await makePlaces(2, { location: 'Kyoto', country: 'Japan' });
      await makePlaces(1, { location: 'Lyon', country: 'France' });
      await makePlaces(4, { location: 'Kyoto', country: 'Elsewhere' });

      const response = await t.admin({ method: 'GET', url: '/api/admin/places/locations' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.json<AdminPlaceLocations>()).toEqual({
        total: 10,
        locations: [
          { location: 'Kyoto', country: 'Elsewhere', count: 4 },
          { location: 'Kyoto', country: 'Japan', count: 2 },
          { location: 'Lyon', country: 'France', count: 1 },
          { location: 'Paris', country: 'France', count: 3 },
        ],
      });
    });

    it('follows edits and deletions', async () => {
      const [first, second] = await makePlaces(2, { location: 'Paris', country: 'France' });
      const edited = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${first!.id}`,
        payload: { ...validBody, location: 'Lyon', date: first!.date },
      });
      expect(edited.statusCode).toBe(200);
      const deleted = await t.admin({ method: 'DELETE', url: `/api/admin/places/${second!.id}` });
      expect(deleted.statusCode).toBe(200);
      const response = await t.admin({ method: 'GET', url: '/api/admin/places/locations' });
      expect(response.json()).toEqual({ total: 1, locations: [{ location: 'Lyon', country: 'France', count: 1 }] });
    });
  });

  describe('PUT /api/admin/places/{id}', () => {
    it('refuses a visitor without a session and changes nothing', async () => {
      const place = await makePlace(t.db);
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: validBody,
      });
      expect(response.statusCode).toBe(401);
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row!.title).toBe(place.title);
    });

    it('refuses a cross-site request even with a session', async () => {
      const place = await makePlace(t.db);
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: validBody,
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row!.title).toBe(place.title);
    });

    it.each([
      ['a blank title', { ...validBody, title: '   ' }, 'title'],
      ['a missing country', { ...validBody, country: undefined }, 'country'],
      ['an impossible date', { ...validBody, date: '2024-02-30' }, 'date'],
      ['a date that is not a date', { ...validBody, date: 'yesterday' }, 'date'],
      ['a script address as image', { ...validBody, imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ])('answers 400 for %s and changes nothing', async (_name, body, field) => {
      const place = await makePlace(t.db);
      const response = await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}`, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(field);
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({ title: place.title, date: place.date, imageUrl: place.imageUrl });
    });

    it('answers 400 to malformed JSON and to a missing body', async () => {
      const place = await makePlace(t.db);
      const malformed = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: '{"title": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      const missing = await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ error: string }>().error).not.toMatch(/at \w+ \(/);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const response = await t.admin({ method: 'PUT', url: `/api/admin/places/${id}`, payload: validBody });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Place not found', code: 'not_found' });
      }
    });

    it('saves the edited fields, trimmed, and keeps the slug', async () => {
      const place = await makePlace(t.db);
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: { ...validBody, title: '  Eiffel Tower at dusk  ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, message: 'Place updated successfully' });
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({ ...validBody, slug: place.slug });
    });

    it('keeps the translations up to date when only the picture or the date changes', async () => {
      const place = await makePlace(t.db, { ...validBody });
      await makePlaceTranslation(t.db, place.id, 'de');
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: { ...validBody, imageUrl: '/media/web/other-1000.jpg', date: '2023-01-02' },
      });
      expect(response.json()).toEqual({
        success: true,
        message: 'Place updated successfully',
        outdatedTranslations: [],
        translationQueued: false,
      });
      const listed = (await t.admin({ url: '/api/admin/places-with-translations' })).json<AdminPlaceDto[]>();
      const german = listed.find((p) => p.id === place.id)!.translations.languages[1]!;
      expect(german).toMatchObject({ languageCode: 'de', status: 'current' });
      const translations = await t.db.select().from(placeTranslations).where(eq(placeTranslations.placeId, place.id));
      expect(translations.map((r) => r.title)).toEqual(['Title in de']);
    });

    it('keeps the translations of the old text and marks them outdated; offline, nothing is queued', async () => {
      const place = await makePlace(t.db, { ...validBody });
      for (const code of ['zh', 'de']) await makePlaceTranslation(t.db, place.id, code);
      await makeHistory(t.db, place.id);

      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: { ...validBody, description: 'The iron lady sparkles on the hour after dark.' },
      });
      expect(response.json()).toEqual({
        success: true,
        message: 'Place updated successfully',
        outdatedTranslations: ['de', 'zh'],
        translationQueued: false,
      });
      const kept = await t.db.select().from(placeTranslations).where(eq(placeTranslations.placeId, place.id));
      expect(kept.map((row) => row.title).sort()).toEqual(['Title in de', 'Title in zh']);
      expect(await t.db.select().from(placeHistory).where(eq(placeHistory.placeId, place.id))).toHaveLength(1);

      // German visitors keep reading the German text (the previous translation), marked German.
      const german = await t.app.inject({ url: `/api/places/by-slug/${place.slug}/translations/de` });
      expect(german.json()).toMatchObject({ description: 'Description in de', englishFields: [] });
      const listed = (await t.admin({ url: '/api/admin/places-with-translations' })).json<AdminPlaceDto[]>();
      const state = listed.find((p) => p.id === place.id)!.translations;
      expect(state.languages.map((l) => [l.languageCode, l.status])).toEqual([
        ['es', 'missing'],
        ['de', 'outdated'],
        ['fr', 'missing'],
        ['zh', 'outdated'],
      ]);
      expect(state.job).toBeNull();
    });
  });

  describe('Edit Place: where the place is, and its web address', () => {
    const put = (id: string, payload: object) => t.admin({ method: 'PUT', url: `/api/admin/places/${id}`, payload });

    it('lists each place with its coordinates', async () => {
      const place = await makePlace(t.db, { latitude: 38.80097, longitude: -9.37826 });
      const listed = (await t.admin({ url: '/api/admin/places-with-translations' })).json<AdminPlaceDto[]>();
      expect(listed.find((p) => p.id === place.id)).toMatchObject({ latitude: 38.80097, longitude: -9.37826 });
    });

    it('moves a place to a town: coordinates, location and country saved, translations outdated', async () => {
      const place = await makePlace(t.db, { ...validBody, latitude: 38.7521, longitude: -9.2279 });
      await makePlaceTranslation(t.db, place.id, 'de');
      const response = await put(place.id, {
        ...validBody,
        location: 'Sintra',
        country: 'Portugal',
        latitude: 38.80097,
        longitude: -9.37826,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ outdatedTranslations: ['de'] });
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({ location: 'Sintra', country: 'Portugal', latitude: 38.80097, longitude: -9.37826 });
      expect(row!.sourceVersion).toBe(place.sourceVersion + 1);
    });

    it('keeps the coordinates when the form leaves them out', async () => {
      const place = await makePlace(t.db, { latitude: 38.80097, longitude: -9.37826 });
      expect((await put(place.id, validBody)).statusCode).toBe(200);
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({ latitude: 38.80097, longitude: -9.37826 });
    });

    const badPositions: Array<[string, object, string]> = [
      ['a latitude without longitude', { latitude: 38.8 }, PLACE_POSITION_PAIR_ERROR],
      ['a longitude without latitude', { longitude: -9.4 }, PLACE_POSITION_PAIR_ERROR],
      ['latitude 91', { latitude: 91, longitude: -9.4 }, PLACE_LATITUDE_ERROR],
      ['longitude -180.5', { latitude: 38.8, longitude: -180.5 }, PLACE_LONGITUDE_ERROR],
      ['a latitude as text', { latitude: '38.8', longitude: -9.4 }, PLACE_LATITUDE_ERROR],
    ];
    for (const [what, position, error] of badPositions) {
      it(`refuses ${what} with a 400 that says so, changing nothing`, async () => {
        const place = await makePlace(t.db, { ...validBody, latitude: 48.8584, longitude: 2.2945 });
        const response = await put(place.id, { ...validBody, location: 'Sintra', ...position });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ error: string }>().error).toContain(error);
        const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
        expect(row).toMatchObject({ location: 'Paris', latitude: 48.8584, longitude: 2.2945 });
      });
    }

    it('changes the web address with the position; the old address forwards to the new one', async () => {
      const place = await makePlace(t.db, { ...validBody, slug: 'old-address-of-pena' });
      const response = await put(place.id, {
        ...validBody,
        slug: 'pena-palace-sintra',
        latitude: 38.78759,
        longitude: -9.39045,
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({ slug: 'pena-palace-sintra', latitude: 38.78759 });
      const [moved] = await t.db.select().from(slugRedirects).where(eq(slugRedirects.slug, 'old-address-of-pena'));
      expect(moved).toMatchObject({ targetSlug: 'pena-palace-sintra' });
    });

    it('refuses a web address longer than 60 characters, changing nothing', async () => {
      const place = await makePlace(t.db, { ...validBody });
      const response = await put(place.id, { ...validBody, slug: `${'a'.repeat(30)}-${'b'.repeat(30)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain('at most 60 characters');
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row!.slug).toBe(place.slug);
    });
  });

  describe('Edit Place: full article, cover photo and photo counts', () => {
    const put = (id: string, body: object) => t.admin({ method: 'PUT', url: `/api/admin/places/${id}`, payload: body });
    const adminCard = async (id: string) =>
      (await t.admin({ url: '/api/admin/places-with-translations' })).json<AdminPlaceDto[]>().find((p) => p.id === id)!;

    it('saves a changed full article, shows it on the place page and marks the translations outdated', async () => {
      const place = await makePlace(t.db, { ...validBody, fullDescription: 'The old long article.' });
      await makePlaceTranslation(t.db, place.id, 'de');
      const response = await put(place.id, { ...validBody, fullDescription: '  Climb the 674 steps at sunset.  ' });
      expect(response.json()).toMatchObject({ outdatedTranslations: ['de'] });
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row!.fullDescription).toBe('Climb the 674 steps at sunset.');
      const page = await t.app.inject({ url: `/en/${place.slug}` });
      expect(page.body).toContain('Climb the 674 steps at sunset.');
      expect(page.body).not.toContain('The old long article.');
    });

    it('keeps the full article when the form leaves it out, and falls back to the summary when emptied', async () => {
      const place = await makePlace(t.db, { ...validBody, fullDescription: 'Kept article.' });
      await put(place.id, validBody);
      expect((await t.db.select().from(places).where(eq(places.id, place.id)))[0]!.fullDescription).toBe(
        'Kept article.',
      );
      await put(place.id, { ...validBody, fullDescription: '   ' });
      expect((await t.db.select().from(places).where(eq(places.id, place.id)))[0]!.fullDescription).toBeNull();
    });

    it('refuses a full article over the limit and changes nothing', async () => {
      const place = await makePlace(t.db, { ...validBody, fullDescription: 'Kept article.' });
      const response = await put(place.id, { ...validBody, fullDescription: 'x'.repeat(20_001) });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain('fullDescription');
      expect((await t.db.select().from(places).where(eq(places.id, place.id)))[0]!.fullDescription).toBe(
        'Kept article.',
      );
    });

    it('makes a gallery photo the cover: the old cover joins the gallery, no photo is lost and no file removed', async () => {
      const coverUrl = await storeFile('web/cover-1000.jpg');
      const coverOriginal = await storeFile('originals/cover.jpg');
      const place = await makePlace(t.db, { ...validBody, imageUrl: coverUrl, originalImagePath: coverOriginal });
      const first = await makeGalleryImage(t.db, place.id);
      const chosen = await makeGalleryImage(t.db, place.id);
      expect((await adminCard(place.id)).photoCount).toBe(3);

      const response = await put(place.id, { ...validBody, imageUrl: chosen.imageUrl });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({ imageUrl: chosen.imageUrl, originalImagePath: chosen.originalImagePath });
      const gallery = await t.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id));
      expect(gallery.map((g) => [g.imageUrl, g.originalImagePath]).sort()).toEqual(
        [
          [first.imageUrl, first.originalImagePath],
          [coverUrl, coverOriginal],
        ].sort(),
      );
      expect(existsSync(mediaPath(coverUrl))).toBe(true);
      expect(existsSync(mediaPath(coverOriginal))).toBe(true);

      // The admin card and the place page count the same photos: the cover and the gallery.
      const card = await adminCard(place.id);
      expect(card).toMatchObject({ galleryCount: 2, photoCount: 3 });
      const publicGallery = await t.app.inject({ url: `/api/places/${place.id}/gallery` });
      expect(publicGallery.json<unknown[]>().length + 1).toBe(card.photoCount);
    });
  });

  describe('a cover from outside the place', () => {
    it("drops the old cover's original with it, so downloads never give a different photo", async () => {
      const coverUrl = await storeFile('web/old-cover-1000.jpg');
      const coverOriginal = await storeFile('originals/old-cover.jpg');
      const place = await makePlace(t.db, { ...validBody, imageUrl: coverUrl, originalImagePath: coverOriginal });
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: { ...validBody, imageUrl: '/media/web/harbour-1000.jpg' },
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({ imageUrl: '/media/web/harbour-1000.jpg', originalImagePath: null });
      expect(existsSync(mediaPath(coverUrl))).toBe(false);
      expect(existsSync(mediaPath(coverOriginal))).toBe(false);
    });
  });

  describe('DELETE /api/admin/places/{id}', () => {
    it('refuses a visitor without a session and a cross-site request', async () => {
      const place = await makePlace(t.db);
      const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/admin/places/${place.id}` });
      expect(anonymous.statusCode).toBe(401);
      const crossSite = await t.admin({
        method: 'DELETE',
        url: `/api/admin/places/${place.id}`,
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(await t.db.select().from(places).where(eq(places.id, place.id))).toHaveLength(1);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [UNKNOWN_ID, 'nope']) {
        const response = await t.admin({ method: 'DELETE', url: `/api/admin/places/${id}` });
        expect(response.statusCode).toBe(404);
      }
    });

    it('removes the place and every dependent row at once, and its files when the trash is emptied', async () => {
      const imageUrl = await storeFile('web/doomed-1000.jpg');
      const originalImagePath = await storeFile('originals/doomed.jpg');
      const place = await makePlace(t.db, { imageUrl, originalImagePath });
      const kept = await makePlace(t.db);
      await makePlaceTranslation(t.db, place.id, 'es');
      await makeHistory(t.db, place.id);
      await makeFacts(t.db, place.id);
      const galleryWeb = await storeFile('web/doomed-gallery-1000.jpg');
      const galleryOriginal = await storeFile('originals/doomed-gallery.jpg');
      await t.db
        .insert(galleryImages)
        .values({ placeId: place.id, imageUrl: galleryWeb, originalImagePath: galleryOriginal });

      const response = await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: MOVED_TO_TRASH });

      expect(await t.db.select().from(places).where(eq(places.id, place.id))).toHaveLength(0);
      expect(await t.db.select().from(places).where(eq(places.id, kept.id))).toHaveLength(1);
      for (const table of [placeTranslations, placeHistory, placeFacts, galleryImages]) {
        expect(await t.db.select().from(table).where(eq(table.placeId, place.id))).toHaveLength(0);
      }
      for (const url of [imageUrl, originalImagePath, galleryWeb, galleryOriginal]) {
        expect(existsSync(mediaPath(url)), url).toBe(true);
      }
      expect((await t.admin({ method: 'DELETE', url: `/api/admin/trash/place/${place.id}` })).statusCode).toBe(200);
      for (const url of [imageUrl, originalImagePath, galleryWeb, galleryOriginal]) {
        expect(existsSync(mediaPath(url)), url).toBe(false);
      }
    });

    it('removes every file a real upload wrote (all sizes, WebP twins, original) and its photo row when the trash is emptied', async () => {
      const mediaDir = join(t.dataDir, 'media');
      const filesOf = (id: string) =>
        ['web', 'originals'].flatMap((dir) =>
          existsSync(join(mediaDir, dir)) ? readdirSync(join(mediaDir, dir)).filter((f) => f.includes(id)) : [],
        );
      const photo = await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, seed: 4242 });
      const uploaded = await t.admin(uploadRequest(photo, { description: 'Tower at noon.' }));
      expect(uploaded.statusCode).toBe(200);
      const placeId = uploaded.json<{ place: { id: string } }>().place.id;
      const [place] = await t.db.select().from(places).where(eq(places.id, placeId));
      const imageId = /([0-9a-f]{32})/.exec(place!.imageUrl)![1]!;
      expect(filesOf(imageId).length).toBeGreaterThanOrEqual(5);

      const response = await t.admin({ method: 'DELETE', url: `/api/admin/places/${placeId}` });
      expect(response.statusCode).toBe(200);
      expect(await t.db.select().from(photos).where(eq(photos.placeId, placeId))).toHaveLength(0);
      expect(filesOf(imageId).length).toBeGreaterThanOrEqual(5);
      expect((await t.admin({ method: 'DELETE', url: `/api/admin/trash/place/${placeId}` })).statusCode).toBe(200);
      expect(filesOf(imageId)).toEqual([]);
      expect(await t.db.select().from(photos).where(eq(photos.placeId, placeId))).toHaveLength(0);
    });

    it('keeps the photo file a city still uses as its picture', async () => {
      const imageUrl = await storeFile('web/city-picture-1000.jpg');
      const place = await makePlace(t.db, { imageUrl, location: 'Lyon' });
      await makeCity(t.db, { name: 'Lyon', imageUrl });

      const response = await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` });
      expect(response.statusCode).toBe(200);
      await t.admin({ method: 'DELETE', url: `/api/admin/trash/place/${place.id}` });
      expect(existsSync(mediaPath(imageUrl))).toBe(true);
    });
  });
});
