import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCity, makeCountry, makePlace, placeEdit } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Themes on the pages, for search engines and in feeds (docs/product.md §22.2): a place page links
 * its themes and names them in its JSON-LD, a theme's page is kept until a place of that theme
 * changes, the sitemap lists the themes that have places, and feed entries carry them as categories.
 */
describe('themes on pages, sitemaps and feeds', () => {
  let t: TestApp;
  let castle: Awaited<ReturnType<typeof makePlace>>;
  let other: Awaited<ReturnType<typeof makePlace>>;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(
      { publicUrl: 'https://travel.example', renderCacheBytes: 16 * 1024 * 1024 },
      { pages: { renderSource: sourceRenderSource() } },
    );
    await makeCountry(t.db, { name: 'Germany', slug: 'germany' });
    await makeCity(t.db, { name: 'Heidelberg', country: 'Germany', slug: 'heidelberg' });
    castle = await makePlace(t.db, {
      title: 'Heidelberg Castle',
      slug: 'heidelberg-castle',
      location: 'Heidelberg',
      country: 'Germany',
      latitude: 49.4106,
      longitude: 8.7153,
    });
    other = await makePlace(t.db, {
      title: 'Old Bridge',
      slug: 'old-bridge',
      location: 'Heidelberg',
      country: 'Germany',
    });
    for (const [place, themes] of [
      [castle, ['castles', 'viewpoints']],
      [other, ['water']],
    ] as const) {
      const put = await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/themes`, payload: { themes } });
      expect(put.statusCode, put.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('a place page links its themes and names them as keywords in its structured data', async () => {
    const page = await get('/de/heidelberg-castle');
    expect(page.body).toContain('href="/de/themes/castles-and-palaces"');
    expect(page.body).toContain('"keywords":"Burgen und Schlösser, Aussichtspunkte"');
    const city = await get('/de/heidelberg');
    expect(city.body).toContain('href="/de/themes/castles-and-palaces?in=heidelberg"');
  });

  it('a theme’s page is kept until a place of that theme changes, and an unknown theme is not found', async () => {
    const url = '/en/themes/castles-and-palaces';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1');
    expect(first.body).toContain('Heidelberg Castle');
    expect(first.body).toContain('<link rel="canonical" href="https://travel.example/en/themes/castles-and-palaces"');
    expect((await get(url)).headers['cache-status']).toBe('travel-places; hit');
    expect((await t.admin(placeEdit(other, { title: 'Old Bridge renamed' }))).statusCode).toBe(200);
    expect((await get(url)).headers['cache-status']).toBe('travel-places; hit');
    expect((await t.admin(placeEdit(castle, { title: 'Heidelberg Castle ruins' }))).statusCode).toBe(200);
    const changed = await get(url);
    expect(changed.headers['cache-status']).toMatch(/fwd=miss/);
    expect(changed.body).toContain('Heidelberg Castle ruins');
    expect((await get('/en/themes/dragons')).statusCode).toBe(404);
  });

  it('lists the themes with places in the sitemap, in every language, and tags feed entries with them', async () => {
    const sitemap = (await get('/sitemaps/pages.xml')).body;
    expect(sitemap).toContain('<loc>https://travel.example/zh/themes/castles-and-palaces</loc>');
    expect(sitemap).toContain('<loc>https://travel.example/de/themes/bridges-and-waterfronts</loc>');
    expect(sitemap).not.toContain('themes/museums');
    const feed = (await get('/fr/feed.xml')).body;
    expect(feed).toContain(
      '<category term="castles-and-palaces" scheme="https://travel.example/fr/themes/" label="Châteaux et palais"/>',
    );
  });
});
