import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineProvider, type AiProvider } from '../src/server/ai';
import { eq } from 'drizzle-orm';
import { cities, places, settings } from '../src/server/db/schema';
import { repairSlugNamespace } from '../src/server/services/slugs';
import { slugify } from '../src/shared/slug';
import { makeCity, makePlace } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

const ROME = { latitude: 41.8902, longitude: 12.4922 };

/** The offline provider, except that it titles every photo with its bare city name, as an AI may. */
function cityTitledProvider(): AiProvider {
  const offline = createOfflineProvider();
  return {
    ...offline,
    analyzeImage: async (input) => ({ ...(await offline.analyzeImage(input)), title: input.city ?? 'Somewhere' }),
  };
}

describe('one slug namespace for places, cities and countries', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const createCity = (name: string, country: string, imageUrl: string) =>
    t.admin({ method: 'POST', url: '/api/admin/cities', payload: { name, country, imageUrl } });

  it('gives a city the address of its name that the Add City dialog promised, after a place of that city', async () => {
    t = await createTestApp({}, { aiProvider: cityTitledProvider(), pages: { renderSource: sourceRenderSource() } });
    const upload = await t.admin(uploadRequest(await makePhoto({ gps: ROME, dateTaken: '2024:05:17 10:00:00' })));
    expect(upload.statusCode).toBe(200);
    const { place, photo } = upload.json<{ place: { slug: string }; photo: { title: string; imageUrl: string } }>();
    expect(photo.title).toBe('Rome');
    expect(place.slug).toBe('rome-2024-05-17');

    const city = await createCity('Rome', 'Italy', photo.imageUrl);
    expect(city.statusCode).toBe(201);
    // what the dialog shows is slugify(name): the server stores exactly that
    expect(city.json<{ city: { slug: string } }>().city.slug).toBe(slugify('Rome'));
    const cityPage = await t.app.inject({ url: '/en/rome' });
    expect(cityPage.statusCode).toBe(200);
    expect(cityPage.body).toContain('Rome');
    expect((await t.app.inject({ url: `/en/${place.slug}` })).statusCode).toBe(200);
  });

  it('spells names of every script: Łódź at /en/lodz, 北京 at /en/bei-jing', async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    for (const [name, country, slug] of [
      ['Łódź', 'Poland', 'lodz'],
      ['北京', 'China', 'bei-jing'],
    ] as const) {
      const created = await createCity(name, country, '/media/web/city-1000.jpg');
      expect(created.statusCode).toBe(201);
      expect(created.json<{ city: { slug: string } }>().city.slug).toBe(slug);
      const page = await t.app.inject({ url: `/en/${slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(name);
    }
  });

  it("moves a place that held a city's name aside when the city is created, and its old address answers 301", async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    // from before the one slug rule: a place titled by its city holds the city's name
    const old = await makePlace(t.db, {
      slug: 'rome',
      title: 'Rome',
      location: 'Rome',
      country: 'Italy',
      date: '2024-05-17',
    });
    const created = await createCity('Rome', 'Italy', '/media/web/rome-1000.jpg');
    expect(created.statusCode).toBe(201);
    expect(created.json<{ city: { slug: string } }>().city.slug).toBe('rome');
    const [moved] = await t.db.select().from(places).where(eq(places.id, old.id));
    expect(moved!.slug).toBe('rome-2024-05-17');
    expect((await t.app.inject({ url: '/en/rome-2024-05-17' })).statusCode).toBe(200);
    const cityPage = await t.app.inject({ url: '/en/rome' });
    expect(cityPage.statusCode).toBe(200);
  });

  it("repairs older data once: places off their city's name, cities back on it, old addresses 301", async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    const place = await makePlace(t.db, {
      slug: 'paris',
      title: 'Paris',
      location: 'Paris',
      country: 'France',
      date: '2023-04-05',
    });
    const city = await makeCity(t.db, { name: 'Paris', country: 'France', slug: 'paris-2' });
    const other = await makePlace(t.db, { slug: 'louvre', title: 'Louvre', location: 'Paris', country: 'France' });
    // the repair already ran on the empty database at start: let it run again on this data
    await t.db.delete(settings).where(eq(settings.key, 'slug-namespace-v1'));

    expect(await repairSlugNamespace(t.db)).toBe(2);
    expect(await repairSlugNamespace(t.db)).toBe(0);
    const slugOf = async (table: typeof places | typeof cities, id: string) =>
      (await t.db.select({ slug: table.slug }).from(table).where(eq(table.id, id)))[0]!.slug;
    expect(await slugOf(places, place.id)).toBe('paris-2023-04-05');
    expect(await slugOf(cities, city.id)).toBe('paris');
    expect(await slugOf(places, other.id)).toBe('louvre');

    const moved = await t.app.inject({ url: '/en/paris-2?x=1' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/en/paris?x=1');
    expect((await t.app.inject({ url: '/de/paris-2' })).headers.location).toBe('/de/paris');
    expect((await t.app.inject({ url: '/en/paris' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/en/no-such-place' })).statusCode).toBe(404);
  });
});
