import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../src/shared/paging';
import type { PlaceDto, TranslatedCityDto, TranslatedCountryDto } from '../src/shared/api/public';
import { cities, countries, places } from '../src/server/db/schema';
import { makeCity, makeCountry, makePlace } from './helpers/factories';
import { makePlacesOnDays, walkPages } from './helpers/paging';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('paged public lists', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(places);
    await t.db.delete(cities);
    await t.db.delete(countries);
  });

  const walk = <T>(url: string) => walkPages<T>((next) => t.app.inject({ method: 'GET', url: next }), url);
  const makePlaces = (count: number, overrides: Parameters<typeof makePlacesOnDays>[2] = {}) =>
    makePlacesOnDays(t, count, overrides);

  it('home shows the newest 24 places and announces the next page in a Link header', async () => {
    const made = await makePlaces(30);
    const response = await t.app.inject({ method: 'GET', url: '/api/places/translations/en' });
    expect(response.statusCode).toBe(200);
    const first = response.json<PlaceDto[]>();
    expect(first.map((p) => p.id)).toEqual(made.slice(0, 24).map((p) => p.id));
    const links = parseLinkHeader(String(response.headers.link));
    expect(links.next).toBeTruthy();
    expect(links.prev).toBeNull();
    expect(String(response.headers.link)).toMatch(/^<\/api\/places\/translations\/en\?cursor=[\w-]+>; rel="next"$/);
  });

  it('following next links visits every place once, newest first, and prev leads back', async () => {
    const made = await makePlaces(23);
    const { pages, links } = await walk<PlaceDto>('/api/places/translations/en?limit=10');
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(pages.flat().map((p) => p.id)).toEqual(made.map((p) => p.id));
    // limit carries over to the next page's address
    expect(links[0]).toContain('limit=10');

    const prevOfThird = /<([^>]+)>;\s*rel="prev"/.exec(links[2]!)?.[1];
    expect(prevOfThird).toBeDefined();
    const back = await t.app.inject({ method: 'GET', url: prevOfThird! });
    expect(back.json<PlaceDto[]>().map((p) => p.id)).toEqual(pages[1]!.map((p) => p.id));
    // the page before the second is the first page, which has no page before it
    const prevOfSecond = /<([^>]+)>;\s*rel="prev"/.exec(links[1]!)?.[1];
    const first = await t.app.inject({ method: 'GET', url: prevOfSecond! });
    expect(first.json<PlaceDto[]>().map((p) => p.id)).toEqual(pages[0]!.map((p) => p.id));
    expect(parseLinkHeader(String(first.headers.link)).prev).toBeNull();
  });

  it('tells apart places with the same date and the same creation instant', async () => {
    const createdAt = new Date('2024-05-01T10:00:00.000Z');
    const twins = [];
    for (let i = 0; i < 7; i++) twins.push(await makePlace(t.db, { date: '2024-05-01', createdAt }));
    const { pages } = await walk<PlaceDto>('/api/places/translations/en?limit=3');
    const ids = pages.flat().map((p) => p.id);
    expect(ids).toHaveLength(7);
    expect(new Set(ids)).toEqual(new Set(twins.map((p) => p.id)));
  });

  it('pages a city’s places, the countries list and a country’s cities the same way', async () => {
    const france = await makeCountry(t.db, { name: 'France', slug: 'france' });
    await makeCity(t.db, { name: 'Lyon', country: 'France', slug: 'lyon' });
    for (let i = 0; i < 4; i++) await makeCity(t.db, { name: `Town ${i}`, country: 'France' });
    for (let i = 0; i < 5; i++) await makeCountry(t.db);
    await makePlaces(5, { location: 'Lyon', country: 'France' });
    await makePlaces(2, { location: 'Paris', country: 'France' });

    const cityPlaces = await walk<PlaceDto>('/api/cities/by-slug/lyon/places?languageCode=de&limit=2');
    expect(cityPlaces.pages.flat()).toHaveLength(5);
    expect(cityPlaces.pages.flat().every((p) => p.location === 'Lyon')).toBe(true);
    expect(cityPlaces.links[0]).toContain('languageCode=de');

    const countryList = await walk<TranslatedCountryDto>('/api/countries/translations/en?limit=4');
    expect(countryList.pages.map((p) => p.length)).toEqual([4, 2]);
    expect(countryList.pages.flat().map((c) => c.id)).toContain(france.id);

    const frenchCities = await walk<TranslatedCityDto>('/api/countries/by-slug/france/cities/translations/en?limit=3');
    expect(
      frenchCities.pages
        .flat()
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Lyon', 'Town 0', 'Town 1', 'Town 2', 'Town 3']);

    const photoChoices = await walk<PlaceDto>('/api/places?location=Lyon&country=France&limit=4');
    expect(photoChoices.pages.flat()).toHaveLength(5);
  });

  it('refuses a limit above 100 and a forged or garbled cursor with a clear 400', async () => {
    await makePlaces(2);
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/places/translations/en?limit=101' });
    expect(tooMany.statusCode).toBe(400);

    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of [
      'not-a-cursor',
      forged(['a', '2024-01-01', '2024-02-30T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']),
      forged(['a', '2024-01-01', '2024-01-01T00:00:00.000000Z', "1'; drop table places; --"]),
      forged(['x', '2024-01-01', '2024-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']),
      forged(['a', 5, '2024-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']),
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/places/translations/en?cursor=${cursor}` });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/cursor/i);
    }
    // nothing was harmed
    const list = await t.app.inject({ method: 'GET', url: '/api/places/translations/en' });
    expect(list.json<PlaceDto[]>()).toHaveLength(2);
  });

  it('answers an empty last page past the end, with a way back', async () => {
    const made = await makePlaces(3);
    const { links } = await walk<PlaceDto>('/api/places/translations/en?limit=2');
    const next = /<([^>]+)>;\s*rel="next"/.exec(links[0]!)?.[1];
    // The second page's places are deleted before the visitor follows the link.
    await t.db.delete(places);
    const response = await t.app.inject({ method: 'GET', url: next! });
    expect(response.statusCode).toBe(200);
    expect(response.json<PlaceDto[]>()).toEqual([]);
    expect(parseLinkHeader(String(response.headers.link))).toEqual({ next: null, prev: '' });
    expect(made).toHaveLength(3);
  });
});
