import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeCity,
  makeCityTranslation,
  makeCountry,
  makeCountryTranslation,
  makeFacts,
  makeGalleryImage,
  makeHistory,
  makePlace,
  makePlaceTranslation,
} from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('public API on an empty database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is healthy once the database is reachable', async () => {
    const response = await get(t, '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('lists exactly the five languages with id, code and native name', async () => {
    const languages = (await get(t, '/api/languages')).json<{ id: number; code: string; nativeName: string }[]>();
    expect(languages.map((l) => l.code)).toEqual(['en', 'es', 'de', 'fr', 'zh']);
    expect(languages.find((l) => l.code === 'zh')?.nativeName).toBe('中文');
    for (const l of languages) expect(typeof l.id).toBe('number');
  });

  it('answers empty lists rather than errors', async () => {
    for (const url of ['/api/places', '/api/places/translations/en', '/api/countries/translations/fr']) {
      const response = await get(t, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual([]);
    }
  });

  it('answers 404 with an error sentence for unknown slugs and ids', async () => {
    const urls = [
      '/api/countries/by-slug/atlantis',
      '/api/countries/by-slug/atlantis/translations/en',
      '/api/countries/by-slug/atlantis/cities/translations/en',
      '/api/cities/by-slug/atlantis',
      '/api/cities/by-slug/atlantis/translations/de',
      '/api/cities/by-slug/atlantis/places',
      '/api/places/by-slug/atlantis/translations/en',
      '/api/places/not-a-uuid/history',
      '/api/places/00000000-0000-4000-8000-000000000000/facts',
      '/api/places/00000000-0000-4000-8000-000000000000/gallery',
      '/api/places/00000000-0000-4000-8000-000000000000/related',
    ];
    for (const url of urls) {
      const response = await get(t, url);
      expect(response.statusCode, url).toBe(404);
      expect(typeof response.json().error, url).toBe('string');
    }
  });

  it('answers 404, never 500, for SQL-looking, very long and non-ASCII slugs', async () => {
    const slugs = [
      encodeURIComponent("x' OR '1'='1"),
      encodeURIComponent('x"; DROP TABLE places; --'),
      'a'.repeat(300),
      'a'.repeat(5000),
      encodeURIComponent('東京タワー'),
      encodeURIComponent('café-ß-ø'),
      '%00',
    ];
    for (const slug of slugs) {
      for (const url of [
        `/api/places/by-slug/${slug}/translations/en`,
        `/api/countries/by-slug/${slug}`,
        `/api/cities/by-slug/${slug}/translations/zh`,
        `/api/places/${slug}/related`,
      ]) {
        const response = await get(t, url);
        expect(response.statusCode, url.slice(0, 80)).toBe(404);
      }
    }
    // the tables are still there and answering
    expect((await get(t, '/api/places')).statusCode).toBe(200);
    expect((await get(t, '/api/places?location=%00')).statusCode).toBe(400);
  });

  it('serves the interface text of every language, each in its own words', async () => {
    const byLang: Record<string, Map<string, string>> = {};
    for (const lang of ['en', 'es', 'de', 'fr', 'zh']) {
      const rows = (await get(t, `/api/translations/${lang}`)).json<{ key: string; value: string }[]>();
      byLang[lang] = new Map(rows.map((r) => [r.key, r.value]));
    }
    const keys = [...byLang.en!.keys()];
    expect(keys.length).toBeGreaterThan(30);
    for (const prefix of ['nav.', 'hero.', 'places.', 'countries.', 'cities.', 'placeDetail.', 'meta.title.suffix']) {
      expect(
        keys.some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const lang of ['es', 'de', 'fr', 'zh']) {
      expect([...byLang[lang]!.keys()].sort()).toEqual([...keys].sort());
      expect(byLang[lang]!.get('hero.title')).not.toBe(byLang.en!.get('hero.title'));
      expect(byLang[lang]!.get('nav.home')).not.toBe(byLang.en!.get('nav.home'));
    }
    // real Chinese, not English copies
    for (const [key, value] of byLang.zh!) expect(value, key).toMatch(/[\u4e00-\u9fff]/);
  });

  it('treats an unsupported language code as English', async () => {
    const unknown = (await get(t, '/api/translations/xx')).json<unknown[]>();
    const english = (await get(t, '/api/translations/en')).json<unknown[]>();
    expect(unknown).toEqual(english);
  });
});

describe('public API on populated data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists places newest first with the spec fields', async () => {
    const older = await makePlace(t.db, { date: '2023-01-01' });
    const newer = await makePlace(t.db, { date: '2025-06-30' });
    const list = (await get(t, '/api/places')).json<{ id: string }[]>();
    const ids = list.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list[0]).toMatchObject({
      id: expect.any(String),
      slug: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      imageUrl: expect.any(String),
      location: expect.any(String),
      country: expect.any(String),
      date: expect.any(String),
    });
  });

  it('filters the public list by location and country', async () => {
    const inRome = await makePlace(t.db, { location: 'Rome', country: 'Italy' });
    await makePlace(t.db, { location: 'Milan', country: 'Italy' });
    const list = (await get(t, '/api/places?location=Rome&country=Italy')).json<{ id: string }[]>();
    expect(list.map((p) => p.id)).toEqual([inRome.id]);
  });

  it('answers a place in the requested language, and the English original when there is no translation', async () => {
    const place = await makePlace(t.db, { title: 'Eiffel Tower' });
    await makePlaceTranslation(t.db, place.id, 'fr', { title: 'Tour Eiffel', location: 'Paris', country: 'France' });
    const fr = (await get(t, `/api/places/by-slug/${place.slug}/translations/fr`)).json();
    expect(fr).toMatchObject({ id: place.id, title: 'Tour Eiffel', languageCode: 'fr' });
    const de = (await get(t, `/api/places/by-slug/${place.slug}/translations/de`)).json();
    expect(de).toMatchObject({ id: place.id, title: 'Eiffel Tower', languageCode: 'en' });
    const home = (await get(t, '/api/places/translations/fr')).json<{ id: string; title: string }[]>();
    expect(home.find((p) => p.id === place.id)?.title).toBe('Tour Eiffel');
  });

  it('answers history, facts and gallery of a place', async () => {
    const place = await makePlace(t.db);
    const empty = (await get(t, `/api/places/${place.id}/history?languageCode=en`)).json();
    expect(empty).toEqual({ hasEvents: 'no', events: [], languageCode: 'en' });
    await makeHistory(t.db, place.id);
    await makeFacts(t.db, place.id);
    const image = await makeGalleryImage(t.db, place.id);

    const history = (await get(t, `/api/places/${place.id}/history?languageCode=en`)).json();
    expect(history.hasEvents).toBe('yes');
    expect(history.events[0]).toEqual({ year: '1887', description: 'Construction begins.' });
    // no Spanish history yet: the English one is answered
    const es = (await get(t, `/api/places/${place.id}/history?languageCode=es`)).json();
    expect(es.events).toHaveLength(2);
    expect(es.languageCode).toBe('en');

    const facts = (await get(t, `/api/places/${place.id}/facts?languageCode=zh`)).json();
    // no Chinese trivia: the English is answered, and says so
    expect(facts).toEqual({
      hasFacts: 'yes',
      facts: [{ question: 'How tall is it?', answer: 'About 330 metres.' }],
      languageCode: 'en',
    });

    const gallery = (await get(t, `/api/places/${place.id}/gallery`)).json();
    // no caption or alt text written yet: the page falls back to the place's title
    expect(gallery).toEqual([
      {
        id: image.id,
        imageUrl: image.imageUrl,
        originalImagePath: image.originalImagePath,
        alt: null,
        caption: null,
        englishFields: [],
      },
    ]);
  });

  it('relates places of the same city only (the heading names the city), never the place itself', async () => {
    const here = await makePlace(t.db, { location: 'Lyon', country: 'Nowhereland', date: '2024-01-01' });
    const sameCityOld = await makePlace(t.db, { location: 'Lyon', country: 'Nowhereland', date: '2020-01-01' });
    const sameCountryNew = await makePlace(t.db, { location: 'Nice', country: 'Nowhereland', date: '2026-01-01' });
    const elsewhere = await makePlace(t.db, { location: 'Lima', country: 'Peru', date: '2026-02-01' });
    const related = (await get(t, `/api/places/${here.id}/related?limit=5&languageCode=en`)).json<{ id: string }[]>();
    const ids = related.map((p) => p.id);
    expect(ids).toEqual([sameCityOld.id]);
    expect(ids).not.toContain(sameCountryNew.id);
    expect(ids).not.toContain(here.id);
    expect(ids).not.toContain(elsewhere.id);

    for (let i = 0; i < 25; i++) await makePlace(t.db, { location: 'Lyon', country: 'Nowhereland' });
    expect((await get(t, `/api/places/${here.id}/related`)).json<unknown[]>()).toHaveLength(5);
    expect((await get(t, `/api/places/${here.id}/related?limit=2`)).json<unknown[]>()).toHaveLength(2);
    expect((await get(t, `/api/places/${here.id}/related?limit=500`)).json<unknown[]>()).toHaveLength(20);
    expect((await get(t, `/api/places/${here.id}/related?limit=abc`)).statusCode).toBe(400);
  });

  it('lists places as cards: everything but the article, which only the place itself answers', async () => {
    const article = 'A long article. '.repeat(100);
    const place = await makePlace(t.db, { location: 'Bern', country: 'Switzerland', fullDescription: article });
    const neighbour = await makePlace(t.db, { location: 'Bern', country: 'Switzerland' });
    const lists = [
      '/api/places',
      '/api/places/translations/de',
      `/api/places/${neighbour.id}/related?limit=5&languageCode=de`,
    ];
    for (const url of lists) {
      const card = (await get(t, url)).json<Record<string, unknown>[]>().find((p) => p.id === place.id);
      expect(card, url).toMatchObject({ title: place.title, description: place.description, slug: place.slug });
      expect(card, url).not.toHaveProperty('fullDescription');
      // untranslated on /de: the title and summary are marked English, the absent article is not
      expect(card?.englishFields, url).toEqual(url === '/api/places' ? [] : ['title', 'description']);
    }
    const own = (await get(t, `/api/places/by-slug/${place.slug}/translations/de`)).json();
    expect(own).toMatchObject({ fullDescription: article, englishFields: ['title', 'description', 'fullDescription'] });
  });

  it('sorts the countries by their name in the visitor’s language and counts their cities and places', async () => {
    const fresh = await createTestApp();
    try {
      for (const name of ['Austria', 'Germany', 'Egypt', 'Oman', 'Chad']) {
        await makeCountry(fresh.db, { name, slug: name.toLowerCase() });
      }
      await makeCity(fresh.db, { name: 'Vienna', country: 'Austria', slug: 'vienna' });
      await makeCity(fresh.db, { name: 'Graz', country: 'Austria', slug: 'graz' });
      for (let i = 0; i < 3; i++) await makePlace(fresh.db, { location: 'Vienna', country: 'Austria' });
      const names = async (lang: string, limit = 24) =>
        (await get(fresh, `/api/countries/translations/${lang}?limit=${limit}`)).json<{ name: string }[]>();
      // German: Ägypten sorts with A, Österreich with O (a byte sort would put both last)
      expect((await names('de')).map((c) => c.name)).toEqual([
        'Ägypten',
        'Deutschland',
        'Oman',
        'Österreich',
        'Tschad',
      ]);
      expect((await names('en')).map((c) => c.name)).toEqual(['Austria', 'Chad', 'Egypt', 'Germany', 'Oman']);
      expect((await names('fr')).map((c) => c.name)).toEqual(['Allemagne', 'Autriche', 'Égypte', 'Oman', 'Tchad']);
      const austria = (await names('en')).find((c) => c.name === 'Austria');
      expect(austria).toMatchObject({ cityCount: 2, placeCount: 3 });
      // paged in that order through the Link header, and a forged position is a 400
      const first = await get(fresh, '/api/countries/translations/de?limit=2');
      expect(first.json<{ name: string }[]>().map((c) => c.name)).toEqual(['Ägypten', 'Deutschland']);
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
      expect((await get(fresh, next)).json<{ name: string }[]>().map((c) => c.name)).toEqual(['Oman', 'Österreich']);
      for (const cursor of ['0', '99', '-1', 'abc', '1e3']) {
        expect((await get(fresh, `/api/countries/translations/de?cursor=${cursor}`)).statusCode).toBe(400);
      }
    } finally {
      await fresh.close();
    }
  });

  it('answers countries and their cities, translated, with English fallback', async () => {
    const country = await makeCountry(t.db, { name: 'Japan', slug: 'japan' });
    await makeCountryTranslation(t.db, country.id, 'zh', '日本');
    const city = await makeCity(t.db, { name: 'Tokyo', country: 'Japan', slug: 'tokyo' });
    await makeCityTranslation(t.db, city.id, 'zh', '东京');
    const place = await makePlace(t.db, { location: 'Tokyo', country: 'Japan' });

    expect((await get(t, '/api/countries/by-slug/japan')).json()).toMatchObject({ id: country.id, name: 'Japan' });
    expect((await get(t, '/api/countries/by-slug/japan/translations/zh')).json()).toEqual({
      id: country.id,
      slug: 'japan',
      name: '日本',
      description: '日本 (zh)',
      imageUrl: country.imageUrl,
      cityCount: 1,
      placeCount: 1,
      englishFields: [],
      // a machine's translation no person has reviewed (the page's note)
      reviewed: false,
      machineTranslated: true,
      writtenBy: 'model',
    });
    // no stored Spanish name: the CLDR one, and the English description is marked as such
    expect((await get(t, '/api/countries/by-slug/japan/translations/es')).json()).toMatchObject({
      name: 'Japón',
      description: country.description,
      englishFields: ['description'],
    });
    const list = (await get(t, '/api/countries/translations/zh')).json<{ name: string }[]>();
    expect(list.map((c) => c.name)).toContain('日本');

    const cities = (await get(t, '/api/countries/by-slug/japan/cities/translations/zh')).json();
    expect(cities).toEqual([
      {
        id: city.id,
        slug: 'tokyo',
        name: '东京',
        country: '日本',
        countrySlug: 'japan',
        description: '东京 (zh)',
        imageUrl: city.imageUrl,
        englishFields: [],
      },
    ]);
    const french = (await get(t, '/api/countries/by-slug/japan/cities/translations/fr')).json();
    expect(french).toMatchObject([{ name: 'Tokyo', country: 'Japon', englishFields: ['description'] }]);
    expect((await get(t, '/api/cities/by-slug/tokyo')).json()).toMatchObject({
      id: city.id,
      name: 'Tokyo',
      country: 'Japan',
    });
    expect((await get(t, '/api/cities/by-slug/tokyo/translations/fr')).json().name).toBe('Tokyo');
    const places = (await get(t, '/api/cities/by-slug/tokyo/places')).json<{ id: string }[]>();
    expect(places.map((p) => p.id)).toEqual([place.id]);
  });

  it('deleting a place removes its translations, history, facts and gallery rows', async () => {
    const place = await makePlace(t.db);
    await makePlaceTranslation(t.db, place.id, 'es');
    await makeHistory(t.db, place.id);
    await makeFacts(t.db, place.id);
    await makeGalleryImage(t.db, place.id);
    const { places, placeTranslations, placeHistory, placeFacts, galleryImages } =
      await import('../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.delete(places).where(eq(places.id, place.id));
    for (const table of [placeTranslations, placeHistory, placeFacts, galleryImages]) {
      const rows = await t.db.select().from(table).where(eq(table.placeId, place.id));
      expect(rows).toHaveLength(0);
    }
  });
});
