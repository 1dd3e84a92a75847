/**
 * Tags that fit a header (issue 45): at 2,000 places in one city, every public route answers with
 * a header set under 8 KB (Varnish's default http_resp_hdr_len; Node's HTTP client refuses more
 * than 16 KB), an export of all of them carries its list's tag instead of one tag per place, and
 * an edit of one of its places still changes it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/server/db/client';
import { collectRoutes, fillUrl, paramsOf, type RouteInfo } from './abuse/harness';
import { makeCity, makeCountry, makePlace, placeEdit } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

const PLACES = 2_000;
const HEADERS_MAX = 8 * 1024;

let t: TestApp;
const routes: RouteInfo[] = [];
let colosseum: Awaited<ReturnType<typeof makePlace>>;
let placeId: string;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp({}, { pages: { renderSource: sourceRenderSource(), beforeRoutes: collectRoutes(routes) } });
  await makeCountry(t.db, { name: 'Italy', slug: 'italy' });
  await makeCity(t.db, { name: 'Rome', country: 'Italy', slug: 'rome' });
  await t.db
    .execute(sql`insert into places (slug, title, description, image_url, location, country, date, latitude, longitude)
    select 'spot-' || n, 'Quiet spot ' || n, 'A bench with a view.', '/media/web/spot-1000.jpg', 'Rome', 'Italy',
      '2024-01-01', 41.0 + (n / 50) * 0.009, 12.0 + (n % 50) * 0.012
    from generate_series(1, ${PLACES - 1}) as n`);
  const place = await makePlace(t.db, { slug: 'colosseum', title: 'Colosseum', location: 'Rome', country: 'Italy' });
  colosseum = place;
  placeId = place.id;
  ids = rowsOf<{ id: string }>(await t.db.execute(sql`select id from places order by slug limit 100`)).map((r) => r.id);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

/** The bytes of a response's header block as Node would send it (name: value CRLF, each). */
const headerBytes = (headers: Record<string, unknown>) =>
  Object.entries(headers).reduce(
    (sum, [name, value]) =>
      sum + [value].flat().reduce<number>((s, v) => s + Buffer.byteLength(`${name}: ${String(v)}\r\n`), 0),
    0,
  );

/** Every public GET route with real values: the city, a place, its id, and lists as long as allowed. */
function publicUrls(): string[] {
  const values = { lang: 'en', slug: 'rome', id: placeId, page: 'about', '*': 'places-1.xml' };
  const queries: Record<string, string> = {
    '/api/search': '?q=quiet&lang=en&limit=100',
    '/api/near-me': '?lat=41.1&lon=12.1&lang=en',
    '/api/places': '?limit=100',
    '/api/places/translations/:lang': '?limit=100',
    '/api/places/by-ids/translations/:lang': `?ids=${ids.join(',')}`,
    '/api/cities/by-slug/:slug/places': '?languageCode=en&limit=100',
    '/:lang/places.kml': `?ids=${ids.join(',')}`,
    '/:lang/places.gpx': `?ids=${ids.join(',')}`,
    '/:lang/search': '?q=quiet',
  };
  const urls = routes
    .filter(
      (route) => route.method === 'GET' && !route.url.startsWith('/api/admin') && !route.url.startsWith('/iladmin'),
    )
    .flatMap((route) => {
      const base = fillUrl(route.url, values) + (queries[route.url] ?? '');
      // a country's export and feed too, beside the city's
      return paramsOf(route.url).includes('slug') ? [base, fillUrl(route.url, { ...values, slug: 'italy' })] : [base];
    });
  return [...new Set([...urls, '/en/colosseum', '/en/italy/places.kml', '/sitemap.xml'])];
}

describe('response headers at 2,000 places', () => {
  it('are under 8 KB on every public route, the exports of all 2,000 places included', async () => {
    const urls = publicUrls();
    expect(urls.length).toBeGreaterThan(30);
    const sizes: Array<[string, number, number]> = [];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      sizes.push([url, response.statusCode, headerBytes(response.headers)]);
    }
    const over = sizes.filter(([, , bytes]) => bytes >= HEADERS_MAX);
    expect(over, JSON.stringify(over)).toEqual([]);
    // the exports really list every place of the city
    const kml = await t.app.inject({ method: 'GET', url: '/en/rome/places.kml' });
    expect(kml.statusCode).toBe(200);
    expect(kml.body.match(/<Placemark>/g)).toHaveLength(PLACES);
    expect(String(kml.headers['surrogate-key'])).toMatch(/\bplaces-of:city:[0-9a-f-]{36}\b/);
    expect(String(kml.headers['surrogate-key'])).not.toMatch(/\bplace:/);
  });

  it('an edit of one place of a 2,000-place export changes the export', async () => {
    const url = '/en/italy/places.kml';
    await t.app.inject({ method: 'GET', url });
    expect((await t.app.inject({ method: 'GET', url })).headers['cache-status']).toBe('travel-places; hit');
    const edit = await t.admin(placeEdit(colosseum, { title: 'Flavian Amphitheatre' }));
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url });
    expect(after.headers['cache-status']).toMatch(/fwd=miss/);
    expect(after.body).toContain('Flavian Amphitheatre');
  });
});
