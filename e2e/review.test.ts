import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlace, makePlaceTranslation } from '../tests/helpers/factories';
import { adminSuite, seriousViolations, waitForHydration, watchConsole } from './helpers';

describe('review per language in the admin', () => {
  const suite = adminSuite();
  let page: Page;
  let consoleErrors: string[];
  let place: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    const { site } = suite;
    place = await makePlace(site.db, { title: 'Harbour Lighthouse', reviewed: true });
    await makePlaceTranslation(site.db, place.id, 'de', { title: 'Hafenleuchtturm' });
    await makePlace(site.db, { title: 'Reviewed Square', reviewed: true });
    ({ page, consoleErrors } = await suite.signIn());
  });

  it('the dashboard counts what needs the editor and links to the filtered list, and to the site', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin`);
    const needs = page.getByRole('region', { name: 'Text awaiting review, per language' });
    await needs.getByRole('link', { name: '1 German' }).waitFor();
    expect(await needs.getByRole('link', { name: '0 English' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'View site' }).getAttribute('href')).toBe('/');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: '1 Places awaiting review' }).click();
    await page.waitForURL(/\/iladmin\/edit-places\?review=needed$/);
    expect(await page.getByLabel('Show').inputValue()).toBe('review=needed');
    await page.getByRole('button', { name: 'Languages of Harbour Lighthouse' }).waitFor();
    expect(await page.getByRole('button', { name: 'Languages of Reviewed Square' }).count()).toBe(0);
  });

  it('marks a machine translation reviewed in the Languages dialog; the German page loses its note', async () => {
    const germanPage = await suite.newPage();
    const publicErrors = watchConsole(germanPage);
    await germanPage.goto(`${suite.site.baseUrl}/de/${place.slug}`);
    await waitForHydration(germanPage);
    const note = germanPage.getByText('Maschinell aus dem Englischen übersetzt');
    // in the page's language, even beside text still in English
    expect(await note.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('de');
    expect(await germanPage.getByRole('link', { name: 'Wie diese Website entsteht' }).getAttribute('href')).toBe(
      '/de/how-we-write',
    );
    expect(await seriousViolations(germanPage)).toEqual([]);

    await page.getByRole('button', { name: 'Languages of Harbour Lighthouse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Languages: Harbour Lighthouse' });
    const german = dialog.getByRole('tab', { name: /Deutsch/ });
    await expect.poll(() => german.textContent()).toContain('not reviewed');
    await german.click();
    await dialog.getByText('Not reviewed yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect
      .poll(() => page.getByText('German is marked as reviewed.', { exact: false }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => german.textContent()).not.toContain('not reviewed');
    expect(await dialog.getByRole('button', { name: 'Mark reviewed' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await germanPage.reload();
    await germanPage.getByRole('heading', { name: 'Hafenleuchtturm', level: 1 }).waitFor();
    expect(await germanPage.getByText('Maschinell aus dem Englischen übersetzt').count()).toBe(0);
    // the list's filter follows: nothing needs review now
    await expect
      .poll(() => page.getByText('Nothing needs doing here.', { exact: false }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // the factory's photos are not on disk: their 404s are expected
    const errors = [...consoleErrors, ...publicErrors].filter((m) => !m.startsWith('Failed to load resource'));
    expect(errors).toEqual([]);
  });
});
