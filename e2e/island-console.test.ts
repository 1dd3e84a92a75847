import { describe, expect, it } from 'vitest';
import type { PageState } from '../src/client/ssr/page-state';
import type { UiTextEntryDto } from '../src/shared/api/public';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { waitForHydration, watchConsole } from './helpers';
import { publicSuite, realErrors } from './public-fixtures';

// Public pages hydrate only their islands, each on its own (docs/decisions/036-islands.md): a
// hydration mismatch in any of them (ids, text, attributes) shows as a console error or warning.
describe('islands hydrate without a console warning', () => {
  const suite = publicSuite();

  it.each([...LANGUAGE_CODES])('on every kind of public page in %s', async (lang) => {
    const place = (await (
      await fetch(`${suite.site.baseUrl}/api/places/by-slug/${suite.catalogue.placeSlug}/translations/en`)
    ).json()) as { id: string };
    const paths = [
      'home',
      'countries',
      'search?q=tower',
      suite.catalogue.countrySlug,
      suite.catalogue.citySlug,
      suite.catalogue.placeSlug,
      'saved',
      `saved?ids=${place.id}`,
      'missing-place',
    ];
    const context = await suite.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    for (const path of paths) {
      await page.goto(`${suite.site.baseUrl}/${lang}/${path}`);
      await waitForHydration(page);
      // every island on the page is live (none left as server HTML only)
      await expect(page.locator('[data-island]:not([data-live])').count(), path).resolves.toBe(0);
      expect(realErrors(errors), `/${lang}/${path}`).toEqual([]);
    }
    // The islands' other states have their texts too (a page brings only the texts its islands'
    // code names): the gallery's viewer, the language menu, search suggestions.
    await page.goto(`${suite.site.baseUrl}/${lang}/${suite.catalogue.placeSlug}`);
    await waitForHydration(page);
    await page.locator('.gallery-expand').click();
    await page.locator('.gallery-close').click();
    await page.locator('.language-button').click();
    await page.locator('.language-item').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox').first().pressSequentially('tow', { delay: 10 });
    await page.locator('[role="option"]').first().waitFor();
    expect(realErrors(errors), `/${lang}/${suite.catalogue.placeSlug}: the islands used`).toEqual([]);
    await context.close();
  });

  it('hands the islands only the interface texts their code names, as the API has them', async () => {
    const base = suite.site.baseUrl;
    const html = await (await fetch(`${base}/de/${suite.catalogue.placeSlug}`)).text();
    const json = /<script id="__QUERY_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
    const state = new Map((JSON.parse(json) as PageState).map(([key, data]) => [key.join('/'), data]));
    const handed = state.get('api/translations/de') as UiTextEntryDto[];
    const all = (await (await fetch(`${base}/api/translations/de`)).json()) as UiTextEntryDto[];
    const keys = handed.map((row) => row.key);
    // what the viewer, the language menu and the suggestions show, not what only the server writes
    expect(keys).toEqual(expect.arrayContaining(['gallery.close', 'nav.language', 'search.kind.place']));
    expect(keys).not.toContain('meta.home.description');
    expect(handed.length).toBeLessThan(all.length / 2);
    for (const row of handed) expect(row, row.key).toEqual(all.find((other) => other.key === row.key));
  });

  it('loads only the page’s own small script until the visitor uses it, then answers that first use', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${suite.site.baseUrl}/en/${suite.catalogue.placeSlug}`);
    await page.waitForLoadState('load');
    // nothing used yet: one script, every island still its server HTML
    expect(scripts).toHaveLength(1);
    await expect(page.locator('[data-island][data-live]').count()).resolves.toBe(0);

    // the first tap, on the save toggle, is what loads the islands, and it is not lost
    const save = page.locator('article button.save-toggle-glass');
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    expect(scripts.length).toBeGreaterThan(1);

    // text typed into the search box before it is live is searched for
    await page.goto(`${suite.site.baseUrl}/en/home`);
    await page.waitForLoadState('load');
    const box = page.getByRole('combobox', { name: 'Search places, cities and countries' });
    await box.pressSequentially('belem', { delay: 10 });
    const suggestion = page.locator('#nav-search-list [role="option"]').first();
    await expect.poll(() => suggestion.textContent(), { timeout: 10_000 }).toContain('Belém Tower');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
