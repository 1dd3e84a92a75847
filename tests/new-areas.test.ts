import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, PublicationResponse } from '../src/shared/api/publishing';
import type { CreateMissingAreasResponse, MissingPublishedAreas } from '../src/shared/api/new-areas';
import type { MissingCityDto } from '../src/shared/api/admin-areas';
import type { UploadResponse } from '../src/shared/api/uploads';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { cities, countries } from '../src/server/db/schema';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

const MADRID = { latitude: 40.4153, longitude: -3.6845 };
const MADRID_AGAIN = { latitude: 40.4238, longitude: -3.7122 };
const PARIS = { latitude: 48.8606, longitude: 2.3376 };
const ROME = { latitude: 41.8902, longitude: 12.4922 };
const LISBON = { latitude: 38.6916, longitude: -9.216 };
const BERLIN = { latitude: 52.5163, longitude: 13.3777 };

/** The country's name on /{lang}/ pages (CLDR, offline). */
const SPAIN = { en: 'Spain', es: 'España', de: 'Spanien', fr: 'Espagne', zh: '西班牙' } as const;
const NO_PLACES = {
  en: 'No places in this city yet.',
  es: 'Todavía no hay lugares en esta ciudad.',
  de: 'In dieser Stadt gibt es noch keine Orte.',
  fr: 'Aucun lieu pour l’instant dans cette ville.',
  zh: '这座城市暂时还没有地点。',
} as const;

/** The page as a visitor sees it: without the data handed to the browser (which holds every interface text). */
const visible = (html: string) => html.split('<script id="__QUERY_STATE__"')[0]!;

const breadcrumbLinks = (html: string) =>
  [
    ...(/<nav aria-label="[^"]*" class="breadcrumbs">(.*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]*)"/g),
  ].map((m) => m[1]);

interface Uploaded {
  id: string;
  slug: string;
  city: string;
  country: string;
  imageUrl: string;
}

/** An app of its own, with the render cache on, uploads published at once and the given newAreas setting. */
async function startApp(newAreas: 'default' | 'ask') {
  return createTestApp(
    { renderCacheBytes: 32 * 1024 * 1024 },
    { pages: { renderSource: sourceRenderSource() }, newAreas, newUploads: 'publish' },
  );
}

function helpers(app: () => TestApp) {
  const get = (url: string) => app().app.inject({ method: 'GET', url });
  async function upload(gps: { latitude: number; longitude: number }): Promise<Uploaded> {
    const response = await app().admin(uploadRequest(await makePhoto({ gps, dateTaken: '2024:05:17 10:00:00' })));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UploadResponse>();
    return {
      id: body.place!.id,
      slug: body.place!.slug!,
      city: body.photo!.city,
      country: body.photo!.country,
      imageUrl: body.photo!.imageUrl,
    };
  }
  const cityRow = async (name: string) => (await app().db.select().from(cities).where(eq(cities.name, name)))[0];
  const countryRow = async (name: string) =>
    (await app().db.select().from(countries).where(eq(countries.name, name)))[0];
  const missing = async () =>
    (await app().admin({ method: 'GET', url: '/api/admin/areas/missing-published' })).json<MissingPublishedAreas>();
  /** Reads a page twice, so that the next read after a write shows whether the cache let it go. */
  async function cached(url: string) {
    await get(url);
    const again = await get(url);
    expect(again.headers['cache-status'], url).toContain('hit');
    return again;
  }
  return { get, upload, cityRow, countryRow, missing, cached };
}

describe('cities and countries appear with their first published place (default: create)', () => {
  let t: TestApp;
  const { get, upload, cityRow, countryRow, missing, cached } = helpers(() => t);
  let madrid: Uploaded;
  let madridAgain: Uploaded;
  let paris: Uploaded;
  let rome: Uploaded;

  beforeAll(async () => {
    t = await startApp('default');
  });
  afterAll(() => t.close());

  it('the setting is create by default; a PUT of one setting keeps the other; bad bodies are refused', async () => {
    const read = await t.admin({ method: 'GET', url: '/api/admin/settings' });
    expect(read.json<AdminSettings>()).toEqual({
      newUploads: 'publish',
      newAreas: 'create',
      groupWithinMeters: 0,
      aiModel: null,
    });
    const ask = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newAreas: 'ask' } });
    expect(ask.json<AdminSettings>()).toEqual({
      newUploads: 'publish',
      newAreas: 'ask',
      groupWithinMeters: 0,
      aiModel: null,
    });
    const draft = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'draft' } });
    expect(draft.json<AdminSettings>()).toEqual({
      newUploads: 'draft',
      newAreas: 'ask',
      groupWithinMeters: 0,
      aiModel: null,
    });
    for (const payload of [{}, { newAreas: 'sometimes' }, { newAreas: null }]) {
      const bad = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json<{ error: string }>().error).not.toMatch(/at .*\.ts|stack/i);
    }
    const both = await t.admin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { newUploads: 'publish', newAreas: 'create' },
    });
    expect(both.json<AdminSettings>()).toEqual({
      newUploads: 'publish',
      newAreas: 'create',
      groupWithinMeters: 0,
      aiModel: null,
    });
  });

  it('photos uploaded with "publish at once" in three towns of three countries: /countries, each country, each city and each place lead to each other in five languages', async () => {
    const countriesPage = await cached('/en/countries');
    expect(visible(countriesPage.body)).toContain('No countries yet.');
    await cached('/de/countries');

    madrid = await upload(MADRID);
    madridAgain = await upload(MADRID_AGAIN);
    paris = await upload(PARIS);
    rome = await upload(ROME);
    expect([madrid.city, madridAgain.city, paris.city, rome.city]).toEqual(['Madrid', 'Madrid', 'Paris', 'Rome']);
    expect([madrid.country, paris.country, rome.country]).toEqual(['Spain', 'France', 'Italy']);

    // one city per town, its picture the town's first photo, its text the offline writer's, to be reviewed
    const city = (await cityRow('Madrid'))!;
    expect(city).toMatchObject({ country: 'Spain', slug: 'madrid', imageUrl: madrid.imageUrl, reviewed: false });
    expect(city.description).toBe('Madrid is a city in Spain. Explore the places we have visited there.');
    expect((await t.db.select().from(cities)).map((c) => c.name).sort()).toEqual(['Madrid', 'Paris', 'Rome']);
    const spain = (await countryRow('Spain'))!;
    expect(spain).toMatchObject({ slug: 'spain', imageUrl: madrid.imageUrl, reviewed: false });
    expect(spain.description).toBe('Explore the cities and places we have visited in Spain.');

    // the cached list shows them at once
    const listed = await get('/en/countries');
    expect(visible(listed.body)).not.toContain('No countries yet.');
    for (const slug of ['spain', 'france', 'italy']) expect(listed.body).toContain(`href="/en/${slug}"`);
    expect((await get('/de/countries')).body).toContain('Spanien');

    for (const lang of LANGUAGE_CODES) {
      const countryPage = await get(`/${lang}/spain`);
      expect(countryPage.statusCode, lang).toBe(200);
      expect(countryPage.body).toContain(SPAIN[lang]);
      expect(countryPage.body).toContain(`href="/${lang}/madrid"`);
      expect(breadcrumbLinks(countryPage.body)).toEqual([`/${lang}/home`]);

      const cityPage = await get(`/${lang}/madrid`);
      expect(cityPage.statusCode, lang).toBe(200);
      for (const place of [madrid, madridAgain]) expect(cityPage.body).toContain(`href="/${lang}/${place.slug}"`);
      expect(breadcrumbLinks(cityPage.body)).toEqual([`/${lang}/home`, `/${lang}/spain`]);

      const placePage = await get(`/${lang}/${madrid.slug}`);
      expect(placePage.statusCode, lang).toBe(200);
      expect(breadcrumbLinks(placePage.body)).toEqual([`/${lang}/home`, `/${lang}/spain`, `/${lang}/madrid`]);
    }
    for (const [country, town] of [
      ['france', 'paris'],
      ['italy', 'rome'],
    ]) {
      expect((await get(`/fr/${country}`)).body).toContain(`href="/fr/${town}"`);
      expect((await get(`/zh/${town}`)).statusCode).toBe(200);
    }

    // nothing is left for the owner to add by hand
    expect(await missing()).toEqual({ cities: 0, countries: 0 });
    expect((await t.admin({ method: 'GET', url: '/api/admin/cities/missing' })).json()).toEqual([]);
  });

  it('a draft-only town gets no page; publishing its place makes the city and country, and says so', async () => {
    await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'draft' } });
    const lisbon = await upload(LISBON);
    await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'publish' } });
    expect((await get('/en/portugal')).statusCode).toBe(404);
    expect(await cityRow(lisbon.city)).toBeUndefined();
    // only published places count for the one-time action
    expect(await missing()).toEqual({ cities: 0, countries: 0 });
    await cached('/en/countries');

    const published = await t.admin({ method: 'POST', url: `/api/admin/places/${lisbon.id}/publish` });
    expect(published.statusCode).toBe(200);
    const { message } = published.json<PublicationResponse>();
    expect(message).toContain(`${lisbon.city} and Portugal have their own pages now`);
    expect((await get('/en/portugal')).statusCode).toBe(200);
    expect((await get('/en/countries')).body).toContain('href="/en/portugal"');

    // the last place unpublished: the city page stays and says it has no places, in every language
    const citySlug = (await cityRow(lisbon.city))!.slug;
    await t.admin({ method: 'POST', url: `/api/admin/places/${lisbon.id}/unpublish` });
    for (const lang of LANGUAGE_CODES) {
      const page = await get(`/${lang}/${citySlug}`);
      expect(page.statusCode, lang).toBe(200);
      expect(visible(page.body)).toContain(NO_PLACES[lang]);
      expect(page.body).not.toContain(`/${lang}/${lisbon.slug}"`);
    }
    expect(await cityRow(lisbon.city)).toBeDefined();
  });

  it('an edit that moves a published place to a town without a page makes its city', async () => {
    const place = await t.admin({ method: 'GET', url: `/api/admin/places-with-translations?limit=50` });
    const row = place.json<Array<Record<string, unknown>>>().find((p) => p.id === madridAgain.id)!;
    const moved = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${madridAgain.id}`,
      payload: {
        title: row.title,
        description: row.description,
        location: 'Tres Cantos',
        country: 'Spain',
        imageUrl: row.imageUrl,
        date: row.date,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ message: string }>().message).toBe(
      'Place updated successfully. Tres Cantos has its own page now: /en/tres-cantos.',
    );
    const page = await get('/es/tres-cantos');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="/es/${madridAgain.slug}"`);
    // an edit that leaves the town as it is makes nothing, even where a city was deleted
    const deleted = await t.admin({ method: 'DELETE', url: `/api/admin/cities/${(await cityRow('Rome'))!.id}` });
    expect(deleted.statusCode).toBe(200);
    const again = await t.admin({ method: 'POST', url: `/api/admin/places/${rome.id}/unpublish` });
    expect(again.statusCode).toBe(200);
    await t.admin({ method: 'POST', url: `/api/admin/places/${rome.id}/publish` });
    // the deleted city waits in the trash: the owner's decision stands until it is restored
    expect(await cityRow('Rome')).toBeUndefined();
  });
});

describe("cities and countries with newAreas 'ask', and the one-time action", () => {
  let t: TestApp;
  const { get, upload, cityRow, missing, cached } = helpers(() => t);

  beforeAll(async () => {
    t = await startApp('ask');
  });
  afterAll(() => t.close());

  it('nothing is created: the Missing cards list the towns, Add City works as before, and the one-time action creates the rest', async () => {
    const paris = await upload(PARIS);
    const berlin = await upload(BERLIN);
    const madrid = await upload(MADRID);
    expect(visible((await get('/en/countries')).body)).toContain('No countries yet.');
    expect((await get('/en/germany')).statusCode).toBe(404);
    expect(await cityRow('Berlin')).toBeUndefined();
    const missingCities = (await t.admin({ method: 'GET', url: '/api/admin/cities/missing' })).json<MissingCityDto[]>();
    expect(missingCities).toEqual([
      { location: 'Paris', country: 'France' },
      { location: 'Berlin', country: 'Germany' },
      { location: 'Madrid', country: 'Spain' },
    ]);
    const missingCountries = (await t.admin({ method: 'GET', url: '/api/admin/countries/missing' })).json();
    expect(missingCountries).toEqual([{ country: 'France' }, { country: 'Germany' }, { country: 'Spain' }]);

    // Add City, by hand, as today
    const added = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Paris', country: 'France', imageUrl: paris.imageUrl },
    });
    expect(added.statusCode).toBe(201);
    // a draft-only town is not counted
    await t.admin({ method: 'POST', url: `/api/admin/places/${madrid.id}/unpublish` });
    expect(await missing()).toEqual({ cities: 1, countries: 2 });

    // a cached place page shows its new country and city the moment the action is done
    const before = await cached(`/en/${berlin.slug}`);
    expect(breadcrumbLinks(before.body)).toEqual(['/en/home']);
    await cached('/en/countries');

    const action = await t.admin({ method: 'POST', url: '/api/admin/areas/create-missing' });
    expect(action.statusCode).toBe(200);
    const answer = action.json<CreateMissingAreasResponse>();
    expect(answer.cities.map((c) => [c.name, c.country, c.slug])).toEqual([['Berlin', 'Germany', 'berlin']]);
    expect(answer.countries.map((c) => c.name)).toEqual(['France', 'Germany']);
    expect(answer.remaining).toEqual({ cities: 0, countries: 0 });
    expect(answer.message).toBe(
      'Created 1 city and 2 countries. Their descriptions were written offline: read them in Manage Cities and Manage Countries.',
    );
    expect(breadcrumbLinks((await get(`/en/${berlin.slug}`)).body)).toEqual(['/en/home', '/en/germany', '/en/berlin']);
    const list = (await get('/en/countries')).body;
    expect(list).toContain('href="/en/germany"');
    expect(list).toContain('href="/en/france"');
    expect(list).not.toContain('href="/en/spain"');
    expect((await get('/en/spain')).statusCode).toBe(404);
    // Madrid is still missing (a draft): the Missing card keeps it for the owner
    expect((await t.admin({ method: 'GET', url: '/api/admin/cities/missing' })).json()).toEqual([
      { location: 'Madrid', country: 'Spain' },
    ]);

    const second = await t.admin({ method: 'POST', url: '/api/admin/areas/create-missing' });
    expect(second.json<CreateMissingAreasResponse>()).toMatchObject({
      cities: [],
      countries: [],
      message: 'Every city and country of your published places already has a page.',
    });
    // with 'ask', publishing makes nothing
    await t.admin({ method: 'POST', url: `/api/admin/places/${madrid.id}/publish` });
    expect((await get('/en/spain')).statusCode).toBe(404);
  });

  it('needs a session, like every admin call', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/areas/missing-published'],
      ['POST', '/api/admin/areas/create-missing'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
