import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SITE_SETTINGS } from '../src/shared/site';
import { makePlace } from '../tests/helpers/factories';
import { browserSuite, watchConsole } from './helpers';
import { axeViolations, realErrors } from './public-fixtures';

/** A MapLibre style of the operator's own (MAP_STYLE_URL): here a plain land colour, no tiles. */
const STYLE = {
  version: 8,
  name: 'Test style',
  sources: {},
  layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#dfe7d6' } }],
};

describe('the interactive map, where the operator serves a vector style', () => {
  let styleServer: Server;
  let styleOrigin: string;
  const styleRequests: string[] = [];

  beforeAll(async () => {
    styleServer = createServer((request, response) => {
      styleRequests.push(request.url ?? '');
      response.writeHead(request.url === '/style.json' ? 200 : 404, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      response.end(request.url === '/style.json' ? JSON.stringify(STYLE) : '{}');
    });
    await new Promise<void>((resolve) => styleServer.listen(0, '127.0.0.1', resolve));
    styleOrigin = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}`;
  });
  // registered before the suite, so it runs after the suite has closed the site (the last registered first)
  afterAll(async () => {
    await new Promise((resolve) => styleServer?.close(resolve));
  });

  const suite = browserSuite({
    config: () => ({ site: { ...NO_SITE_SETTINGS, mapStyleUrl: `${styleOrigin}/style.json` } }),
  });

  beforeAll(async () => {
    await makePlace(suite.site.db, {
      location: 'Lisbon',
      country: 'Portugal',
      slug: 'belem-tower',
      title: 'Belém Tower',
      latitude: 38.6916,
      longitude: -9.216,
    });
  });

  it('is loaded only when the visitor opens it, centred on the place with a pin', async () => {
    const context = await suite.plainContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto(`${suite.site.baseUrl}/fr/belem-tower`);
    // the page may talk to the style's origin, and nothing else outside its own
    expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${styleOrigin}`);
    await page.waitForLoadState('networkidle');
    expect(styleRequests).toEqual([]);
    expect(scripts.some((url) => url.includes('interactive-map'))).toBe(false);

    // a visitor scrolls down to the map: the page's islands come to life, the button with them
    await page.locator('#map').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Carte interactive' }).click();
    const map = page.getByRole('region', { name: /^Carte interactive de Belém Tower/ });
    await map.locator('canvas.maplibregl-canvas').waitFor();
    await map.locator('.maplibregl-marker').waitFor();
    expect(styleRequests).toContain('/style.json');
    // MapLibre's own controls speak the page's language
    await map.getByRole('button', { name: 'Zoom avant' }).waitFor();
    // MapLibre's stylesheet, linked when its chunk loads, applies: the controls sit in the map's corner
    const controls = map.locator('.maplibregl-ctrl-top-right');
    expect(await controls.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    // ... and the page's own stylesheet, linked already, is not linked a second time
    const stylesheets = await page
      .locator('link[rel=stylesheet]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(stylesheets).toHaveLength(new Set(stylesheets).size);
    expect(scripts.some((url) => url.includes('interactive-map'))).toBe(true);
    // the map is as wide as the column and tall enough to use
    const box = (await map.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThanOrEqual(300);
    // the button has done its work; the OpenStreetMap link stays
    expect(await page.getByRole('button', { name: 'Carte interactive' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ouvrir dans OpenStreetMap' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/e2e-interactive-map.png' });
    // Chromium's software WebGL (no GPU here) reports its own slowness as console warnings
    expect(realErrors(errors).filter((message) => !message.includes('GL Driver Message'))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('says so, and keeps the drawn map, when the style cannot be loaded', async () => {
    const context = await suite.plainContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // the tile server is down
    await page.route(`${styleOrigin}/**`, (route) => route.abort());
    await page.goto(`${suite.site.baseUrl}/en/belem-tower`);
    await page.locator('#map').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Interactive map' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'could not be loaded' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.locator('[id^="map-place-"] svg').count()).toBe(1);
    await context.close();
  });
});
