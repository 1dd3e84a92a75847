import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapDto, PlacesMapDto } from '../src/shared/api/maps';
import { makeCity, makeCountry, makeCountryTranslation, makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

const BASE = 'https://travel.example';
const KB = 1024;

/** The inline SVG map the page holds in its element `id`. */
function mapIn(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `map ${id}`).toBeGreaterThan(-1);
  const svgStart = html.indexOf('<svg', start);
  const svgEnd = html.indexOf('</svg>', svgStart) + '</svg>'.length;
  expect(svgStart, `map ${id}`).toBeGreaterThan(start);
  return html.slice(svgStart, svgEnd);
}

/** The map's marker links: [href, accessible name]. */
const markersOf = (svg: string) =>
  [...svg.matchAll(/<a href="([^"]*)" aria-label="([^"]*)"><title>/g)].map((m) => [m[1]!, m[2]!] as const);

/** What the map costs the page, gzipped: the page with it against the same page without it. */
function gzippedCost(html: string, svg: string): number {
  return gzipSync(html).length - gzipSync(html.replace(svg, '')).length;
}

/** Every address the page loads or links to through src, srcset and href attributes. */
function addressesIn(html: string): Array<{ tag: string; attribute: string; url: string }> {
  const found: Array<{ tag: string; attribute: string; url: string }> = [];
  for (const element of html.matchAll(/<([a-zA-Z]+)\b([^>]*)>/g)) {
    for (const attr of element[2]!.matchAll(/\b(src|srcset|srcSet|href|action|poster)="([^"]*)"/g)) {
      const urls =
        attr[1]!.toLowerCase() === 'srcset' ? attr[2]!.split(',').map((s) => s.trim().split(/\s+/)[0]!) : [attr[2]!];
      for (const url of urls) found.push({ tag: element[1]!.toLowerCase(), attribute: attr[1]!, url });
    }
  }
  return found;
}

describe('maps drawn on the server', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  let belem: Awaited<ReturnType<typeof makePlace>>;
  let inPorto: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: BASE }, { pages: { renderSource: sourceRenderSource() } });
    const portugal = await makeCountry(t.db, { name: 'Portugal', slug: 'portugal' });
    await makeCountry(t.db, { name: 'Spain', slug: 'spain' });
    await makeCountry(t.db, { name: 'Japan', slug: 'japan' });
    // a country without places has no marker
    await makeCountry(t.db, { name: 'Iceland', slug: 'iceland' });
    await makeCountryTranslation(t.db, portugal.id, 'fr', 'Portugal "<b>&');
    await makeCity(t.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon' });
    await makeCity(t.db, { name: 'Porto', country: 'Portugal', slug: 'porto' });
    belem = await makePlace(t.db, {
      title: 'Belém Tower',
      location: 'Lisbon',
      country: 'Portugal',
      latitude: 38.6916,
      longitude: -9.216,
    });
    await makePlace(t.db, { location: 'Lisbon', country: 'Portugal', latitude: 38.7113, longitude: -9.1301 });
    inPorto = await makePlace(t.db, { location: 'Porto', country: 'Portugal', latitude: 41.1408, longitude: -8.6131 });
    await makePlace(t.db, { location: 'Madrid', country: 'Spain', latitude: 40.4138, longitude: -3.6921 });
    await makePlace(t.db, { location: 'Tokyo', country: 'Japan', latitude: 35.6595, longitude: 139.7005 });
  });
  afterAll(() => t.close());

  it('puts a world map on the countries page whose markers lead to each country with places', async () => {
    const page = await get('/en/countries');
    expect(page.statusCode).toBe(200);
    const svg = mapIn(page.body, 'map-en-countries');
    const markers = markersOf(svg);
    expect(markers.map(([href]) => href).sort()).toEqual(['/en/japan', '/en/portugal', '/en/spain']);
    expect(markers.find(([href]) => href === '/en/japan')?.[1]).toBe('Japan');
    for (const [href] of markers) expect((await get(href)).statusCode, href).toBe(200);
    expect(page.body).toContain('The countries with places: choose one on the map.');

    // in German the markers are named and linked in German
    const german = mapIn((await get('/de/countries')).body, 'map-de-countries');
    expect(markersOf(german)).toContainEqual(['/de/spain', 'Spanien']);
  });

  it('puts a map of the country on its page, with a marker per city that has places', async () => {
    const page = await get('/en/portugal');
    expect(page.statusCode).toBe(200);
    const svg = mapIn(page.body, 'map-en-country-portugal');
    const markers = markersOf(svg);
    expect(markers.map(([href, name]) => `${href} ${name}`).sort()).toEqual(['/en/lisbon Lisbon', '/en/porto Porto']);
    for (const [href] of markers) expect((await get(href)).statusCode, href).toBe(200);
    // Lisbon lies south of Porto on the map
    const y = (href: string) => Number(svg.match(new RegExp(`href="${href}"[^]*?cy="([\\d.]+)"`))?.[1]);
    expect(y('/en/lisbon')).toBeGreaterThan(y('/en/porto'));
  });

  it('shows a locator with a pin on the place page and links to OpenStreetMap at its coordinates', async () => {
    const page = await get(`/en/${belem.slug}`);
    expect(page.statusCode).toBe(200);
    const svg = mapIn(page.body, `map-place-${belem.id}`);
    expect(svg).toContain('fill="#dc2626"');
    expect(page.body).toContain(
      'href="https://www.openstreetmap.org/?mlat=38.6916&amp;mlon=-9.216#map=16/38.6916/-9.216"',
    );
    expect(page.body).toContain('>Open in OpenStreetMap<');
    // geo: links open only on Android (iPhones cannot): the browser adds one there, the HTML has none
    expect(page.body).not.toContain('href="geo:');
    expect(page.body).toContain('aria-label="Map: Belém Tower in Portugal"');
  });

  it('draws a place locator’s outline as an image of its own, one for every place of the country, kept for good', async () => {
    const imageOf = (svg: string) =>
      /<img src="(\/api\/maps\/drawings\/[^"]+\.svg)" alt=""[^>]* loading="lazy"/.exec(svg)?.[1];
    const atBelem = imageOf((await get(`/api/maps/places/${belem.id}`)).json<MapDto>().svg!);
    const map = (await get(`/api/maps/places/${inPorto.id}`)).json<MapDto>().svg!;
    // the same drawing for both places of Portugal; the page holds only the pin over it
    expect(atBelem).toMatch(/^\/api\/maps\/drawings\/locator\/620\/[\w-]+\.svg$/);
    expect(imageOf(map)).toBe(atBelem);
    expect(map.length).toBeLessThan(1000);
    expect(map).toContain('fill="#dc2626"');

    const image = await get(atBelem!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+">/);
    expect(image.body).toContain('<path');
    expect(image.body).not.toContain('#dc2626');
    // cached: the same again, still for good
    expect((await get(atBelem!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // an address of an older drawing is sent on to the current one, and is not kept
    const older = await get(atBelem!.replace(/[\w-]+\.svg$/, 'older-drawing.svg'));
    expect(older.statusCode).toBe(302);
    expect(older.headers.location).toBe(atBelem);
    expect(older.headers['cache-control']).toBe('no-cache');
    // no such country: a plain 404 that no cache keeps for good
    for (const address of [
      '/api/maps/drawings/locator/nowhere/abc.svg',
      '/api/maps/drawings/country/nowhere/abc.svg',
    ]) {
      const none = await get(address);
      expect(none.statusCode, address).toBe(404);
      expect(none.json(), address).toMatchObject({ code: 'not_found' });
      expect(none.headers['cache-control'], address).not.toContain('immutable');
    }
  });

  it('draws the world and a country map as images of their own too, under their marker links', async () => {
    for (const [url, id] of [
      ['/en/countries', 'map-en-countries'],
      ['/fr/portugal', 'map-fr-country-portugal'],
    ] as const) {
      const html = (await get(url)).body;
      const start = html.indexOf(`id="${id}"`);
      const address = /<img src="(\/api\/maps\/drawings\/[^"]+\.svg)" alt=""/.exec(html.slice(start))?.[1];
      expect(address, url).toBeDefined();
      // the links are on the page, the outlines only in the image
      expect(markersOf(mapIn(html, id)).length, url).toBeGreaterThan(0);
      expect(mapIn(html, id), url).not.toContain('<path');
      const image = await get(address!);
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(image.body, url).toContain('<path');
      expect(image.body, url).not.toContain('<a ');
    }
    // a view of the map of every place: its land
    const view = (await get('/api/maps/every-place/translations/en?z=3&x=3&y=3')).json<PlacesMapDto>();
    const land = await get(view.drawing);
    expect([land.statusCode, land.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(land.body).toContain('<path');
    expect((await get('/api/maps/drawings/view/0-1-1/abc.svg')).statusCode).toBe(404);
  });

  it('adds at most 60 KB compressed per map, once: the maps are not repeated in the page state', async () => {
    const pages = [
      ['/en/countries', 'map-en-countries'],
      ['/en/portugal', 'map-en-country-portugal'],
      [`/en/${belem.slug}`, `map-place-${belem.id}`],
    ] as const;
    for (const [url, id] of pages) {
      const html = (await get(url)).body;
      const svg = mapIn(html, id);
      expect(gzippedCost(html, svg), url).toBeLessThanOrEqual(60 * KB);
      expect(gzipSync(svg).length, url).toBeLessThanOrEqual(60 * KB);
      const state = html.slice(html.indexOf('id="__QUERY_STATE__"'));
      expect(state, url).not.toContain('<svg');
      expect(state, url).not.toContain('\\u003csvg');
    }
  });

  it('loads nothing from another site: the only outside address is the OpenStreetMap link', async () => {
    for (const url of ['/en/countries', '/en/portugal', `/en/${belem.slug}`]) {
      const html = (await get(url)).body;
      const outside = addressesIn(html).filter(
        ({ url: address }) => /^(https?:)?\/\//i.test(address) && !address.startsWith(`${BASE}/`),
      );
      for (const address of outside) {
        // a link the visitor may follow, never something the page fetches
        expect(address, url).toMatchObject({ tag: 'a', attribute: 'href' });
        expect(address.url, url).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
      }
      // and nothing of the site's own is loaded from an absolute address either, but for <link> tags
      for (const address of addressesIn(html).filter((a) => a.url.startsWith(BASE))) {
        expect(address.tag, url).toBe('link');
      }
    }
  });

  it('lets the page talk to its own origin only while no vector style is configured', async () => {
    const response = await get(`/en/${belem.slug}`);
    const policy = String(response.headers['content-security-policy']);
    // (this app renders through Vite's dev server, which talks to the page over ws:)
    expect(policy).toMatch(/(^|;)connect-src 'self'( ws:)?(;|$)/);
    expect(policy).toMatch(/(^|;)worker-src 'self'(;|$)/);
    expect((await get('/api/site')).json()).toMatchObject({ mapStyleUrl: '' });
  });

  it('escapes every name in the markup', async () => {
    const svg = mapIn((await get('/fr/countries')).body, 'map-fr-countries');
    expect(svg).toContain('aria-label="Portugal &quot;&lt;b&gt;&amp;"');
    expect(svg).toContain('<title>Portugal &quot;&lt;b&gt;&amp;</title>');
    expect(svg).not.toContain('<b>');
  });

  it('answers the maps as JSON too, 404 for what does not exist, nothing to draw without coordinates', async () => {
    const world = await get('/api/maps/countries/translations/en');
    expect(world.statusCode).toBe(200);
    expect(world.json<MapDto>().svg).toMatch(
      /^<img src="\/api\/maps\/drawings\/world\/[^>]+><svg viewBox="0 0 960 \d+"/,
    );
    for (const url of [
      '/api/maps/countries/by-slug/atlantis/translations/en',
      `/api/maps/countries/by-slug/${'a'.repeat(5000)}/translations/en`,
      '/api/maps/places/not-a-uuid',
      '/api/maps/places/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(typeof response.json().error, url).toBe('string');
    }
    const lost = await makePlace(t.db, { latitude: null, longitude: null });
    expect((await get(`/api/maps/places/${lost.id}`)).json()).toEqual({ svg: null });
    // at sea, outside every outline: a region around the point, with the pin
    const atSea = await makePlace(t.db, { location: 'Atlantic', country: 'Nowhere', latitude: 30, longitude: -40 });
    expect((await get(`/api/maps/places/${atSea.id}`)).json<MapDto>().svg).toContain('fill="#dc2626"');
    // Iceland has no places: an outline without markers
    const iceland = (await get('/api/maps/countries/by-slug/iceland/translations/en')).json<MapDto>();
    const outline = /<img src="([^"]+)"/.exec(iceland.svg!)![1]!;
    expect((await get(outline)).body).toContain('<path');
    expect(markersOf(iceland.svg!)).toEqual([]);
  });

  it('shows a new country on the world map as soon as it has a place', async () => {
    const beforeSvg = (await get('/api/maps/countries/translations/en')).json<MapDto>().svg!;
    const before = markersOf(beforeSvg);
    expect(before.map(([href]) => href)).not.toContain('/en/iceland');
    await makePlace(t.db, { location: 'Reykjavik', country: 'Iceland', latitude: 64.1466, longitude: -21.9426 });
    const after = markersOf((await get('/api/maps/countries/translations/en')).json<MapDto>().svg!);
    expect(after).toContainEqual(['/en/iceland', 'Iceland']);
    const page = await get('/en/countries');
    expect(markersOf(mapIn(page.body, 'map-en-countries'))).toContainEqual(['/en/iceland', 'Iceland']);
    // Iceland is highlighted now: a new drawing at a new address, and the old one sends there
    const drawingOf = (html: string) => /<img src="(\/api\/maps\/drawings\/world\/[^"]+)"/.exec(html)![1]!;
    const was = drawingOf(beforeSvg);
    const now = drawingOf(page.body);
    expect(now).not.toBe(was);
    const old = await get(was);
    expect([old.statusCode, old.headers.location]).toEqual([302, now]);
  });
});
