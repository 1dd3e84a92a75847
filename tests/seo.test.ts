import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../src/server/db/schema';
import { createSeoService, SITEMAP_PAGES_PER_CHILD, type SeoService } from '../src/server/services/seo';
import { makeCity, makeCountry, makePlace } from './helpers/factories';
import { crawl, entries, texts } from './helpers/sitemaps';
import { createTestApp, type TestApp } from './helpers/test-app';

const BASE = 'https://travel.example';
const LANGS = ['en', 'es', 'de', 'fr', 'zh'];

/** Every `&` starts one of XML's five entities. */
const expectEscaped = (xml: string) => expect(xml).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/);

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

async function get(t: TestApp, url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('sitemap.xml and robots.txt', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: BASE });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells crawlers to stay out of the admin area and where the sitemap is', async () => {
    const response = await get(t, '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400, must-revalidate');
    expect(response.body.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /iladmin',
        'Disallow: /api/admin',
        'Sitemap: https://travel.example/sitemap.xml',
      ]),
    );
  });

  it('answers an index of children even with an empty catalogue', async () => {
    const response = await get(t, '/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(response.body).not.toContain('<urlset');
    expect(texts(response.body, 'loc')).toEqual([`${BASE}/sitemaps/pages.xml`]);

    const pages = await get(t, '/sitemaps/pages.xml');
    expect(texts(pages.body, 'loc')).toEqual(
      ['home', 'countries', 'map', 'how-we-write'].flatMap((page) => LANGS.map((lang) => `${BASE}/${lang}/${page}`)),
    );
  });

  it('lists every country, city and place page in all five languages with alternates', async () => {
    await makeCountry(t.db, { slug: 'japan', name: 'Japan' });
    await makeCity(t.db, { slug: 'kyoto', name: 'Kyoto', country: 'Japan' });
    await makePlace(t.db, { slug: 'kinkaku-ji' });
    await makePlace(t.db, { slug: null, title: 'A place without a page' });

    const { index, children, bodies, allLocs } = await crawl(t);
    expect(children.map((child) => child.path)).toEqual([
      '/sitemaps/pages.xml',
      '/sitemaps/countries-1.xml',
      '/sitemaps/cities-1.xml',
      '/sitemaps/places-1.xml',
    ]);
    for (const child of children) expect(child.lastmod).toMatch(W3C_DATETIME);
    expectEscaped(index);

    for (const xml of bodies.values()) {
      expect(xml).toContain(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      );
      // the page on how the site is made is interface text: it has no date to give
      for (const entry of entries(xml).filter((e) => !e.includes('/how-we-write</loc>'))) {
        expect(texts(entry, 'lastmod')[0]).toMatch(W3C_DATETIME);
      }
    }
    for (const lang of LANGS) {
      for (const slug of ['home', 'countries', 'map', 'japan', 'kyoto', 'kinkaku-ji']) {
        expect(allLocs).toContain(`${BASE}/${lang}/${slug}`);
      }
    }
    // 7 pages (home, countries, map, how-we-write, a country, a city, a place) x 5 languages; the place without a slug has no page
    expect(allLocs).toHaveLength(35);
    expect(new Set(allLocs).size).toBe(35);
    expect(texts(bodies.get('/sitemaps/cities-1.xml')!, 'loc')).toEqual(LANGS.map((lang) => `${BASE}/${lang}/kyoto`));

    const kyoto = entries(bodies.get('/sitemaps/cities-1.xml')!).find((entry) =>
      entry.includes(`<loc>${BASE}/de/kyoto</loc>`),
    )!;
    for (const lang of LANGS) {
      expect(kyoto).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${BASE}/${lang}/kyoto"/>`);
    }
    expect(kyoto).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/en/kyoto"/>`);
    expect(kyoto.match(/<xhtml:link /g)).toHaveLength(6);
  });

  it('lists a slug shared by a country and a place once per language', async () => {
    await makeCountry(t.db, { slug: 'malta', name: 'Malta' });
    await makePlace(t.db, { slug: 'malta' });
    const { bodies, allLocs } = await crawl(t);
    expect(allLocs.filter((loc) => loc === `${BASE}/en/malta`)).toHaveLength(1);
    expect(bodies.get('/sitemaps/countries-1.xml')).toContain(`<loc>${BASE}/en/malta</loc>`);
  });

  it('lists a place whose slug is a city slug once, as the city', async () => {
    await makeCity(t.db, { slug: 'lyon', name: 'Lyon' });
    await makePlace(t.db, { slug: 'lyon' });
    const { bodies, allLocs } = await crawl(t);
    for (const lang of LANGS) expect(allLocs.filter((loc) => loc === `${BASE}/${lang}/lyon`)).toHaveLength(1);
    expect(bodies.get('/sitemaps/cities-1.xml')).toContain(`<loc>${BASE}/en/lyon</loc>`);
    expect(bodies.get('/sitemaps/places-1.xml')).not.toContain('/lyon</loc>');
  });

  it('escapes XML in URLs', async () => {
    await makePlace(t.db, { slug: "rock-'n'-roll&co" });
    const { bodies } = await crawl(t);
    const xml = bodies.get('/sitemaps/places-1.xml')!;
    expect(xml).toContain(`<loc>${BASE}/en/rock-&apos;n&apos;-roll%26co</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="${BASE}/en/rock-&apos;n&apos;-roll%26co"/>`);
    expectEscaped(xml);
  });

  it('answers 404 with a JSON error for a child the index does not name', async () => {
    for (const name of [
      'places-99.xml',
      'places-2.xml',
      'places-0.xml',
      'places-01.xml',
      'places--1.xml',
      'places-1.5.xml',
      'places-1e3.xml',
      'places-99999999999999999999.xml',
      'places-1.xml.gz',
      'PLACES-1.xml',
      'foo.xml',
      'pages-1.xml',
      'places.xml',
      '',
      'a/b.xml',
      `${'x'.repeat(600)}.xml`,
      `places-${'1'.repeat(5000)}.xml`,
    ]) {
      const response = await get(t, `/sitemaps/${name}`);
      expect(response.statusCode, name.slice(0, 40)).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(typeof response.json<{ error: string }>().error).toBe('string');
    }
  });

  it('keeps the answers in the cache until the content changes', async () => {
    const first = await get(t, '/sitemaps/cities-1.xml');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemaps/cities-1.xml',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    await makeCity(t.db, { slug: 'nice', name: 'Nice' });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/sitemaps/cities-1.xml',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain(`<loc>${BASE}/en/nice</loc>`);
  });
});

describe('sitemap children in chunks', () => {
  let t: TestApp;
  let seo: SeoService;
  const OLD = new Date('2020-01-02T03:04:05.678Z');
  /** Creation times set apart: rows inserted one after another may share a clock tick. */
  const created = (n: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, n));

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: BASE });
    seo = createSeoService({ db: t.db, publicUrl: () => BASE, pagesPerChild: 3 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const crawlService = async (service = seo) => {
    const index = await service.sitemapIndex();
    const children = entries(index, 'sitemap').map((entry) => ({
      name: texts(entry, 'loc')[0]!.replace(/^.*\/sitemaps\//, ''),
      lastmod: texts(entry, 'lastmod')[0],
    }));
    const bodies = new Map<string, string>();
    for (const child of children) bodies.set(child.name, await service.sitemapChild(child.name));
    return { index, children, bodies };
  };

  it('uses the default chunk size unless told otherwise', () => {
    expect(SITEMAP_PAGES_PER_CHILD * LANGS.length).toBeLessThanOrEqual(50_000);
    expect(createSeoService({ db: t.db, publicUrl: () => BASE }).pagesPerChild).toBe(SITEMAP_PAGES_PER_CHILD);
    expect(() => createSeoService({ db: t.db, publicUrl: () => BASE, pagesPerChild: 10_001 })).toThrow();
    expect(() => createSeoService({ db: t.db, publicUrl: () => BASE, pagesPerChild: 0 })).toThrow();
  });

  it('splits places into chunks that list every place once, with lastmod and alternates', async () => {
    const made = [];
    for (let i = 1; i <= 7; i++)
      made.push(await makePlace(t.db, { slug: `spot-${i}`, createdAt: created(i), updatedAt: OLD }));
    await t.db.execute(sql`update places set title = title || '!' where slug = 'spot-5'`);

    const { index, children, bodies } = await crawlService();
    expect(children.map((child) => child.name)).toEqual(['pages.xml', 'places-1.xml', 'places-2.xml', 'places-3.xml']);
    const chunks = ['places-1.xml', 'places-2.xml', 'places-3.xml'].map((name) => bodies.get(name)!);
    expect(chunks.map((xml) => texts(xml, 'loc').length)).toEqual([15, 15, 5]);
    // In creation order: spot-1..3, spot-4..6, spot-7.
    expect(texts(chunks[1]!, 'loc').filter((loc) => loc.startsWith(`${BASE}/en/`))).toEqual([
      `${BASE}/en/spot-4`,
      `${BASE}/en/spot-5`,
      `${BASE}/en/spot-6`,
    ]);

    const allLocs = chunks.flatMap((xml) => texts(xml, 'loc'));
    expect(new Set(allLocs).size).toBe(allLocs.length);
    expect(allLocs.sort()).toEqual(
      made.flatMap((place) => LANGS.map((lang) => `${BASE}/${lang}/${place.slug}`)).sort(),
    );
    for (const xml of chunks) {
      expect(entries(xml).length).toBeLessThanOrEqual(3 * LANGS.length);
      for (const entry of entries(xml)) {
        const slug = texts(entry, 'loc')[0]!.split('/').pop()!;
        for (const lang of LANGS) {
          expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${BASE}/${lang}/${slug}"/>`);
        }
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/en/${slug}"/>`);
      }
    }

    // lastmod per URL is the row's updated_at; per child, the newest of its rows.
    const byName = new Map(children.map((child) => [child.name, child.lastmod]));
    expect(byName.get('places-1.xml')).toBe('2020-01-02T03:04:05Z');
    expect(byName.get('places-3.xml')).toBe('2020-01-02T03:04:05Z');
    const edited = byName.get('places-2.xml')!;
    expect(edited).toMatch(W3C_DATETIME);
    expect(edited > '2020-01-02T03:04:05Z').toBe(true);
    const spot5 = entries(chunks[1]!).find((entry) => entry.includes(`<loc>${BASE}/fr/spot-5</loc>`))!;
    expect(texts(spot5, 'lastmod')).toEqual([edited]);
    const spot4 = entries(chunks[1]!).find((entry) => entry.includes(`<loc>${BASE}/fr/spot-4</loc>`))!;
    expect(texts(spot4, 'lastmod')).toEqual(['2020-01-02T03:04:05Z']);
    // pages.xml: the home page shows places, so it changed with spot-5.
    expect(byName.get('pages.xml')).toBe(edited);
    expect(index.length).toBeLessThan(2000);

    await expect(seo.sitemapChild('places-4.xml')).rejects.toMatchObject({ status: 404 });
  });

  it('keeps a chunk to its own rows when some have no page, and shadows slugs of earlier kinds', async () => {
    // Chunk 3 now holds spot-7, a place without a slug and a place shadowed by a city.
    await makePlace(t.db, { slug: null, createdAt: created(8), updatedAt: OLD });
    await makePlace(t.db, { slug: 'shadowed', createdAt: created(9), updatedAt: OLD });
    await makeCity(t.db, { slug: 'shadowed', name: 'Shadowed', updatedAt: OLD });
    await makePlace(t.db, { slug: 'spot-10', createdAt: created(10), updatedAt: OLD });

    const { children, bodies } = await crawlService();
    expect(children.map((child) => child.name)).toEqual([
      'pages.xml',
      'cities-1.xml',
      'places-1.xml',
      'places-2.xml',
      'places-3.xml',
      'places-4.xml',
    ]);
    expect(texts(bodies.get('places-3.xml')!, 'loc').filter((loc) => loc.startsWith(`${BASE}/en/`))).toEqual([
      `${BASE}/en/spot-7`,
    ]);
    expect(texts(bodies.get('places-4.xml')!, 'loc').filter((loc) => loc.startsWith(`${BASE}/en/`))).toEqual([
      `${BASE}/en/spot-10`,
    ]);
    expect(texts(bodies.get('cities-1.xml')!, 'loc')).toContain(`${BASE}/en/shadowed`);
  });

  it('moves a city’s lastmod when the city is edited', async () => {
    const { children: before, bodies: beforeBodies } = await crawlService();
    expect(before.find((child) => child.name === 'cities-1.xml')!.lastmod).toBe('2020-01-02T03:04:05Z');
    expect(texts(beforeBodies.get('cities-1.xml')!, 'lastmod')[0]).toBe('2020-01-02T03:04:05Z');

    await t.db.update(cities).set({ description: 'Edited.' }).where(eq(cities.slug, 'shadowed'));
    const { children: after, bodies: afterBodies } = await crawlService();
    const moved = after.find((child) => child.name === 'cities-1.xml')!.lastmod!;
    expect(moved).toMatch(W3C_DATETIME);
    expect(moved > '2020-01-02T03:04:05Z').toBe(true);
    expect(texts(afterBodies.get('cities-1.xml')!, 'lastmod')).toEqual(LANGS.map(() => moved));
  });

  it('escapes XML in the public URL of the index and its children', async () => {
    const odd = createSeoService({ db: t.db, publicUrl: () => 'https://travel.example/a&b', pagesPerChild: 3 });
    const { index, bodies } = await crawlService(odd);
    expect(index).toContain('<loc>https://travel.example/a&amp;b/sitemaps/places-1.xml</loc>');
    expectEscaped(index);
    expect(bodies.get('places-1.xml')).toContain('<loc>https://travel.example/a&amp;b/en/spot-1</loc>');
    for (const xml of bodies.values()) expectEscaped(xml);
    expect(odd.robots()).toContain('Sitemap: https://travel.example/a&b/sitemap.xml');
  });
});
