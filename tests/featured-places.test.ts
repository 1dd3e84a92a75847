import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { checkArchive } from '../src/server/backup/archive-check';
import { restoreArchive } from '../src/server/backup/restore';
import type { FeaturedAnswer, HighlightsDto } from '../src/shared/api/featured';
import type { PlaceCardDto } from '../src/shared/api/public';
import type { RevisionList } from '../src/shared/api/revisions';
import { makeCity, makeCountry, makePlace, placeEdit } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';
import { testConfig } from './helpers/test-config';

/**
 * Featured places (docs/product.md §20, docs/decisions/044-featured-places.md): the owner pins up
 * to six places of a city, a country and the home page; visitors see them first, in that order.
 */
describe('featured places', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const pin = (collection: 'cities' | 'countries' | 'home', id: string, placeIds: string[]) =>
    t.admin({
      method: 'PUT',
      url: collection === 'home' ? '/api/admin/home/featured' : `/api/admin/${collection}/${id}/featured`,
      payload: { placeIds },
    });
  const highlights = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json<HighlightsDto>().places ?? []).map((place) => place.title);
  };
  const cityHighlights = (slug: string, lang = 'en') =>
    highlights(`/api/cities/by-slug/${slug}/highlights/translations/${lang}`);
  const adminPins = async (collection: 'cities' | 'countries', id: string) => {
    const response = await t.admin({ method: 'GET', url: `/api/admin/${collection}/${id}/featured` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FeaturedAnswer>().pinned.map((item) => [item.title, item.status]);
  };

  beforeAll(async () => {
    t = await createTestApp({ renderCacheBytes: 16 * 1024 * 1024 }, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  /** A city with `count` published places, newest last (Place 1 is the oldest). */
  async function cityWithPlaces(name: string, count: number) {
    const city = await makeCity(t.db, { name, country: 'France', slug: name.toLowerCase() });
    const places = [];
    for (let n = 1; n <= count; n++)
      places.push(
        await makePlace(t.db, {
          title: `${name} place ${n}`,
          slug: `${name.toLowerCase()}-place-${n}`,
          location: name,
          country: 'France',
          date: `2024-01-${String(n).padStart(2, '0')}`,
        }),
      );
    return { city, places };
  }

  it('shows three pinned places first, in the owner’s order, under the German heading, and the list below leaves them out', async () => {
    const { city, places } = await cityWithPlaces('Avignon', 5);
    const [p1, p2, , p4, p5] = places;
    const saved = await pin('cities', city.id, [p4!.id, p1!.id, p5!.id]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<FeaturedAnswer>().pinned.map((item) => item.title)).toEqual([
      'Avignon place 4',
      'Avignon place 1',
      'Avignon place 5',
    ]);
    expect(saved.json<FeaturedAnswer>().message).toMatch(/3 places come first/);

    expect(await cityHighlights('avignon', 'de')).toEqual(['Avignon place 4', 'Avignon place 1', 'Avignon place 5']);
    const list = await get('/api/cities/by-slug/avignon/places?languageCode=de');
    expect(list.json<PlaceCardDto[]>().map((place) => place.title)).toEqual(['Avignon place 3', 'Avignon place 2']);

    const page = await get('/de/avignon');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const heading = html.indexOf('Höhepunkte');
    expect(heading).toBeGreaterThan(0);
    const order = ['Avignon place 4', 'Avignon place 1', 'Avignon place 5', 'Avignon place 3', 'Avignon place 2'].map(
      (title) => html.indexOf(title, heading),
    );
    expect(order.every((at) => at > heading)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Highlights come before the city's "Orte" list
    expect(html.indexOf('id="places-title"')).toBeGreaterThan(order[2]!);
    expect(p2).toBeDefined();
  });

  it('refuses more than six, a repeat, an unknown place and a place of another city, each with its code, and changes nothing', async () => {
    const { city, places } = await cityWithPlaces('Orange', 7);
    const other = await makePlace(t.db, { title: 'Far away', location: 'Lyon', country: 'France' });
    expect((await pin('cities', city.id, [places[0]!.id, places[1]!.id])).statusCode).toBe(200);
    const cases: Array<[string[], string]> = [
      [places.map((p) => p.id), 'featured_too_many'],
      [[places[2]!.id, places[2]!.id], 'featured_duplicate'],
      [[places[2]!.id, '7f1d2c1e-0000-4000-8000-000000000000'], 'featured_not_found'],
      [['not-an-id'], 'featured_not_found'],
      [[other.id], 'featured_elsewhere'],
    ];
    for (const [ids, code] of cases) {
      const refused = await pin('cities', city.id, ids);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ code: string; error: string }>().code).toBe(code);
      expect(refused.json<{ error: string }>().error.length).toBeGreaterThan(10);
    }
    expect(await cityHighlights('orange')).toEqual(['Orange place 1', 'Orange place 2']);
    expect((await pin('cities', '7f1d2c1e-0000-4000-8000-000000000000', [])).statusCode).toBe(404);
    // without a session: 401
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/cities/${city.id}/featured`,
      payload: { placeIds: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a pin in its slot while its place is a draft, in the Trash or in another city, and shows it again when it comes back', async () => {
    const { city, places } = await cityWithPlaces('Arles', 3);
    const [a, b, c] = places;
    expect((await pin('cities', city.id, [a!.id, b!.id, c!.id])).statusCode).toBe(200);

    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${b!.id}/unpublish` })).statusCode).toBe(200);
    expect(await cityHighlights('arles')).toEqual(['Arles place 1', 'Arles place 3']);
    expect(await adminPins('cities', city.id)).toEqual([
      ['Arles place 1', 'shown'],
      ['Arles place 2', 'draft'],
      ['Arles place 3', 'shown'],
    ]);
    // a draft may be saved in its slot: it is shown once published
    expect((await pin('cities', city.id, [b!.id, a!.id, c!.id])).statusCode).toBe(200);
    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${b!.id}/publish` })).statusCode).toBe(200);
    expect(await cityHighlights('arles')).toEqual(['Arles place 2', 'Arles place 1', 'Arles place 3']);

    expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${a!.id}` })).statusCode).toBe(200);
    expect(await cityHighlights('arles')).toEqual(['Arles place 2', 'Arles place 3']);
    expect((await adminPins('cities', city.id))[1]).toEqual(['Arles place 1', 'gone']);
    expect((await t.admin({ method: 'POST', url: `/api/admin/trash/place/${a!.id}/restore` })).statusCode).toBe(200);
    expect(await cityHighlights('arles')).toEqual(['Arles place 2', 'Arles place 1', 'Arles place 3']);

    const moved = await t.admin(placeEdit(c!, { location: 'Nîmes' }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await cityHighlights('arles')).toEqual(['Arles place 2', 'Arles place 1']);
    expect((await adminPins('cities', city.id))[2]).toEqual(['Arles place 3', 'elsewhere']);
    expect((await t.admin(placeEdit(c!, { location: 'Arles' }))).statusCode).toBe(200);
    expect(await cityHighlights('arles')).toEqual(['Arles place 2', 'Arles place 1', 'Arles place 3']);
  });

  it('moves a merged place’s pin to the place that remains, in the same slot', async () => {
    const { city, places } = await cityWithPlaces('Uzes', 3);
    const [a, b, c] = places;
    expect((await pin('cities', city.id, [a!.id, b!.id])).statusCode).toBe(200);
    const merged = await t.admin({ method: 'POST', url: `/api/admin/places/${a!.id}/merge`, payload: { into: c!.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await cityHighlights('uzes')).toEqual(['Uzes place 3', 'Uzes place 2']);
  });

  it('pins a country’s places above its cities, and the home page’s above the latest places, which leave them out', async () => {
    const country = await makeCountry(t.db, { name: 'Iceland', slug: 'iceland' });
    const geysir = await makePlace(t.db, { title: 'Geysir', location: 'Haukadalur', country: 'Iceland' });
    const falls = await makePlace(t.db, { title: 'Gullfoss', location: 'Haukadalur', country: 'Iceland' });
    expect((await pin('countries', country.id, [falls.id, geysir.id])).statusCode).toBe(200);
    expect(await highlights('/api/countries/by-slug/iceland/highlights/translations/fr')).toEqual([
      'Gullfoss',
      'Geysir',
    ]);
    const page = await get('/fr/iceland');
    expect(page.body.indexOf('Incontournables')).toBeGreaterThan(0);
    expect(page.body.indexOf('Gullfoss')).toBeLessThan(page.body.indexOf('Geysir'));

    const newest = await makePlace(t.db, { title: 'Newest of all', date: '2099-01-01' });
    expect((await pin('home', '', [newest.id, geysir.id])).statusCode).toBe(200);
    expect(await highlights('/api/home/highlights/translations/zh')).toEqual(['Newest of all', 'Geysir']);
    const latest = (await get('/api/places/translations/en')).json<PlaceCardDto[]>().map((place) => place.title);
    expect(latest).not.toContain('Newest of all');
    expect(latest).not.toContain('Geysir');
    expect((await get('/zh/home')).body).toContain('精选');
    // the home page's pins may be any published place; a place of another country may not be a country's
    const refused = await pin('countries', country.id, [newest.id]);
    expect(refused.json<{ code: string }>().code).toBe('featured_elsewhere');
    expect((await pin('home', '', [])).statusCode).toBe(200);
  });

  it('a change of pins drops the city’s page and leaves another city’s page and a place page cached', async () => {
    const { city, places } = await cityWithPlaces('Gordes', 2);
    await cityWithPlaces('Bonnieux', 1);
    const urls = [
      '/en/gordes',
      '/en/bonnieux',
      '/en/bonnieux-place-1',
      '/api/cities/by-slug/gordes/places?languageCode=en',
    ];
    for (const url of urls) await get(url);
    for (const url of urls) expect((await get(url)).headers['cache-status'], url).toBe('travel-places; hit');
    expect((await pin('cities', city.id, [places[0]!.id])).statusCode).toBe(200);
    expect((await get('/en/gordes')).headers['cache-status']).toMatch(/fwd=miss/);
    const list = await get('/api/cities/by-slug/gordes/places?languageCode=en');
    expect(list.headers['cache-status']).toMatch(/fwd=miss/);
    expect(list.json<PlaceCardDto[]>().map((place) => place.title)).toEqual(['Gordes place 2']);
    expect((await get('/en/bonnieux')).headers['cache-status']).toBe('travel-places; hit');
    expect((await get('/en/bonnieux-place-1')).headers['cache-status']).toBe('travel-places; hit');
    // saving the same pins again changes nothing, and drops nothing
    await get('/en/gordes');
    expect((await pin('cities', city.id, [places[0]!.id])).statusCode).toBe(200);
    expect((await get('/en/gordes')).headers['cache-status']).toBe('travel-places; hit');
  });

  it('keeps pins in the city’s revisions (restore brings them back) and through its Trash', async () => {
    const { city, places } = await cityWithPlaces('Roussillon', 3);
    const [a, b, c] = places;
    expect((await pin('cities', city.id, [a!.id, b!.id])).statusCode).toBe(200);
    expect((await pin('cities', city.id, [c!.id])).statusCode).toBe(200);
    const list = await t.admin({ method: 'GET', url: `/api/admin/cities/${city.id}/revisions` });
    const revisions = list.json<RevisionList>().revisions;
    expect(revisions[0]!.summary).toBe('Highlights changed');
    const restore = await t.admin({
      method: 'POST',
      url: `/api/admin/cities/${city.id}/revisions/${revisions[0]!.id}/restore`,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await cityHighlights('roussillon')).toEqual(['Roussillon place 1', 'Roussillon place 2']);

    expect((await t.admin({ method: 'DELETE', url: `/api/admin/cities/${city.id}` })).statusCode).toBe(200);
    expect((await get('/api/cities/by-slug/roussillon/highlights/translations/en')).statusCode).toBe(404);
    const back = await t.admin({ method: 'POST', url: `/api/admin/trash/city/${city.id}/restore` });
    expect(back.statusCode, back.body).toBe(200);
    expect(await cityHighlights('roussillon')).toEqual(['Roussillon place 1', 'Roussillon place 2']);
  });

  it('offers the city’s places to pin, drafts too, and finds them by title', async () => {
    const { city } = await cityWithPlaces('Menerbes', 3);
    await makePlace(t.db, { title: 'Menerbes draft', location: 'Menerbes', country: 'France', state: 'draft' });
    const all = await t.admin({ method: 'GET', url: `/api/admin/cities/${city.id}/featured` });
    const candidates = all.json<FeaturedAnswer>().candidates;
    expect(candidates.map((item) => item.title).sort()).toEqual([
      'Menerbes draft',
      'Menerbes place 1',
      'Menerbes place 2',
      'Menerbes place 3',
    ]);
    expect(candidates.find((item) => item.title === 'Menerbes draft')?.status).toBe('draft');
    const found = await t.admin({ method: 'GET', url: `/api/admin/cities/${city.id}/featured?q=place 2` });
    expect(found.json<FeaturedAnswer>().candidates.map((item) => item.title)).toEqual(['Menerbes place 2']);
  });

  it('keeps a city’s and the home page’s pins through a backup and its restore', async () => {
    const { city, places } = await cityWithPlaces('Lourmarin', 2);
    expect((await pin('cities', city.id, [places[1]!.id, places[0]!.id])).statusCode).toBe(200);
    expect((await pin('home', '', [places[0]!.id])).statusCode).toBe(200);
    const work = await mkdtemp(join(tmpdir(), 'tp-featured-backup-'));
    try {
      const archive = join(work, 'backup.tar');
      const download = await t.app.services.backups.download();
      await pipeline(download.stream, createWriteStream(archive));
      const dataDir = join(work, 'restored');
      await restoreArchive(await checkArchive(archive), { dataDir, databaseUrl: undefined }, () => {});
      const restored = await buildApp(testConfig({ dataDir, adminPassword: 'restored password', renderCacheBytes: 0 }));
      try {
        const read = async (url: string) =>
          (await restored.inject({ method: 'GET', url })).json<HighlightsDto>().places.map((place) => place.title);
        expect(await read('/api/cities/by-slug/lourmarin/highlights/translations/en')).toEqual([
          'Lourmarin place 2',
          'Lourmarin place 1',
        ]);
        expect(await read('/api/home/highlights/translations/en')).toEqual(['Lourmarin place 1']);
      } finally {
        await restored.close();
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
