import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The render cache drops only what a write changed (docs/decisions/019-dependency-tags.md): an
 * edit of one place leaves the pages of others cached, made-up query parameters neither fill the
 * cache nor cause renders, and one client cannot make the server render page after page.
 */
describe('dependency-tagged render cache', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp(
      { renderCacheBytes: 32 * 1024 * 1024, renderBudgetPerMinute: 300 },
      { pages: { renderSource: sourceRenderSource() } },
    );
  });
  afterAll(() => t.close());

  /** The admin renames a place (as the edit screen saves it). */
  async function rename(place: Awaited<ReturnType<typeof makePlace>>, title: string) {
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: { ...place, title, fullDescription: undefined, originalImagePath: undefined },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  }

  async function twoPlaces(prefix: string) {
    const edited = await makePlace(t.db, {
      title: `${prefix} edited`,
      slug: `${prefix}-edited`,
      location: 'Tromsø',
      country: 'Norway',
      latitude: 69.65,
      longitude: 18.96,
      date: '2031-01-01',
    });
    const other = await makePlace(t.db, {
      title: `${prefix} other`,
      slug: `${prefix}-other`,
      location: 'Lisbon',
      country: 'Portugal',
      latitude: 38.72,
      longitude: -9.14,
      date: '2001-01-01',
    });
    return { edited, other };
  }

  it('an edit of one place changes its page and the lists that show it, and leaves another place’s page cached', async () => {
    const { edited } = await twoPlaces('alpha');
    const urls = ['/en/alpha-edited', '/en/alpha-other', '/en/home', '/api/places/by-slug/alpha-other/translations/en'];
    for (const url of urls) await get(url);
    for (const url of urls) expect((await get(url)).headers['cache-status'], url).toBe('travel-places; hit');

    await rename(edited, 'Alpha renamed');

    const page = await get('/en/alpha-edited');
    expect(page.body).toContain('Alpha renamed');
    expect(page.headers['cache-status']).toBe('travel-places; fwd=miss; stored');
    const home = await get('/en/home');
    expect(home.body).toContain('Alpha renamed');
    expect(home.headers['cache-status']).toMatch(/fwd=miss/);
    expect((await get('/en/alpha-other')).headers['cache-status']).toBe('travel-places; hit');
    expect((await get('/api/places/by-slug/alpha-other/translations/en')).headers['cache-status']).toBe(
      'travel-places; hit',
    );
  });

  it('drops a place page when a place of another city in its Nearby list is renamed, read with the page', async () => {
    await makePlace(t.db, {
      title: 'Delta harbour',
      slug: 'delta-harbour',
      location: 'Bergen',
      country: 'Norway',
      latitude: 60.39,
      longitude: 5.32,
    });
    // about 9 km away, in another town: on Bergen's place page under "Nearby" only
    const near = await makePlace(t.db, {
      title: 'Delta fjord view',
      slug: 'delta-fjord',
      location: 'Askøy',
      country: 'Norway',
      latitude: 60.45,
      longitude: 5.2,
    });
    expect((await get('/en/delta-harbour')).body).toContain('Delta fjord view');
    const cached = await get('/en/delta-harbour');
    expect(cached.headers['cache-status']).toBe('travel-places; hit');
    expect(String(cached.headers['surrogate-key']).split(' ')).toContain(`place:${near.id}`);

    await rename(near, 'Delta fjord lookout');
    const after = await get('/en/delta-harbour');
    expect(after.headers['cache-status']).toBe('travel-places; fwd=miss; stored');
    expect(after.body).toContain('Delta fjord lookout');
    expect(after.body).not.toContain('Delta fjord view');
  });

  it('names what an answer is made from for a shared cache in front, and lets it keep the answer until purged', async () => {
    const { other } = await twoPlaces('beta');
    const page = await get('/en/beta-other');
    const keys = String(page.headers['surrogate-key']).split(' ');
    expect(keys).toEqual(expect.arrayContaining(['site', `place:${other.id}`, 'ui', 'languages']));
    expect(String(page.headers['cache-tag']).split(',')).toEqual(keys);
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400, must-revalidate');
    const api = await get(`/api/places/${other.id}/history?languageCode=en`);
    expect(String(api.headers['surrogate-key']).split(' ')).toEqual(['site', `place:${other.id}`]);
  });

  it('a new draft changes no public page; publishing it changes the lists', async () => {
    await get('/en/home');
    expect((await get('/en/home')).headers['cache-status']).toBe('travel-places; hit');
    const draft = await makePlace(t.db, {
      title: 'Gamma draft',
      slug: 'gamma-draft',
      state: 'draft',
      date: '2035-01-01',
    });
    const stillCached = await get('/en/home');
    expect(stillCached.headers['cache-status']).toBe('travel-places; hit');
    expect(stillCached.body).not.toContain('Gamma draft');
    const published = await t.admin({ method: 'POST', url: `/api/admin/places/${draft.id}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    expect((await get('/en/home')).body).toContain('Gamma draft');
  });

  it('2,000 requests with made-up query parameters leave a warm page in the cache and add nothing to it', async () => {
    await get('/en/home');
    await get('/api/maps/countries/translations/en');
    const before = t.app.responseCacheStats().entries;
    for (let i = 0; i < 1000; i++) {
      const page = await get(`/en/home?x=${i}&utm_source=${Math.random()}`, {}, '10.9.9.9');
      expect(page.headers['cache-status'], `request ${i}`).toBe('travel-places; hit');
      const map = await get(`/api/maps/countries/translations/en?p=${i}`, {}, '10.9.9.9');
      expect(map.headers['cache-status'], `request ${i}`).toBe('travel-places; hit');
    }
    expect(t.app.responseCacheStats().entries).toBe(before);
    expect((await get('/en/home')).headers['cache-status']).toBe('travel-places; hit');
    // a parameter a page does read still makes its own page
    expect((await get('/en/search?q=lisbon&x=1')).statusCode).toBe(200);
    expect((await get('/en/search?x=2&q=lisbon')).headers['cache-status']).toBe('travel-places; hit');
  });

  it('tells a client that causes too many renders to wait (429, Retry-After), and still serves it cached pages', async () => {
    const limited = await createTestApp(
      { renderCacheBytes: 8 * 1024 * 1024, renderBudgetPerMinute: 20 },
      { pages: { renderSource: sourceRenderSource() } },
    );
    try {
      const ask = (url: string, remoteAddress: string) => limited.app.inject({ method: 'GET', url, remoteAddress });
      await ask('/en/home', '10.1.1.2');
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof ask>> | undefined;
      const started = Date.now();
      for (let i = 0; i < 30; i++) {
        const answer = await ask(`/en/no-such-place-${i}`, '10.1.1.1');
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) refused ??= answer;
      }
      // 20 at once, then one more every 3 seconds (the bucket refills over the minute)
      const allowed = 20 + Math.floor((Date.now() - started) / 3000);
      expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
      expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(allowed);
      expect(statuses.every((status) => status === 404 || status === 429)).toBe(true);
      expect(statuses).toContain(429);
      expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused!.json<{ error: string }>().error).toMatch(/Wait \d+ seconds, then try again/);
      // a cached page costs nothing; another client is not affected
      expect((await ask('/en/home', '10.1.1.1')).statusCode).toBe(200);
      expect((await ask('/en/no-such-place-99', '10.1.1.3')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('never gives a later visitor a page in another visitor’s cookie language', async () => {
    // over real HTTP: the path reaches the server as written (dot segments and all)
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const german = { cookie: 'lang=de' };
    const dotted = await raw('/en/..?v=1', german);
    expect(dotted.status).toBe(301);
    expect(dotted.location).toBe('/?v=1');
    for (const path of ['/en/x/../home?v=1', '/en//home', '/en/%68ome', '/en/./home']) {
      const moved = await raw(path, german);
      expect(moved.status, path).toBe(301);
      expect(moved.location, path).toMatch(/^\/en\/home(\?v=1)?$/);
    }
    const later = await raw('/en/home?v=1');
    expect(later.status).toBe(200);
    expect(later.body).toMatch(/<html lang="en"/);
  });
});
