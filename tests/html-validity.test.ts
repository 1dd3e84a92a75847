import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { placeThemes } from '../src/server/db/schema';
import {
  makeCity,
  makeCountry,
  makeFacts,
  makeGalleryImage,
  makeHistory,
  makePlace,
  makePlaceTranslation,
} from './helpers/factories';
import { describeMessages, startNuChecker, type NuChecker } from './helpers/nu-checker';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

const LANGS = ['en', 'es', 'de', 'fr', 'zh'] as const;

/**
 * Every public screen, in every language, is valid HTML by the W3C's Nu HTML Checker (the review
 * found the search box's combobox attributes on an `<input type="search">` on 35 of 36 screens).
 * One checker JVM for the whole file; the pages are rendered by the real app from the source.
 */
describe('the public screens are valid HTML (Nu HTML Checker)', () => {
  let t: TestApp;
  let checkerStarting: Promise<NuChecker> | undefined;
  let checker: NuChecker;
  const screens: Record<string, string> = {};

  beforeAll(async () => {
    const startedAt = Date.now();
    checkerStarting = startNuChecker();
    const config = loadConfig({
      DATA_DIR: '/tmp/unused',
      SITE_PUBLISHER_NAME: 'Atlas Press',
      SITE_EARLIER_VERSION_URL: 'https://old.example/',
      SITE_YOUTUBE_URL: 'https://video.example/@atlas',
      SITE_ABOUT_TEXT: 'We travel slowly.\n\nAnd we write about it.',
      SITE_CONTACT_TEXT: 'Write to hello@atlas.example.',
      SITE_PRIVACY_URL: 'https://atlas.example/privacy',
      SITE_IMPRINT_TEXT: 'Atlas Press GmbH\nExample Street 1\n10115 Berlin',
      SITE_IMPRINT_TEXT_DE: 'Atlas Press GmbH\nBeispielstraße 1\n10115 Berlin',
    });
    t = await createTestApp(
      {
        publicUrl: 'https://travel.example',
        site: config.site,
        siteTexts: config.siteTexts,
        infoPageTexts: config.infoPageTexts,
      },
      { pages: { renderSource: sourceRenderSource() } },
    );
    const country = await makeCountry(t.db, { slug: 'portugal', name: 'Portugal' });
    const city = await makeCity(t.db, { slug: 'lisbon', name: 'Lisbon', country: 'Portugal' });
    const place = await makePlace(t.db, {
      slug: 'belem-tower',
      title: 'Belém Tower',
      location: 'Lisbon',
      country: 'Portugal',
      latitude: 38.6916,
      longitude: -9.216,
    });
    await makePlace(t.db, { slug: 'jeronimos', title: 'Jerónimos Monastery', location: 'Lisbon', country: 'Portugal' });
    // beside the tower: one group of two at the map's closest step, listed under it
    await makePlace(t.db, {
      slug: 'tower-gardens',
      title: 'Tower Gardens',
      location: 'Lisbon',
      country: 'Portugal',
      latitude: 38.6918,
      longitude: -9.2158,
    });
    for (const lang of LANGS) {
      if (lang !== 'en') await makePlaceTranslation(t.db, place.id, lang, { title: `Belém Tower (${lang})` });
      await makeHistory(t.db, place.id, lang);
      await makeFacts(t.db, place.id, lang);
    }
    await makeGalleryImage(t.db, place.id);
    await makeGalleryImage(t.db, place.id);
    // Highlights on the home, country and city pages (docs/product.md §20)
    for (const [scope, id] of [
      ['home', ''],
      ['country', country.id],
      ['city', city.id],
    ] as const)
      await t.app.services.featured.save(scope, id, [place.id]);
    // The "Plan your visit" box in every language (decision 043), its note in English only.
    await t.app.services.visitFacts.save(place.id, {
      address: 'Avenida Brasília, 1400-038 Lisboa',
      openingHours: [{ days: ['tu', 'we', 'th'], opens: '10:00', closes: '18:30' }],
      hoursNote: 'Closed on 1 January.',
      price: { amount: 12.5, currency: 'EUR' },
      duration: 'PT1H30M',
      website: 'https://www.torrebelem.gov.pt/',
    });
    // themes: the home strip, the place's chips, the city's and country's links, the theme's page
    await t.db.insert(placeThemes).values([
      { placeId: place.id, theme: 'monuments', position: 0 },
      { placeId: place.id, theme: 'water', position: 1 },
    ]);

    for (const lang of LANGS) {
      const paths = {
        home: `/${lang}/home`,
        countries: `/${lang}/countries`,
        map: `/${lang}/map`,
        'map, closer': `/${lang}/map?z=8&x=121&y=98`,
        'map, closest': `/${lang}/map?z=13&x=3886&y=3140`,
        country: `/${lang}/${country.slug}`,
        city: `/${lang}/${city.slug}`,
        place: `/${lang}/${place.slug}`,
        'search with results': `/${lang}/search?q=belem`,
        'search without results': `/${lang}/search?q=zzzqqq`,
        'empty search': `/${lang}/search`,
        'not found': `/${lang}/no-such-place`,
        about: `/${lang}/about`,
        contact: `/${lang}/contact`,
        imprint: `/${lang}/imprint`,
        'how this site is made': `/${lang}/how-we-write`,
        saved: `/${lang}/saved`,
        'shared saved places': `/${lang}/saved?ids=${place.id}`,
        offline: `/${lang}/offline`,
        theme: `/${lang}/themes/monuments-and-squares`,
        'theme in a city': `/${lang}/themes/bridges-and-waterfronts?in=${city.slug}`,
        'search naming a theme': `/${lang}/search?q=${lang === 'zh' ? '桥' : 'monument'}`,
      };
      for (const [name, path] of Object.entries(paths)) {
        const response = await t.app.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(name === 'not found' ? 404 : 200);
        screens[`${name} (${path})`] = response.body;
      }
    }
    checker = await checkerStarting;
    console.info(`Nu HTML Checker ready and pages rendered in ${Date.now() - startedAt} ms`);
    // 19 screens in five languages and the checker's JVM: more than the default minute on a busy machine
  }, 180_000);

  afterAll(async () => {
    await (await checkerStarting?.catch(() => undefined))?.close();
    await t?.close();
  });

  it('has no error on any screen in any language', async () => {
    const startedAt = Date.now();
    const failures: string[] = [];
    for (const [screen, html] of Object.entries(screens)) {
      const errors = await checker.errors(html);
      if (errors.length > 0) failures.push(describeMessages(screen, errors));
    }
    console.info(`Nu HTML Checker: ${Object.keys(screens).length} pages checked in ${Date.now() - startedAt} ms`);
    expect(failures.join('\n'), `${failures.length} screens have errors`).toBe('');
  });
});
