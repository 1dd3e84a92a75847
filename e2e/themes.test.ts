import { beforeAll, describe, expect, it } from 'vitest';
import { placeThemes } from '../src/server/db/schema';
import { makeCity, makeCountry, makePlace } from '../tests/helpers/factories';
import { browserSuite, seriousViolations, waitForHydration, watchConsole } from './helpers';
import { realErrors, storePhoto } from './public-fixtures';

/**
 * Themes for a visitor (docs/product.md §22), in German: the home page's strip leads to a theme's
 * page with its map, a city's link narrows the theme to that city, and a place shows its themes as
 * links; search finds a theme by a German word. Axe finds nothing serious on any of them.
 */
describe('themes in the browser', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const { site } = suite;
    const { db } = site;
    await makeCountry(db, { name: 'Germany', slug: 'deutschland', ...(await storePhoto(site, 10)) });
    await makeCity(db, { name: 'Munich', country: 'Germany', slug: 'muenchen', ...(await storePhoto(site, 30)) });
    await makeCity(db, { name: 'Heidelberg', country: 'Germany', slug: 'heidelberg', ...(await storePhoto(site, 50)) });
    const nymphenburg = await makePlace(db, {
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
      ...(await storePhoto(site, 110)),
    });
    await db.insert(placeThemes).values([
      { placeId: nymphenburg.id, theme: 'castles', position: 0 },
      { placeId: nymphenburg.id, theme: 'gardens', position: 1 },
      { placeId: castle.id, theme: 'castles', position: 0 },
      { placeId: garden.id, theme: 'gardens', position: 0 },
    ]);
  });

  it('a visitor on /de goes from the themes strip to a theme, narrows it to a city and reaches a place with its themes', async () => {
    const page = await suite.newPage();
    const errors = watchConsole(page);
    const base = suite.site.baseUrl;

    await page.goto(`${base}/de/home`);
    await waitForHydration(page);
    const strip = page.getByRole('navigation', { name: 'Nach Thema entdecken' });
    await expect
      .poll(() => strip.getByRole('link').allTextContents())
      .toEqual(['Burgen und Schlösser(2)', 'Gärten und Parks(2)']);
    expect(await seriousViolations(page)).toEqual([]);

    await strip.getByRole('link', { name: /Burgen und Schlösser/ }).click();
    await page.waitForURL(`${base}/de/themes/castles-and-palaces`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Burgen und Schlösser');
    // newest first, and a marker per place on the theme's map
    const titles = page.locator('#places .place-card-title');
    expect(await titles.allTextContents()).toEqual(['Heidelberg Castle', 'Nymphenburg Palace']);
    expect(await page.locator('.map-frame svg a').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${base}/de/muenchen`);
    await waitForHydration(page);
    const cityThemes = page.getByRole('navigation', { name: 'Themen in Munich' });
    await cityThemes.getByRole('link', { name: /Burgen und Schlösser/ }).click();
    await page.waitForURL(`${base}/de/themes/castles-and-palaces?in=muenchen`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Burgen und Schlösser in Munich');
    expect(await titles.allTextContents()).toEqual(['Nymphenburg Palace']);
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('#places a', { hasText: 'Nymphenburg Palace' }).first().click();
    await page.waitForURL(`${base}/de/schloss-nymphenburg`);
    const chips = page.getByRole('navigation', { name: 'Themen' });
    await expect
      .poll(() => chips.getByRole('link').allTextContents())
      .toEqual(['Burgen und Schlösser', 'Gärten und Parks']);
    expect(await chips.getByRole('link', { name: 'Gärten und Parks' }).getAttribute('href')).toBe(
      '/de/themes/gardens-and-parks',
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
  });

  it('search finds a theme by a word in the visitor’s language', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.site.baseUrl}/de/search?q=Burg`);
    const found = page.locator('#results nav').getByRole('link');
    expect(await found.allTextContents()).toEqual(['Burgen und Schlösser(2)']);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
