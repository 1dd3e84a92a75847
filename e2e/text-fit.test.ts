import { beforeAll, describe, expect, it } from 'vitest';
import { makeCity, makeCountry, makePlace } from '../tests/helpers/factories';
import { browserSuite } from './helpers';
import { storePhoto } from './public-fixtures';

// 40 letters without a break, like a German compound noun in a title
const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapit';

/**
 * Text that fits (issue 15): a title with a 40-letter word must not push any public page sideways
 * on a phone, and every date is written the way the page's language writes dates.
 */
describe('long words and localized dates', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const { site } = suite;
    const { db } = site;
    await makeCountry(db, { name: 'Germany', slug: 'germany', ...(await storePhoto(site, 30)) });
    await makeCity(db, {
      name: LONG_WORD,
      country: 'Germany',
      slug: 'long-city',
      description: `${LONG_WORD} ${LONG_WORD}`,
      ...(await storePhoto(site, 60)),
    });
    await makePlace(db, {
      slug: 'long-place',
      title: `${LONG_WORD} am Rhein`,
      description: `${LONG_WORD}${LONG_WORD}`,
      location: LONG_WORD,
      country: 'Germany',
      date: '2024-09-12',
      ...(await storePhoto(site, 90)),
    });
  });

  for (const width of [320, 390]) {
    it(`keeps home, city and place pages inside a ${width} px screen`, async () => {
      const context = await suite.plainContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      for (const path of ['/de/home', '/de/long-city', '/de/long-place', '/en/long-place']) {
        await page.goto(`${suite.site.baseUrl}${path}`);
        const fit = await page.evaluate(() => {
          const h1 = document.querySelector('h1')!.getBoundingClientRect();
          return {
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
            h1Right: h1.right,
          };
        });
        expect(fit.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(fit.clientWidth);
        expect(fit.h1Right, `${path} h1 cut off`).toBeLessThanOrEqual(fit.clientWidth);
      }
      await context.close();
    });
  }

  it('writes card and hero dates in the page language', async () => {
    const expected = {
      en: 'September 12, 2024',
      de: '12. September 2024',
      es: '12 de septiembre de 2024',
      fr: '12 septembre 2024',
      zh: '2024年9月12日',
    };
    for (const [lang, date] of Object.entries(expected)) {
      for (const path of [`/${lang}/home`, `/${lang}/long-city`, `/${lang}/long-place`]) {
        const html = await (await fetch(`${suite.site.baseUrl}${path}`)).text();
        expect(html, path).toContain(date);
        if (lang !== 'en') expect(html, path).not.toMatch(/September \d+, 2024|九月 \d+, 2024/);
      }
    }
  });
});
