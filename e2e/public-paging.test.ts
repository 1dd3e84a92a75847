import { beforeAll, describe, expect, it } from 'vitest';
import { makeCity, makeCountry, makePlace } from '../tests/helpers/factories';
import { browserSuite, waitForHydration, watchConsole } from './helpers';
import { realErrors } from './public-fixtures';

/** A catalogue larger than one page: home and a city list the newest 24 and link the rest. */
describe('paged lists in the browser', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const { site } = suite;
    await makeCountry(site.db, { name: 'Italy', slug: 'italy' });
    await makeCity(site.db, { name: 'Rome', country: 'Italy', slug: 'rome' });
    for (let i = 1; i <= 30; i++) {
      const day = String(i).padStart(2, '0');
      await makePlace(site.db, {
        title: `Roman corner ${day}`,
        slug: `roman-corner-${day}`,
        location: 'Rome',
        country: 'Italy',
        date: `2024-01-${day}`,
      });
    }
  });

  const cardTitles = (page: import('playwright-core').Page) =>
    page.locator('#explore .place-card-title, #places .place-card-title').allTextContents();

  it('pages through home with Older and Newer links, each loading its page', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${suite.site.baseUrl}/en/home`);
    await waitForHydration(page);
    const first = await cardTitles(page);
    expect(first).toHaveLength(24);
    expect(first[0]).toBe('Roman corner 30');

    // a marker on the window is gone after a page load: public pages link with full page loads, their
    // islands hydrating on each (docs/decisions/036-islands.md)
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: 'Older' }).click();
    await page.waitForURL(/\/en\/home\?cursor=/);
    await page.getByText('Roman corner 06').waitFor();
    const second = await cardTitles(page);
    expect(second).toEqual([
      'Roman corner 06',
      'Roman corner 05',
      'Roman corner 04',
      'Roman corner 03',
      'Roman corner 02',
      'Roman corner 01',
    ]);
    await expect(page.getByRole('link', { name: 'Older' }).count()).resolves.toBe(0);

    await page.getByRole('link', { name: 'Newer' }).click();
    await page.getByText('Roman corner 30').waitFor();
    expect(await cardTitles(page)).toEqual(first);
    // cards, language links and the nav load their pages too
    await page.getByRole('link', { name: /Roman corner 29/ }).click();
    await page.waitForURL(/\/en\/roman-corner-29$/);
    await page.getByRole('heading', { level: 1, name: 'Roman corner 29' }).waitFor();
    await page.locator('footer').getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(/\/de\/roman-corner-29$/);
    await page
      .getByRole('navigation', { name: /Main|Haupt/ })
      .getByRole('link', { name: 'Startseite' })
      .first()
      .click();
    await page.waitForURL(/\/de\/home$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the server renders each page and its links', async () => {
    const context = await suite.plainContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${suite.site.baseUrl}/en/rome`);
    expect(response?.status()).toBe(200);
    expect(await cardTitles(page)).toHaveLength(24);
    const older = page.locator('a[rel="next"]');
    await older.click();
    await page.waitForURL(/\/en\/rome\?cursor=/);
    expect(await cardTitles(page)).toHaveLength(6);
    await expect(page.locator('a[rel="prev"]').count()).resolves.toBe(1);
    await context.close();
  });
});
