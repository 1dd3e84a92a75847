import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 38, item 1: the render cache keeps one entry per page and the query parameters that page
 * reads (a search's `q`, a shared list's `ids`, a list's `cursor`). Made-up parameters, or those of
 * another page, neither add entries (which would push the pages visitors read out of a small cache)
 * nor change what the page shows.
 */
describe('render cache keys: only the parameters a page reads', () => {
  let t: TestApp;
  let placePath: string;
  let placeId: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const cacheStatus = (response: { headers: Record<string, unknown> }) => String(response.headers['cache-status']);
  const entries = () => t.app.responseCacheStats().entries;

  beforeAll(async () => {
    // A small cache (2 MB): about forty rendered pages fill it.
    t = await createTestApp(
      { renderCacheBytes: 2 * 1024 * 1024, renderBudgetPerMinute: 0 },
      { pages: { renderSource: sourceRenderSource() } },
    );
    for (let i = 0; i < 26; i++) {
      await makePlace(t.db, { title: `Keyed place ${i}`, date: `2020-02-${String(i + 1).padStart(2, '0')}` });
    }
    const place = await makePlace(t.db, { title: 'Harbour Lantern', slug: 'harbour-lantern', date: '2021-01-01' });
    placePath = `/en/${place.slug}`;
    placeId = place.id;
    await t.app.changes.settled();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a flood of q, ids and made-up parameters on pages that read none of them leaves the warm pages cached', async () => {
    const warm = ['/en/home', '/de/home', placePath, '/en/countries', '/api/places/translations/en'];
    const first = new Map<string, { etag: unknown; body: string; link: unknown }>();
    for (const url of warm) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      first.set(url, { etag: response.headers.etag, body: response.body, link: response.headers.link });
      expect(cacheStatus(await get(url)), url).toMatch(/; hit$/);
    }
    const before = entries();

    for (let i = 0; i < 150; i++) {
      const url = warm[i % warm.length]!;
      const noise = randomUUID();
      const params = [`q=${noise}`, `ids=${placeId},${noise}`, `utm_source=${noise}`, `q=${noise}&ids=${noise}&x=${i}`];
      const flooded = await get(`${url}?${params[i % params.length]}`);
      expect(flooded.statusCode, flooded.body.slice(0, 200)).toBe(200);
      // the same entry answers: the same content, its ETag, no render
      expect(cacheStatus(flooded), `${url}?${params[i % params.length]}`).toMatch(/; hit$/);
      expect(flooded.headers.etag).toBe(first.get(url)!.etag);
    }

    expect(entries()).toBe(before);
    for (const url of warm) {
      const again = await get(url);
      expect(cacheStatus(again), url).toMatch(/; hit$/);
      expect(again.body).toBe(first.get(url)!.body);
    }
  });

  it('a page first asked for with parameters it does not read is rendered as without them, and kept for both', async () => {
    const cold = await get('/en/how-we-write?q=<b>zzz</b>&ids=abc&cursor=def');
    expect(cold.statusCode).toBe(200);
    expect(cacheStatus(cold)).toMatch(/fwd=miss; stored$/);
    expect(cold.body).not.toContain('zzz');
    expect(cold.body).not.toContain('cursor=def');
    const plain = await get('/en/how-we-write');
    expect(cacheStatus(plain)).toMatch(/; hit$/);
    expect(plain.body).toBe(cold.body);

    // an API list's Link header names the list's own parameters only, whoever asked first
    const api = await get('/api/countries/translations/en?junk=1&q=2');
    expect(String(api.headers.link ?? '')).not.toContain('junk');
    const places = await get('/api/places/translations/en?utm=%3Cx%3E');
    expect(String(places.headers.link)).toMatch(/^<\/api\/places\/translations\/en\?cursor=[\w-]+>; rel="next"$/);
  });

  it('pages that read q, ids or cursor still keep one entry per value', async () => {
    const count = entries();
    const harbour = await get('/en/search?q=harbour');
    const keyed = await get('/en/search?q=keyed');
    expect(harbour.body).toContain('href="/en/harbour-lantern"');
    expect(keyed.body).not.toContain('href="/en/harbour-lantern"');
    expect(keyed.body).toMatch(/Keyed<\/mark> place/);
    expect(cacheStatus(await get('/en/search?q=harbour&utm=1'))).toMatch(/; hit$/);

    const shared = await get(`/en/saved?ids=${placeId}`);
    expect(shared.body).toContain('href="/en/harbour-lantern"');
    expect(cacheStatus(await get(`/en/saved?ids=${placeId}&q=x`))).toMatch(/; hit$/);
    expect((await get('/en/saved')).body).not.toContain('href="/en/harbour-lantern"');

    const home = await get('/en/home');
    const next = /href="\/en\/home\?cursor=([\w-]+)/.exec(home.body)?.[1];
    expect(next).toBeDefined();
    const older = await get(`/en/home?cursor=${next}`);
    expect(older.statusCode).toBe(200);
    expect(older.headers.etag).not.toBe(home.headers.etag);
    expect(cacheStatus(await get(`/en/home?q=1&cursor=${next}`))).toMatch(/; hit$/);

    const apiSearch = await get('/api/search?q=harbour&lang=en');
    const apiOther = await get('/api/search?q=keyed&lang=en');
    expect(apiSearch.body).not.toBe(apiOther.body);
    // search harbour, search keyed, saved with ids, saved, home's second page; the API's two searches
    expect(entries()).toBe(count + 7);
  });
});
