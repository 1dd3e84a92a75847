import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../src/server/db/schema';
import { seedPlaceWithPhoto } from './photo-fixtures';
import { adminSuite, seriousViolations, watchConsole } from './helpers';

/**
 * Featured places (docs/product.md §20): the owner pins three places of a city in an order of
 * their own, by keyboard too; a visitor on the German page sees them first, under "Höhepunkte",
 * in that order, and the list below without them.
 */
describe('featured places', () => {
  const suite = adminSuite();
  const titles = ['Old Bridge', 'Castle Ruins', 'Philosophers Walk', 'Market Square'];

  beforeAll(async () => {
    const { site } = suite;
    await site.db.insert(cities).values({
      name: 'Heidelberg',
      country: 'Germany',
      slug: 'heidelberg',
      description: 'A university town on the Neckar.',
      imageUrl: '',
    });
    const colours = ['#60a5fa', '#f472b6', '#a78bfa', '#fb923c'];
    for (const [n, title] of titles.entries())
      await seedPlaceWithPhoto(site, {
        title,
        location: 'Heidelberg',
        country: 'Germany',
        sky: colours[n]!,
        ground: '#166534',
        date: `2024-0${n + 1}-01`,
      });
  });

  const cardTitles = (page: Page, section: string) =>
    page.locator(`${section} .place-card-title`).evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()));

  it('the owner pins three places in an order, and a visitor on /de sees them first under the German heading', async () => {
    const { page, consoleErrors } = await suite.signIn();
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-cities`);
    await page.getByRole('button', { name: 'Highlights of Heidelberg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Highlights of Heidelberg' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pin Old Bridge' }).waitFor();
    for (const title of ['Philosophers Walk', 'Old Bridge', 'Castle Ruins'])
      await dialog.getByRole('button', { name: `Pin ${title}` }).click();
    // by keyboard: Castle Ruins one up, so the order is Philosophers Walk, Castle Ruins, Old Bridge
    await dialog.getByRole('button', { name: 'Move Castle Ruins up' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Castle Ruins moved to position 2 of 3.' }).waitFor();
    expect(
      await dialog
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: /^Move .* up$/ }) })
        .evaluateAll((items) => items.map((item) => item.querySelector('.truncate')?.textContent)),
    ).toEqual(['Philosophers Walk', 'Castle Ruins', 'Old Bridge']);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save highlights' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Highlights saved' }).first().waitFor();
    expect(consoleErrors).toEqual([]);

    const visitor = await suite.newPage();
    const errors = watchConsole(visitor);
    await visitor.goto(`${suite.site.baseUrl}/de/heidelberg`);
    const heading = visitor.getByRole('heading', { name: 'Höhepunkte', level: 2 });
    await heading.waitFor();
    expect(await cardTitles(visitor, '[data-testid="highlights"]')).toEqual([
      'Philosophers Walk',
      'Castle Ruins',
      'Old Bridge',
    ]);
    // the highlights come first, and the city's list below leaves them out
    expect(await cardTitles(visitor, '#places')).toEqual(['Market Square']);
    const before = await heading.evaluate((node) => {
      const list = document.getElementById('places');
      return Boolean(list && node.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);
    expect(await seriousViolations(visitor)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
