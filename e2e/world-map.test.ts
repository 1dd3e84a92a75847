import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import { browserSuite, seriousViolations, waitForHydration, watchConsole } from './helpers';
import { realErrors, storePhoto } from './public-fixtures';

/** A visitor finds a place on the map of every place (/{lang}/map), with and without JavaScript. */
describe('the map of every place in the browser', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const { site } = suite;
    const lisbon = { location: 'Lisbon', country: 'Portugal' };
    await makePlace(site.db, {
      ...lisbon,
      slug: 'belem-tower',
      title: 'Belém Tower',
      latitude: 38.6916,
      longitude: -9.216,
      ...(await storePhoto(site, 70)),
    });
    await makePlace(site.db, { ...lisbon, slug: 'alfama', title: 'Alfama', latitude: 38.7113, longitude: -9.1301 });
    await makePlace(site.db, {
      location: 'Tokyo',
      country: 'Japan',
      slug: 'shibuya-crossing',
      title: 'Shibuya Crossing',
      latitude: 35.6595,
      longitude: 139.7005,
    });
  });

  /** axe runs in the page, so it judges with JavaScript on (the same HTML is served either way). */
  async function noSeriousViolations(page: Page, where: string, javaScriptEnabled: boolean) {
    if (javaScriptEnabled) expect(await seriousViolations(page), where).toEqual([]);
  }

  for (const javaScriptEnabled of [true, false]) {
    it(`takes a visitor on /de from the navigation to the map, into a group and onto a place${javaScriptEnabled ? '' : ' without JavaScript'}`, async () => {
      // reduced motion, as the other pages' tests: axe reads the cards' colours, not a fade-in's
      const context = await suite.plainContext({
        viewport: { width: 1280, height: 900 },
        javaScriptEnabled,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(`${suite.site.baseUrl}/`)) elsewhere.push(request.url());
      });
      await page.goto(`${suite.site.baseUrl}/de/home`);
      if (javaScriptEnabled) await waitForHydration(page);

      await page.locator('nav a[href="/de/map"]').first().click();
      await page.waitForURL(`${suite.site.baseUrl}/de/map`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Karte aller Orte');
      await noSeriousViolations(page, '/de/map', javaScriptEnabled);

      // Lisbon's two places are one numbered group at the world's step
      const group = page.locator('.places-map a[aria-label="Lisbon: 2 Orte, hineinzoomen"]');
      await expect.poll(() => group.locator('text').textContent()).toBe('2');
      await group.click();
      await page.waitForURL(/\/de\/map\?z=\d+&x=\d+&y=\d+#map$/);
      await noSeriousViolations(page, 'the view of the group', javaScriptEnabled);

      // closer in, each place is a marker of its own; the list under the map names them too
      await expect
        .poll(() => page.locator('.places-map-list a').allTextContents())
        .toEqual(expect.arrayContaining(['Belém Tower', 'Alfama']));
      await page.locator('.places-map a[aria-label="Belém Tower"]').click();
      await page.waitForURL(`${suite.site.baseUrl}/de/belem-tower`);
      await expect.poll(() => page.locator('h1').textContent()).toContain('Belém Tower');
      await noSeriousViolations(page, 'the place', javaScriptEnabled);

      expect(elsewhere).toEqual([]);
      expect(realErrors(errors)).toEqual([]);
      await context.close();
    });
  }

  it('moves and zooms with plain links, and a view that does not exist shows the whole world', async () => {
    const page = await suite.newPage({ javaScriptEnabled: false });
    await page.goto(`${suite.site.baseUrl}/en/map?z=99&x=1&y=1`);
    expect(await page.locator('.places-map a[aria-label="Shibuya Crossing"]').count()).toBe(1);
    await page.locator('nav[aria-label="Move the map"] a', { hasText: 'Zoom in' }).click();
    await page.waitForURL(/\/en\/map\?z=1&x=1&y=1#map$/);
    await page.locator('nav[aria-label="Move the map"] a', { hasText: 'East' }).click();
    await page.waitForURL(/\/en\/map\?z=1&x=0&y=1#map$/);
    await page.locator('nav[aria-label="Move the map"] a', { hasText: 'Zoom out' }).click();
    await page.waitForURL(`${suite.site.baseUrl}/en/map#map`);
    await page.context().close();
  });
});
