import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SITE_SETTINGS } from '../src/shared/site';
import { makePlace } from '../tests/helpers/factories';
import { browserSuite, seriousViolations, waitForHydration, watchConsole } from './helpers';
import { realErrors } from './public-fixtures';

/** The operator's MapLibre style (MAP_STYLE_URL): a plain land colour, no tiles. */
const STYLE = {
  version: 8,
  name: 'Test style',
  sources: {},
  layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#dfe7d6' } }],
};

describe('the map of every place on the operator’s tiles', () => {
  let styleServer: Server;
  let styleOrigin: string;

  beforeAll(async () => {
    styleServer = createServer((request, response) => {
      response.writeHead(request.url === '/style.json' ? 200 : 404, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      response.end(request.url === '/style.json' ? JSON.stringify(STYLE) : '{}');
    });
    await new Promise<void>((resolve) => styleServer.listen(0, '127.0.0.1', resolve));
    styleOrigin = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => styleServer?.close(resolve));
  });

  const suite = browserSuite({
    config: () => ({ site: { ...NO_SITE_SETTINGS, mapStyleUrl: `${styleOrigin}/style.json` } }),
  });

  beforeAll(async () => {
    const lisbon = { location: 'Lisbon', country: 'Portugal' };
    await makePlace(suite.site.db, {
      ...lisbon,
      slug: 'belem-tower',
      title: 'Belém Tower',
      latitude: 38.6916,
      longitude: -9.216,
    });
    await makePlace(suite.site.db, {
      ...lisbon,
      slug: 'alfama',
      title: 'Alfama',
      latitude: 38.7113,
      longitude: -9.1301,
    });
  });

  it('opens on a button with the server’s groups; a group flies closer and a place’s marker leads to its page', async () => {
    const context = await suite.plainContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${suite.site.baseUrl}/fr/map`);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Carte interactive' }).click();
    const map = page.getByRole('region', { name: /^Carte interactive de tous les lieux/ });
    await map.locator('canvas.maplibregl-canvas').waitFor();
    const group = map.locator('a.maplibre-group', { hasText: '2' });
    await group.waitFor();
    await group.click();
    const tower = map.locator('a.maplibre-place[aria-label="Belém Tower"]');
    await tower.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await tower.click();
    await page.waitForURL(`${suite.site.baseUrl}/fr/belem-tower`);
    // Chromium's software WebGL (no GPU here) reports its own slowness as console warnings
    expect(realErrors(errors).filter((message) => !message.includes('GL Driver Message'))).toEqual([]);
    await context.close();
  });
});
