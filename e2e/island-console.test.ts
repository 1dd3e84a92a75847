import { describe, expect, it } from 'vitest';
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
    await context.close();
  });
});
