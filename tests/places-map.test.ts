import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacesMapDto } from '../src/shared/api/maps';
import { makePlace, placeEdit } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * /{lang}/map over HTTP: the page and its API answer, their render cache (dropped by exactly the
 * changes they show: a place published, moved, unpublished or renamed), bad views, the sitemap.
 */
describe('the map of every place, served', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  let belem: Awaited<ReturnType<typeof makePlace>>;
  let porto: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://travel.example' }, { pages: { renderSource: sourceRenderSource() } });
    belem = await makePlace(t.db, {
      title: 'Belém Tower',
      slug: 'belem-tower',
      location: 'Lisbon',
      country: 'Portugal',
      latitude: 38.6916,
      longitude: -9.216,
    });
    await makePlace(t.db, {
      slug: 'alfama',
      location: 'Lisbon',
      country: 'Portugal',
      latitude: 38.7113,
      longitude: -9.1301,
    });
    porto = await makePlace(t.db, {
      title: 'Ribeira',
      slug: 'ribeira',
      location: 'Porto',
      country: 'Portugal',
      latitude: 41.1408,
      longitude: -8.6131,
    });
    await makePlace(t.db, {
      title: 'Shibuya Crossing',
      slug: 'shibuya',
      location: 'Tokyo',
      country: 'Japan',
      latitude: 35.6595,
      longitude: 139.7005,
    });
    await makePlace(t.db, {
      title: 'Hidden Draft',
      slug: 'hidden-draft',
      state: 'draft',
      latitude: 48.85,
      longitude: 2.29,
    });
  });
  afterAll(() => t.close());

  it('draws every published place, each marker a link to its page and each group a link to its view', async () => {
    const page = await get('/en/map');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<h1 class="text-4xl font-extrabold tracking-tight sm:text-6xl">Map of every place</h1>',
    );
    expect(page.body).toContain('href="/en/shibuya" aria-label="Shibuya Crossing"');
    // Lisbon's two places are one group at the world's step, opened by a view closer in
    expect(page.body).toMatch(/href="\/en\/map\?z=\d+&amp;x=\d+&amp;y=\d+#map" aria-label="Lisbon: 2 places, zoom in"/);
    expect(page.body).not.toContain('hidden-draft');
    expect(page.body).toContain('<link rel="canonical" href="https://travel.example/en/map"');
    const german = await get('/de/map');
    expect(german.body).toContain('Karte aller Orte');
    expect(german.body).toMatch(/aria-label="Lisbon: 2 Orte, hineinzoomen"/);
  });

  it('answers the view as JSON without any stored file name or private field', async () => {
    const answer = await get('/api/maps/every-place/translations/en');
    expect(answer.statusCode).toBe(200);
    const map = answer.json<PlacesMapDto>();
    expect(map.total).toBe(4);
    expect(map.groups.reduce((sum, g) => sum + g.count, 0)).toBe(4);
    expect(answer.body).not.toMatch(/originals|originalImagePath|imageUrl|state|draft/i);
  });

  it('keeps the page and the answer cached until a place is published, moved, renamed or unpublished', async () => {
    const urls = ['/en/map', '/api/maps/every-place/translations/en'];
    const cachedAll = async () => {
      for (const url of urls) await get(url);
      for (const url of urls) expect((await get(url)).headers['cache-status'], url).toBe('travel-places; hit');
    };
    await cachedAll();

    // moved to Reykjavik: drawn where it is now, on its own
    const moved = await t.admin(placeEdit(porto, { latitude: 64.1466, longitude: -21.9426 }));
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = await get('/api/maps/every-place/translations/en');
    expect(afterMove.headers['cache-status']).toMatch(/fwd=miss/);
    expect(afterMove.json<PlacesMapDto>().groups.find((g) => g.slug === 'ribeira')?.longitude).toBeCloseTo(-21.94, 1);

    await cachedAll();
    const renamed = await t.admin(placeEdit(belem, { title: 'Torre de Belém' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get('/en/map')).headers['cache-status']).toMatch(/fwd=miss/);

    await cachedAll();
    const unpublished = await t.admin({ method: 'POST', url: `/api/admin/places/${porto.id}/unpublish` });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const afterUnpublish = await get('/en/map');
    expect(afterUnpublish.headers['cache-status']).toMatch(/fwd=miss/);
    expect(afterUnpublish.body).not.toContain('href="/en/ribeira"');

    await cachedAll();
    const published = await t.admin({ method: 'POST', url: `/api/admin/places/${porto.id}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    expect((await get('/en/map')).body).toContain('href="/en/ribeira"');
  });

  it('shows one theme’s places with ?theme=, dropped from the cache when a place gains the theme', async () => {
    const url = '/api/maps/every-place/translations/en?theme=castles-and-palaces';
    expect((await get(url)).json<PlacesMapDto>()).toMatchObject({ theme: 'castles-and-palaces', total: 0 });
    expect((await get(url)).headers['cache-status']).toBe('travel-places; hit');
    const chosen = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${belem.id}/themes`,
      payload: { themes: ['castles'] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const after = await get(url);
    expect(after.headers['cache-status']).toMatch(/fwd=miss/);
    expect(after.json<PlacesMapDto>().groups.map((g) => g.slug)).toEqual(['belem-tower']);
    const page = await get('/en/map?theme=castles-and-palaces');
    expect(page.body).toContain('Map: Castles and palaces');
    expect(page.body).toContain('<link rel="canonical" href="https://travel.example/en/map?theme=castles-and-palaces"');
    const unknown = await get('/api/maps/every-place/translations/en?theme=no-such-theme');
    expect([unknown.statusCode, unknown.json<{ code: string }>().code]).toEqual([400, 'theme_unknown']);
    expect((await get('/en/map?theme=no-such-theme')).body).toContain(
      '<link rel="canonical" href="https://travel.example/en/map"',
    );
  });

  it('answers a view that does not exist with 400 from the API and the whole world on the page, never a 500', async () => {
    for (const query of ['z=99&x=0&y=1', 'z=3&x=8&y=1', 'z=abc', 'z=3&x=1', 'z=3&x=-1&y=2', 'z=03&x=1&y=1']) {
      const api = await get(`/api/maps/every-place/translations/en?${query}`);
      expect(api.statusCode, query).toBe(400);
      expect(api.json<{ code: string }>().code, query).toBe('validation_failed');
      const page = await get(`/en/map?${query}`);
      expect(page.statusCode, query).toBe(200);
      expect(page.body, query).toContain('<link rel="canonical" href="https://travel.example/en/map"');
    }
    const closer = await get('/en/map?z=5&x=15&y=12');
    expect(closer.statusCode).toBe(200);
    expect(closer.body).toContain('<link rel="canonical" href="https://travel.example/en/map?z=5&amp;x=15&amp;y=12"');
  });

  it('is in the sitemap in every language, and no place can take its address', async () => {
    const pages = await get('/sitemaps/pages.xml');
    for (const lang of ['en', 'es', 'de', 'fr', 'zh'])
      expect(pages.body).toContain(`https://travel.example/${lang}/map<`);
    const home = await get('/en/home');
    expect(home.body).toContain('href="/en/map"');
  });
});
