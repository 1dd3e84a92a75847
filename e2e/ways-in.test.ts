import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeThemes } from '../src/server/db/schema';
import { makeCity, makeCountry, makePlace } from '../tests/helpers/factories';
import { browserSuite, seriousViolations, waitForHydration, watchConsole } from './helpers';
import { realErrors, storePhoto } from './public-fixtures';

/**
 * The ways in of issue 40, one visit in German: the home page's themes, a theme's page, a city
 * narrowed to a theme, the map of every place narrowed to that theme, a group and a marker on it,
 * and the place's "Plan your visit" box (docs/product.md §2.4.14, §21, §22). Axe finds nothing
 * serious on any of them.
 */
describe('ways in for a traveller, in the browser', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const { site } = suite;
    const { db } = site;
    await makeCountry(db, { name: 'Germany', slug: 'deutschland', ...(await storePhoto(site, 10)) });
    await makeCity(db, { name: 'Munich', country: 'Germany', slug: 'muenchen', ...(await storePhoto(site, 30)) });
    const palace = await makePlace(db, {
      location: 'Munich',
      country: 'Germany',
      slug: 'schloss-nymphenburg',
      title: 'Nymphenburg Palace',
      latitude: 48.1583,
      longitude: 11.5033,
      date: '2024-06-01',
      ...(await storePhoto(site, 70)),
    });
    const castle = await makePlace(db, {
      location: 'Heidelberg',
      country: 'Germany',
      slug: 'heidelberg-castle',
      title: 'Heidelberg Castle',
      latitude: 49.4106,
      longitude: 8.7153,
      date: '2024-07-01',
      ...(await storePhoto(site, 90)),
    });
    const garden = await makePlace(db, {
      location: 'Munich',
      country: 'Germany',
      slug: 'englischer-garten',
      title: 'English Garden',
      latitude: 48.1642,
      longitude: 11.6056,
      date: '2024-05-01',
    });
    await db.insert(placeThemes).values([
      { placeId: palace.id, theme: 'castles', position: 0 },
      { placeId: castle.id, theme: 'castles', position: 0 },
      { placeId: garden.id, theme: 'gardens', position: 0 },
    ]);
    await site.app.services.visitFacts.save(palace.id, {
      openingHours: [{ days: ['tu', 'we', 'th', 'fr', 'sa', 'su'], opens: '09:00', closes: '18:00' }],
      price: { amount: 10, currency: 'EUR' },
      duration: 'PT2H',
      website: 'https://www.schloss-nymphenburg.de/',
    });
  });

  async function noSeriousViolations(page: Page, where: string) {
    expect(await seriousViolations(page), where).toEqual([]);
  }

  it('goes from the themes strip to a theme, a city’s theme, the theme’s map and a place to plan a visit to', async () => {
    const page = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page);
    const base = suite.site.baseUrl;

    await page.goto(`${base}/de/home`);
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: 'Nach Thema entdecken' })
      .getByRole('link', { name: /Burgen und Schlösser/ })
      .click();
    await page.waitForURL(`${base}/de/themes/castles-and-palaces`);
    const titles = page.locator('#places .place-card-title');
    await expect.poll(() => titles.allTextContents()).toEqual(['Heidelberg Castle', 'Nymphenburg Palace']);
    await noSeriousViolations(page, 'the theme');

    await page.goto(`${base}/de/muenchen`);
    await page
      .getByRole('navigation', { name: 'Themen in Munich' })
      .getByRole('link', { name: /Burgen und Schlösser/ })
      .click();
    await page.waitForURL(`${base}/de/themes/castles-and-palaces?in=muenchen`);
    await expect.poll(() => titles.allTextContents()).toEqual(['Nymphenburg Palace']);
    await noSeriousViolations(page, 'the theme in Munich');

    // the map of every place, then only the castles: the garden leaves it
    await page.goto(`${base}/de/map`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Karte aller Orte');
    const filter = page.getByRole('navigation', { name: 'Auf der Karte zeigen' });
    expect(await filter.getByRole('link', { name: 'Alle Orte' }).getAttribute('aria-current')).toBe('page');
    await filter.getByRole('link', { name: 'Burgen und Schlösser' }).click();
    await page.waitForURL(`${base}/de/map?theme=castles-and-palaces#map`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Karte: Burgen und Schlösser');
    await noSeriousViolations(page, 'the map of the castles');

    // into the group of the two castles until the palace is a marker of its own; the theme stays
    const palace = page.locator('.places-map a[aria-label="Nymphenburg Palace"]');
    for (let step = 0; step < 8 && (await palace.count()) === 0; step++) {
      const group = page.locator('.places-map a[aria-label*="hineinzoomen"]').first();
      expect(await group.getAttribute('aria-label')).toMatch(/2 Orte/);
      await group.click();
      await page.waitForURL(/\/de\/map\?z=\d+&x=\d+&y=\d+&theme=castles-and-palaces#map$/);
    }
    expect(await page.locator('.places-map-list a').allTextContents()).not.toContain('English Garden');
    await noSeriousViolations(page, 'a closer view of the castles');
    await palace.click();
    await page.waitForURL(`${base}/de/schloss-nymphenburg`);

    const visit = page.getByRole('region', { name: 'Besuch planen' });
    await expect.poll(() => visit.count()).toBe(1);
    const text = (await visit.textContent()) ?? '';
    expect(text).toContain('09:00–18:00');
    // the German number format, with its no-break space before the sign
    expect(text).toMatch(/10,00\s€/);
    expect(text).toMatch(/2\sStunden/);
    await noSeriousViolations(page, 'the place');
    expect(realErrors(errors)).toEqual([]);
  });
});
