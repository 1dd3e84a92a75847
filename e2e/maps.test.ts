import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCity, makeCountry, makePlace } from '../tests/helpers/factories';
import { browserSuite, waitForHydration, watchConsole } from './helpers';
import { axeViolations, realErrors, storePhoto } from './public-fixtures';

const VIEWPORTS = [
  { name: 'phone', width: 320, height: 640, mobile: true },
  { name: 'desktop', width: 1440, height: 900, mobile: false },
] as const;

describe('maps in the browser', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const { site } = suite;
    const { db } = site;
    await makeCountry(db, { name: 'Portugal', slug: 'portugal', ...(await storePhoto(site, 10)) });
    await makeCountry(db, { name: 'Japan', slug: 'japan', ...(await storePhoto(site, 30)) });
    await makeCity(db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon', ...(await storePhoto(site, 50)) });
    await makeCity(db, { name: 'Porto', country: 'Portugal', slug: 'porto', ...(await storePhoto(site, 60)) });
    const place = { location: 'Lisbon', country: 'Portugal' };
    await makePlace(db, {
      ...place,
      slug: 'belem-tower',
      title: 'Belém Tower',
      latitude: 38.6916,
      longitude: -9.216,
      ...(await storePhoto(site, 70)),
    });
    await makePlace(db, { ...place, slug: 'alfama', title: 'Alfama', latitude: 38.7113, longitude: -9.1301 });
    await makePlace(db, {
      location: 'Porto',
      country: 'Portugal',
      slug: 'ribeira',
      title: 'Ribeira',
      latitude: 41.1408,
      longitude: -8.6131,
      ...(await storePhoto(site, 90)),
    });
    await makePlace(db, {
      location: 'Tokyo',
      country: 'Japan',
      slug: 'shibuya-crossing',
      title: 'Shibuya Crossing',
      latitude: 35.6595,
      longitude: 139.7005,
      ...(await storePhoto(site, 110)),
    });
  });

  /**
   * A page at one viewport; every request it makes is recorded. `visit` loads another address in
   * the same tab, with the requests and errors of that load alone. Motion is reduced, so the cards
   * beside a map are in place at once when axe judges their colours.
   */
  async function open(path: string, viewport: (typeof VIEWPORTS)[number], javaScriptEnabled = true) {
    const context = await suite.plainContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.mobile,
      hasTouch: viewport.mobile,
      javaScriptEnabled,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const visit = async (address: string) => {
      errors.length = 0;
      requests.length = 0;
      await page.goto(`${suite.site.baseUrl}${address}`);
      await page.waitForLoadState('networkidle');
    };
    await visit(path);
    return { page, errors, requests, visit, close: () => context.close() };
  }

  /** The map fits: no sideways scrolling, and the drawing is inside the viewport and not empty. */
  async function expectFits(page: Page, mapId: string, label: string) {
    const box = await page.evaluate((id) => {
      const svg = document.getElementById(id)?.querySelector('svg');
      const rect = svg?.getBoundingClientRect();
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        left: rect?.left ?? -1,
        right: rect?.right ?? Infinity,
        width: rect?.width ?? 0,
        height: rect?.height ?? 0,
      };
    }, mapId);
    expect(box.scrollWidth, label).toBeLessThanOrEqual(box.innerWidth);
    expect(box.left, label).toBeGreaterThanOrEqual(0);
    expect(box.right, label).toBeLessThanOrEqual(box.innerWidth);
    expect(box.width, label).toBeGreaterThan(Math.min(250, box.innerWidth - 60));
    expect(box.height, label).toBeGreaterThan(100);
  }

  for (const viewport of VIEWPORTS) {
    it(`fits the countries, country and place maps at ${viewport.width} px, loading nothing from elsewhere`, async () => {
      const pages = [
        ['/en/countries', 'map-en-countries'],
        ['/en/portugal', 'map-en-country-portugal'],
        ['/en/belem-tower', 'map-place-'],
      ] as const;
      const { page, errors, requests, visit, close } = await open(pages[0][0], viewport);
      for (const [path, id] of pages) {
        if (path !== pages[0][0]) await visit(path);
        const mapId = id.endsWith('-') ? await page.locator('[id^="map-place-"]').first().getAttribute('id') : id;
        await page.locator(`#${mapId} svg`).scrollIntoViewIfNeeded();
        await expectFits(page, mapId!, `${path} at ${viewport.width} px`);
        await page.screenshot({ path: `/tmp/e2e-map-${viewport.name}-${path.split('/')[2]}.png`, fullPage: false });
        expect(
          requests.filter((url) => !url.startsWith(`${suite.site.baseUrl}/`)),
          path,
        ).toEqual([]);
        expect(realErrors(errors), path).toEqual([]);
        // marker links have names, the locator a text alternative, the links enough contrast
        expect(await axeViolations(page), path).toEqual([]);
      }
      await close();
    });
  }

  it('follows a world map marker to the country, and its city marker to the city', async () => {
    const { page, errors, close } = await open('/en/countries', VIEWPORTS[1]);
    await page.locator('#map-en-countries a[aria-label="Portugal"]').click();
    await page.waitForURL(`${suite.site.baseUrl}/en/portugal`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Portugal');
    await page.locator('#map-en-country-portugal a[aria-label="Lisbon"]').click();
    await page.waitForURL(`${suite.site.baseUrl}/en/lisbon`);
    expect(realErrors(errors)).toEqual([]);
    await close();
  });

  it('draws the map of a page reached inside the site, where it was not in the first HTML', async () => {
    const { page, errors, close } = await open('/en/countries', VIEWPORTS[0]);
    // a country card: the page changes in the browser, and fetches the country's map
    await page.locator('a.area-card[href="/en/japan"]').first().click();
    await page.waitForURL(`${suite.site.baseUrl}/en/japan`);
    await page.locator('#map-en-country-japan svg').waitFor();
    await expectFits(page, 'map-en-country-japan', 'Japan reached inside the site');
    expect(realErrors(errors)).toEqual([]);
    await close();
  });

  it('works without JavaScript: the map is in the page and a marker is a plain link', async () => {
    const { page, close } = await open('/en/countries', VIEWPORTS[0], false);
    await page.locator('#map-en-countries a[aria-label="Japan"]').click();
    await page.waitForURL(`${suite.site.baseUrl}/en/japan`);
    expect(await page.locator('#map-en-country-japan svg').count()).toBe(1);
    await close();
  });

  it('lists the places within 50 km on the place page, and the rest of the country instead of far ones', async () => {
    const { page, close } = await open('/de/belem-tower', VIEWPORTS[0]);
    const nearby = page.locator('#nearby');
    await expect.poll(() => nearby.locator('h2').textContent()).toBe('In der Nähe');
    const items = await nearby.locator('li').allTextContents();
    // Alfama (7.8 km) only: Porto is 275 km away, Tokyo on another continent
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/Alfama.*Lisbon, Portugal.*7,8 km/);
    await nearby.getByRole('link', { name: 'Mehr in Portugal' }).click();
    await page.waitForURL(`${suite.site.baseUrl}/de/portugal`);
    await close();
  });

  it('links to OpenStreetMap over https on every device, and to the maps app only on Android', async () => {
    const devices = [
      {
        name: 'iPhone',
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        mobile: true,
        geo: false,
      },
      {
        name: 'Android',
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        mobile: true,
        geo: true,
      },
      { name: 'desktop', userAgent: undefined, mobile: false, geo: false },
    ];
    for (const device of devices) {
      const context = await suite.plainContext({
        viewport: device.mobile ? { width: 360, height: 740 } : { width: 1440, height: 900 },
        isMobile: device.mobile,
        hasTouch: device.mobile,
        ...(device.userAgent ? { userAgent: device.userAgent } : {}),
      });
      const page = await context.newPage();
      await page.goto(`${suite.site.baseUrl}/de/belem-tower`);
      await waitForHydration(page);
      const osm = page.getByRole('link', { name: 'In OpenStreetMap öffnen' });
      expect(await osm.getAttribute('href'), device.name).toBe(
        'https://www.openstreetmap.org/?mlat=38.6916&mlon=-9.216#map=16/38.6916/-9.216',
      );
      expect(await osm.isVisible(), device.name).toBe(true);
      const geo = page.locator('a[href^="geo:"]');
      await expect.poll(() => geo.count(), { message: device.name }).toBe(device.geo ? 1 : 0);
      if (device.geo) {
        expect(await geo.getAttribute('href')).toBe('geo:38.6916,-9.216');
        expect(await geo.isVisible()).toBe(true);
      }
      // no vector style configured (MAP_STYLE_URL): no interactive map is offered
      expect(await page.getByRole('button', { name: 'Interaktive Karte' }).count()).toBe(0);
      await context.close();
    }
  });
});
