import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlace, makePlaceTranslation } from '../tests/helpers/factories';
import { waitForHydration, watchConsole } from './helpers';
import { axeViolations, publicSuite, realErrors, storePhoto } from './public-fixtures';

const GOLDEN_PAVILION = { latitude: 35.0394, longitude: 135.7292 };

/** The traveller's companion in the browser: Near me, the map downloads, the feed in the head. */
describe("the traveller's companion", () => {
  const suite = publicSuite();

  beforeAll(async () => {
    const { site } = suite;
    const kyoto = { location: 'Kyoto', country: 'Japan' };
    const pavilion = await makePlace(site.db, {
      ...kyoto,
      slug: 'golden-pavilion',
      title: 'Golden Pavilion',
      latitude: 35.0394,
      longitude: 135.7292,
      ...(await storePhoto(site, 30)),
    });
    await makePlaceTranslation(site.db, pavilion.id, 'de', {
      title: 'Goldener Pavillon',
      description: 'Ein vergoldeter Tempel.',
      location: 'Kyoto',
      country: 'Japan',
    });
    // about 1.1 km from the Golden Pavilion
    await makePlace(site.db, {
      ...kyoto,
      slug: 'ryoan-ji',
      title: 'Ryoan-ji',
      latitude: 35.0345,
      longitude: 135.7182,
      ...(await storePhoto(site, 45)),
    });
    await makePlace(site.db, {
      ...kyoto,
      slug: 'fushimi-inari',
      title: 'Fushimi Inari',
      latitude: 34.9671,
      longitude: 135.7727,
      ...(await storePhoto(site, 60)),
    });
  });

  async function open(path: string, options: { position?: typeof GOLDEN_PAVILION; mobile?: boolean } = {}) {
    const page = await suite.newPage({
      mobile: options.mobile,
      serviceWorker: true,
      ...(options.position ? { geolocation: options.position, permissions: ['geolocation'] } : {}),
    });
    const errors = watchConsole(page);
    await page.goto(`${suite.site.baseUrl}${path}`);
    await waitForHydration(page);
    return { page, errors };
  }

  const nearMeList = (page: Page) => page.locator('.near-me ol li');

  it('lists a Kyoto place first with its distance when the position is near the Golden Pavilion', async () => {
    const { page, errors } = await open('/en/home', { position: GOLDEN_PAVILION, mobile: true });
    // nothing is asked before the button is pressed
    expect(await page.locator('.near-me [role="status"], .near-me ol').count()).toBe(0);
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect.poll(() => nearMeList(page).count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const first = nearMeList(page).first();
    expect(await first.textContent()).toContain('Golden Pavilion');
    expect(await first.textContent()).toContain('Kyoto');
    expect(await first.locator('a').getAttribute('href')).toBe('/en/golden-pavilion');
    expect(await nearMeList(page).nth(1).textContent()).toMatch(/^Ryoan-jiKyoto, Japan1\.1 km$/);
    expect(await nearMeList(page).nth(2).textContent()).toMatch(/^Fushimi InariKyoto, Japan9 km$/);
    expect(await page.getByRole('heading', { name: 'Places near you', level: 3 }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
  });

  it('lists the places in the page language on the search page, distances as the language writes them', async () => {
    const { page, errors } = await open('/de/search', { position: GOLDEN_PAVILION });
    await page.getByRole('button', { name: 'In meiner Nähe' }).click();
    await expect.poll(() => nearMeList(page).count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await nearMeList(page).first().textContent()).toContain('Goldener Pavillon');
    expect(await nearMeList(page).nth(1).textContent()).toMatch(/Ryoan-ji.*1,1 km$/);
    expect(realErrors(errors)).toEqual([]);
  });

  it('says clearly when the position is refused', async () => {
    const { page, errors } = await open('/en/home');
    await page.context().clearPermissions();
    await page.getByRole('button', { name: 'Near me' }).click();
    const alert = page.locator('.near-me [role="alert"]');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('You did not allow this site to see your position');
    expect(await nearMeList(page).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
  });

  /** Clicks a download link and answers the file's name and text. */
  async function download(page: Page, name: string) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name, exact: true }).click(),
    ]);
    return { fileName: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  }

  /** The browser's own XML parser: the number of `tag` elements, or -1 if the text is not well-formed. */
  const countElements = (page: Page, xml: string, tag: string) =>
    page.evaluate(
      ([text, name]) => {
        const doc = new DOMParser().parseFromString(text!, 'application/xml');
        return doc.getElementsByTagName('parsererror').length > 0 ? -1 : doc.getElementsByTagName(name!).length;
      },
      [xml, tag],
    );

  it('offers GPX and KML downloads on a city, a country and a place page', async () => {
    const city = await open('/en/lisbon');
    expect(await city.page.getByText('Take these places to a map app:').count()).toBe(1);
    const gpx = await download(city.page, 'GPX');
    expect(gpx.fileName).toBe('lisbon-en.gpx');
    // Belém Tower and its six neighbours
    expect(await countElements(city.page, gpx.text, 'wpt')).toBe(7);
    expect(await axeViolations(city.page)).toEqual([]);

    const country = await open('/en/portugal');
    const kml = await download(country.page, 'KML');
    expect(kml.fileName).toBe('portugal-en.kml');
    expect(await countElements(country.page, kml.text, 'Placemark')).toBe(7);

    const place = await open('/de/golden-pavilion');
    const one = await download(place.page, 'GPX');
    expect(one.fileName).toBe('golden-pavilion-de.gpx');
    expect(await countElements(place.page, one.text, 'wpt')).toBe(1);
    expect(one.text).toContain('<name>Goldener Pavillon</name>');
    expect(realErrors([...city.errors, ...country.errors, ...place.errors])).toEqual([]);
  });

  it('announces the language feed in the head of home, and the feed is Atom in that language', async () => {
    for (const lang of ['en', 'de']) {
      const { page } = await open(`/${lang}/home`);
      const href = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
      expect(href).toBe(`${suite.site.baseUrl}/${lang}/feed.xml`);
      const feed = await (await page.request.get(href!)).text();
      expect(await countElements(page, feed, 'entry')).toBe(11);
      expect(feed).toContain(`xml:lang="${lang}"`);
      expect(feed).toContain(lang === 'de' ? 'Goldener Pavillon' : 'Golden Pavilion');
    }
  });
});
