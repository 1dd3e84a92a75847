import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlaceDto } from '../src/shared/api/admin-places';
import type { AreaContentDto, PlaceContentDto } from '../src/shared/api/content-editor';
import type { ContentSaved } from '../src/shared/api/written-text';
import type { DashboardDto } from '../src/shared/api/review';
import { savePlaceTranslation } from '../src/server/db/repos/place-content-repo';
import { contentVersion } from '../src/server/db/schema';
import { makeCity, makeCityTranslation, makePlace, makePlaceTranslation } from './helpers/factories';
import { languageOfText, sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

const BASE = 'https://travel.example';
const MACHINE_DE = 'Maschinell aus dem Englischen übersetzt';
const WRITTEN_WITH_AI = 'Written with AI';

/**
 * The note on unreviewed text as the page's HTML carries it: [html, the language a reader takes it
 * to be in, its text, its link's address, its link's text]; null when there is none.
 */
function noteOf(html: string) {
  const note = /<p class="review-note">([^<]*?) · <a class="underline" href="([^"]+)">([^<]*)<\/a><\/p>/.exec(html);
  return note && [note[0], languageOfText(html, note[1]!), note[1], note[2], note[3]];
}

/** The Article JSON-LD of a place page. */
function articleOf(html: string): Record<string, unknown> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  const data = scripts.map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return data.find((d) => d['@type'] === 'Article')!;
}

describe('review per language: what visitors see', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(
      { publicUrl: BASE, renderCacheBytes: 32 * 1024 * 1024 },
      { pages: { renderSource: sourceRenderSource() } },
    );
  });
  afterAll(() => t.close());

  it('a machine-translated German page says so in German and names the English page in JSON-LD; after "Mark reviewed" the note is gone on the next request', async () => {
    const place = await makePlace(t.db, { title: 'Harbour at dawn' });
    await makePlaceTranslation(t.db, place.id, 'de', { title: 'Hafen im Morgengrauen' });
    const url = `/de/${place.slug}`;

    const first = await get(url);
    expect(first.statusCode).toBe(200);
    // read twice: the second answer comes from the render cache
    expect((await get(url)).body).toBe(first.body);
    const note = noteOf(first.body);
    expect(note?.[1]).toBe('de');
    expect(note?.[2]).toBe(MACHINE_DE);
    expect(note?.[3]).toBe('/de/how-we-write');
    expect(note?.[4]).toBe('Wie diese Website entsteht');
    const article = articleOf(first.body);
    expect(article.inLanguage).toBe('de');
    expect(article.translationOfWork).toEqual({ '@id': `${BASE}/en/${place.slug}`, url: `${BASE}/en/${place.slug}` });
    expect(article.isBasedOn).toBe(`${BASE}/en/${place.slug}`);

    const reviewed = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translations/de/review` });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json<ContentSaved>().message).toBe(
      'German is marked as reviewed. Visitors no longer see the “Machine-translated from English” note.',
    );

    const after = await get(url);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Hafen im Morgengrauen');
    expect(noteOf(after.body)).toBeNull();
    expect(after.body).not.toContain(`>${MACHINE_DE}`);
    // still a translation of the English page
    expect(articleOf(after.body).isBasedOn).toBe(`${BASE}/en/${place.slug}`);
    // the public API says the same
    const api = await get(`/api/places/by-slug/${place.slug}/translations/de`);
    expect(api.json()).toMatchObject({ reviewed: true, machineTranslated: true });
  });

  it('a German text written by a person shows no note, and its JSON-LD claims no machine translation', async () => {
    const place = await makePlace(t.db, { title: 'Old bridge' });
    const saved = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/de`,
      payload: {
        title: 'Alte Brücke',
        description: 'Eine steinerne Brücke über den Fluss.',
        location: 'Paris',
        country: 'Frankreich',
      },
    });
    expect(saved.statusCode).toBe(200);
    const page = await get(`/de/${place.slug}`);
    expect(page.body).toContain('Alte Brücke');
    expect(noteOf(page.body)).toBeNull();
    expect(articleOf(page.body)).not.toHaveProperty('translationOfWork');
    const content = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/content` })
    ).json<PlaceContentDto>();
    expect(content.text.find((l) => l.languageCode === 'de')?.reviewed).toBe(true);
  });

  it('English written by AI says "Written with AI" until a person marks it reviewed or edits it', async () => {
    const marked = await makePlace(t.db, { title: 'Lighthouse on the cape' });
    const before = await get(`/en/${marked.slug}`);
    expect(noteOf(before.body)?.slice(1)).toEqual(['en', WRITTEN_WITH_AI, '/en/how-we-write', 'How this site is made']);
    expect(articleOf(before.body)).not.toHaveProperty('translationOfWork');
    // a language without its own text shows the English, with the note in the page's language
    expect(noteOf((await get(`/fr/${marked.slug}`)).body)?.slice(1, 3)).toEqual(['fr', 'Écrit avec l’IA']);

    const review = await t.admin({ method: 'POST', url: `/api/admin/places/${marked.id}/translations/en/review` });
    expect(review.statusCode).toBe(200);
    expect(noteOf((await get(`/en/${marked.slug}`)).body)).toBeNull();
    expect(noteOf((await get(`/fr/${marked.slug}`)).body)).toBeNull();

    const edited = await makePlace(t.db, { title: 'Market hall' });
    expect(noteOf((await get(`/en/${edited.slug}`)).body)?.[2]).toBe(WRITTEN_WITH_AI);
    const save = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${edited.id}/translations/en`,
      payload: { title: 'Market hall', description: 'Checked by a person.', location: 'Paris', country: 'France' },
    });
    expect(save.statusCode).toBe(200);
    expect(noteOf((await get(`/en/${edited.slug}`)).body)).toBeNull();
  });

  it('a machine writing a language again takes its review away', async () => {
    const place = await makePlace(t.db, { title: 'Cathedral square' });
    await makePlaceTranslation(t.db, place.id, 'es', { title: 'Plaza de la catedral' });
    await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translations/es/review` });
    expect(noteOf((await get(`/es/${place.slug}`)).body)).toBeNull();

    await savePlaceTranslation(t.db, {
      placeId: place.id,
      languageCode: 'es',
      title: 'Plaza de la catedral (nueva)',
      description: 'Otra traducción automática.',
      location: 'París',
      country: 'Francia',
      sourceVersion: place.sourceVersion,
    });
    const page = await get(`/es/${place.slug}`);
    expect(page.body).toContain('Plaza de la catedral (nueva)');
    expect(noteOf(page.body)?.[2]).toBe('Traducido automáticamente del inglés');
  });

  it('serves the page on how the site is made in every language, listed in the sitemap', async () => {
    const titles = {
      en: 'How this site is made',
      es: 'Cómo se hace este sitio',
      de: 'Wie diese Website entsteht',
      fr: 'Comment ce site est fait',
      zh: '本站内容如何制作',
    };
    for (const [lang, title] of Object.entries(titles)) {
      const page = await get(`/${lang}/how-we-write`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${lang}">`);
      expect(page.body).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(page.body).toContain(`<link rel="canonical" href="${BASE}/${lang}/how-we-write" />`);
    }
    const sitemap = await get('/sitemaps/pages.xml');
    expect(sitemap.body).toContain(`<loc>${BASE}/de/how-we-write</loc>`);
  });

  it('refuses to review an unknown language, a language with no text of its own, or an unknown place, and changes nothing', async () => {
    const place = await makePlace(t.db, { title: 'Quiet courtyard' });
    const version = async () => (await t.db.select().from(contentVersion))[0]!.version;
    const before = await version();
    const unknownLanguage = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${place.id}/translations/xx/review`,
    });
    expect(unknownLanguage.statusCode).toBe(404);
    const missing = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translations/zh/review` });
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ error: string }>().error).toBe(
      'Chinese has no text of its own yet, so there is nothing to review: visitors read the English. Write it by hand or translate it first.',
    );
    const unknownPlace = await t.admin({
      method: 'POST',
      url: '/api/admin/places/00000000-0000-4000-8000-000000000000/translations/en/review',
    });
    expect(unknownPlace.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/places/${place.id}/translations/en/review`,
    });
    expect(anonymous.statusCode).toBe(401);
    // not even the cached pages were dropped
    expect(await version()).toBe(before);
    expect(noteOf((await get(`/en/${place.slug}`)).body)?.[2]).toBe(WRITTEN_WITH_AI);
  });

  it('a city’s languages are reviewed the same way, and its page says so until they are', async () => {
    const city = await makeCity(t.db, { name: 'Lyon', country: 'France', description: 'A city on two rivers.' });
    await makeCityTranslation(t.db, city.id, 'de', 'Lyon');
    expect(noteOf((await get(`/de/${city.slug}`)).body)?.slice(1, 3)).toEqual(['de', MACHINE_DE]);
    expect(noteOf((await get(`/en/${city.slug}`)).body)?.slice(1, 3)).toEqual(['en', WRITTEN_WITH_AI]);
    const content = async () =>
      (await t.admin({ method: 'GET', url: `/api/admin/cities/${city.id}/content` })).json<AreaContentDto>().text;
    expect((await content()).map((l) => l.reviewed)).toEqual([false, null, false, null, null]);
    for (const lang of ['en', 'de']) {
      const response = await t.admin({
        method: 'POST',
        url: `/api/admin/cities/${city.id}/translations/${lang}/review`,
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await content()).map((l) => l.reviewed)).toEqual([true, null, true, null, null]);
    expect(noteOf((await get(`/de/${city.slug}`)).body)).toBeNull();
    expect(noteOf((await get(`/en/${city.slug}`)).body)).toBeNull();
  });

  it('a new country’s description written without a model carries no AI note; its machine translation carries one until reviewed', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Portugal', imageUrl: '/media/web/portugal-1000.jpg' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { slug, id } = created.json<{ country: { slug: string; id: string } }>().country;
    // the offline writer's sentence is the country's own data, not a model's (decision 032)
    expect(noteOf((await get(`/en/${slug}`)).body)).toBeNull();
    // machine translations of a country come from jobs; written here as a job would
    await t.db.execute(sql`insert into country_translations (country_id, language_code, name, description)
      values (${id}, 'fr', 'Portugal', 'Un pays au bord de l’Atlantique.')`);
    expect(noteOf((await get(`/fr/${slug}`)).body)?.slice(1, 3)).toEqual([
      'fr',
      'Traduit automatiquement de l’anglais',
    ]);
    const review = await t.admin({ method: 'POST', url: `/api/admin/countries/${id}/translations/en/review` });
    expect(review.statusCode).toBe(200);
    expect(noteOf((await get(`/en/${slug}`)).body)).toBeNull();
    expect(noteOf((await get(`/fr/${slug}`)).body)?.[2]).toBe('Traduit automatiquement de l’anglais');
  });
});

describe('review per language: what needs the editor', () => {
  let t: TestApp;
  const list = async (query: string) => {
    const response = await t.admin({ method: 'GET', url: `/api/admin/places-with-translations?${query}` });
    expect(response.statusCode).toBe(200);
    return response
      .json<AdminPlaceDto[]>()
      .map((p) => p.title)
      .sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('filters Edit Places by review, draft and translation state, and the dashboard counts the same', async () => {
    const reviewed = await makePlace(t.db, { title: 'Reviewed', reviewed: true });
    await makePlaceTranslation(t.db, reviewed.id, 'de', { reviewed: true });
    await makePlace(t.db, { title: 'English AI' });
    const germanMachine = await makePlace(t.db, { title: 'German machine', reviewed: true });
    await makePlaceTranslation(t.db, germanMachine.id, 'de');
    const draft = await makePlace(t.db, { title: 'Draft', state: 'draft', reviewed: true, sourceVersion: 2 });
    await makePlaceTranslation(t.db, draft.id, 'fr', { reviewed: true, sourceVersion: 1 });
    await makeCity(t.db, { name: 'Paris', country: 'France', reviewed: true });

    expect(await list('review=needed')).toEqual(['English AI', 'German machine']);
    expect(await list('review=de')).toEqual(['German machine']);
    expect(await list('review=en')).toEqual(['English AI']);
    expect(await list('state=draft')).toEqual(['Draft']);
    expect(await list('translations=outdated')).toEqual(['Draft']);
    expect(await list('translations=failed')).toEqual([]);
    const bad = await t.admin({ method: 'GET', url: '/api/admin/places-with-translations?review=soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Review filter must be');

    const dashboard = await t.admin({ method: 'GET', url: '/api/admin/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json<DashboardDto>()).toEqual({
      places: 4,
      drafts: 1,
      awaitingReview: [
        { languageCode: 'en', places: 1 },
        { languageCode: 'es', places: 0 },
        { languageCode: 'de', places: 1 },
        { languageCode: 'fr', places: 0 },
        { languageCode: 'zh', places: 0 },
      ],
      placesAwaitingReview: 2,
      citiesAwaitingReview: 0,
      countriesAwaitingReview: 0,
      outdatedTranslations: 1,
      failedTranslations: 0,
      missingCities: 0,
      missingCountries: 1,
      inTrash: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});
