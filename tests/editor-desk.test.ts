import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AreaContentDto, PlaceContentDto } from '../src/shared/api/content-editor';
import type { ContentSaved } from '../src/shared/api/written-text';
import type { TranslateResponse } from '../src/shared/api/place-ai';
import { placeTranslations } from '../src/server/db/schema';
import { startFakeChatCompletions, type FakeChatCompletions, chatModel } from './helpers/fake-chat-completions';
import {
  makeCity,
  makeCountry,
  makeFacts,
  makeHistory,
  makePlace,
  makePlaceTranslation,
  placeEdit,
} from './helpers/factories';
import { languageOfText, sourceRenderSource } from './helpers/page-source';
import { crawl } from './helpers/sitemaps';
import { createTestApp, type TestApp } from './helpers/test-app';
import { FAST_JOBS, statuses, targetOf, translatingModel, adminEntity } from './helpers/translation-jobs';

const GERMAN = {
  title: 'Der Turm am Abend',
  description: 'Ein eiserner Turm über der Stadt, im letzten Licht.',
  fullDescription: 'Wir kamen kurz vor Sonnenuntergang an und blieben, bis die Lichter angingen.',
  location: 'Paris',
  country: 'Frankreich',
};
const GERMAN_EVENTS = [
  { year: '1887', description: 'Der Bau beginnt.' },
  { year: '1889', description: 'Eröffnung zur Weltausstellung.' },
];
const GERMAN_FACTS = [
  { question: 'Wie hoch ist er?', answer: 'Etwa 330 Meter.' },
  { question: 'Wer baute ihn?', answer: 'Gustave Eiffels Firma.' },
];

describe('the editor’s desk with the offline writer: a person writes every language', () => {
  let t: TestApp;
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    expect(t.config.ai.provider).toBe('offline');
  });
  afterAll(() => t.close());

  it('a German title, description, history and trivia written by hand show on /de as German, with no "shown in English" note', async () => {
    const place = await makePlace(t.db, { title: 'Eiffel Tower at dusk', location: 'Paris', country: 'France' });
    await makeHistory(t.db, place.id);
    await makeFacts(t.db, place.id);

    const text = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/de`,
      payload: GERMAN,
    });
    expect(text.statusCode).toBe(200);
    expect(text.json<ContentSaved>().message).toContain('German');
    const history = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/history/de`,
      payload: { events: GERMAN_EVENTS },
    });
    expect(history.statusCode).toBe(200);
    const facts = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/facts/de`,
      payload: { facts: GERMAN_FACTS },
    });
    expect(facts.statusCode).toBe(200);

    const html = (await page(`/de/${place.slug}`)).body;
    expect(html).not.toContain('Nicht übersetzt');
    expect(html).not.toContain('shown-in-english');
    for (const words of [GERMAN.title, GERMAN.fullDescription, 'Der Bau beginnt.', 'Wie hoch ist er?']) {
      expect(languageOfText(html, words), words).toBe('de');
    }
    expect(html).not.toContain('Construction begins.');

    const content = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/content` })
    ).json<PlaceContentDto>();
    const de = content.text.find((l) => l.languageCode === 'de')!;
    expect(de).toMatchObject({ status: 'current', origin: 'person', content: { title: GERMAN.title } });
    expect(content.history.find((l) => l.languageCode === 'de')).toMatchObject({ origin: 'person', status: 'current' });
    expect(content.facts.find((l) => l.languageCode === 'de')!.content).toEqual(GERMAN_FACTS);
    expect(content.text.find((l) => l.languageCode === 'fr')).toMatchObject({ status: 'missing', origin: null });
  });

  it('an English edit makes the German outdated, keeps it on the page and shows the English it was written from', async () => {
    const place = await makePlace(t.db, { title: 'Pont Neuf', location: 'Paris', country: 'France' });
    await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/translations/de`, payload: GERMAN });
    const english = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/en`,
      payload: { title: 'Pont Neuf at night', description: place.description, location: 'Paris', country: 'France' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.json<ContentSaved>().outdatedLanguages).toEqual(['de']);
    const content = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/content` })
    ).json<PlaceContentDto>();
    const de = content.text.find((l) => l.languageCode === 'de')!;
    expect(de).toMatchObject({ status: 'outdated', origin: 'person', content: { title: GERMAN.title } });
    expect(de.basedOn?.title).toBe('Pont Neuf');
    expect(content.text[0]).toMatchObject({
      languageCode: 'en',
      status: 'source',
      content: { title: 'Pont Neuf at night' },
    });
    expect((await page(`/de/${place.slug}`)).body).toContain(GERMAN.title);
  });

  it('an English history edit outdates the other languages’ history', async () => {
    const place = await makePlace(t.db);
    await makeHistory(t.db, place.id);
    await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/history/de`,
      payload: { events: GERMAN_EVENTS },
    });
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/history/en`,
      payload: { events: [{ year: '1887', description: 'Work starts on the Champ de Mars.' }] },
    });
    expect(edit.json<ContentSaved>().outdatedLanguages).toEqual(['de']);
    const content = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/content` })
    ).json<PlaceContentDto>();
    const de = content.history.find((l) => l.languageCode === 'de')!;
    expect(de.status).toBe('outdated');
    expect(de.basedOn).toHaveLength(2);
  });

  it('a city and a country written in German by hand show on their /de pages', async () => {
    const country = await makeCountry(t.db, { name: 'Portugal', slug: 'portugal-desk' });
    const city = await makeCity(t.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon-desk' });
    const cityText = { name: 'Lissabon', description: 'Sieben Hügel, gelbe Straßenbahnen und der Tejo.' };
    const countryText = { name: 'Portugal', description: 'Ein Land am Atlantik, mit langen Küsten.' };
    expect(
      (await t.admin({ method: 'PUT', url: `/api/admin/cities/${city.id}/translations/de`, payload: cityText }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.admin({
          method: 'PUT',
          url: `/api/admin/countries/${country.id}/translations/de`,
          payload: countryText,
        })
      ).statusCode,
    ).toBe(200);
    const cityPage = (await page(`/de/${city.slug}`)).body;
    expect(languageOfText(cityPage, cityText.description)).toBe('de');
    const countryPage = (await page(`/de/${country.slug}`)).body;
    expect(languageOfText(countryPage, countryText.description)).toBe('de');
    const content = (
      await t.admin({ method: 'GET', url: `/api/admin/cities/${city.id}/content` })
    ).json<AreaContentDto>();
    expect(content.text.find((l) => l.languageCode === 'de')).toMatchObject({ origin: 'person', status: 'current' });
  });

  it('refuses an unknown language, an empty title and an unknown place, changing nothing', async () => {
    const place = await makePlace(t.db);
    const unknown = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/xx`,
      payload: GERMAN,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toContain('en, es, de, fr or zh');
    const empty = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/de`,
      payload: { ...GERMAN, title: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const missing = await t.admin({
      method: 'PUT',
      url: '/api/admin/places/00000000-0000-4000-8000-000000000000/translations/de',
      payload: GERMAN,
    });
    expect(missing.statusCode).toBe(404);
    const rows = await t.db.select().from(placeTranslations).where(eq(placeTranslations.placeId, place.id));
    expect(rows).toHaveLength(0);
  });

  it('without a model, "Translate again by machine" says so and keeps the person’s text', async () => {
    const place = await makePlace(t.db);
    await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/translations/de`, payload: GERMAN });
    const again = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translations/de/machine` });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain('edit it by hand');
    const [row] = await t.db
      .select()
      .from(placeTranslations)
      .where(and(eq(placeTranslations.placeId, place.id), eq(placeTranslations.languageCode, 'de')));
    expect(row).toMatchObject({ origin: 'person', title: GERMAN.title });
  });

  it('needs a session', async () => {
    const place = await makePlace(t.db);
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/places/${place.id}/content` });
    expect(response.statusCode).toBe(401);
  });
});

describe('the editor’s desk with a model: a machine never replaces a person’s translation', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp(
      {
        ai: chatModel(fake.baseUrl),
        translationJobs: { ...FAST_JOBS, worker: false },
      },
      { pages: { renderSource: sourceRenderSource() } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.reply = translatingModel();
  });

  it('after a person edits the German title, an English edit and Translate keep it (reported as kept), mark it outdated and translate the other three', async () => {
    const place = await makePlace(t.db, { title: 'Eiffel Tower', location: 'Paris', country: 'France' });
    for (const code of ['es', 'de', 'fr', 'zh']) await makePlaceTranslation(t.db, place.id, code);
    const german = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/de`,
      payload: GERMAN,
    });
    expect(german.statusCode).toBe(200);
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: {
        title: 'Eiffel Tower at night',
        description: place.description,
        location: place.location,
        country: place.country,
        imageUrl: place.imageUrl,
        date: place.date,
      },
    });
    expect(edit.statusCode).toBe(200);

    const translate = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` });
    expect(translate.statusCode).toBe(200);
    const body = translate.json<TranslateResponse>();
    expect(body.translatedLanguages).toEqual(['es', 'fr', 'zh']);
    expect(body.keptLanguages).toEqual(['de']);
    expect(body.message).toContain('Kept as written by hand: German');
    expect(fake.requests.map(targetOf).sort()).toEqual(['es', 'fr', 'zh']);

    const [row] = await t.db
      .select()
      .from(placeTranslations)
      .where(and(eq(placeTranslations.placeId, place.id), eq(placeTranslations.languageCode, 'de')));
    expect(row).toMatchObject({ title: GERMAN.title, origin: 'person' });
    expect(statuses(await adminEntity(t, 'place', place.id))).toEqual(['current', 'outdated', 'current', 'current']);
    expect((await t.app.inject({ url: `/fr/${place.slug}` })).body).toContain('Eiffel Tower at night [fr]');
  });

  it('"Translate again by machine" replaces the person’s German with a machine translation of the current English', async () => {
    const place = await makePlace(t.db, { title: 'Louvre', location: 'Paris', country: 'France' });
    await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/translations/de`, payload: GERMAN });
    const again = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translations/de/machine` });
    expect(again.statusCode).toBe(200);
    expect(again.json<ContentSaved>().message).toBe('German was translated again by machine.');
    const content = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/content` })
    ).json<PlaceContentDto>();
    expect(content.text.find((l) => l.languageCode === 'de')).toMatchObject({
      origin: 'machine',
      status: 'current',
      content: { title: 'Louvre [de]' },
    });
  });
});

describe('an editable web address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  it('a new slug answers 200 in all five languages, the old one 301 to it, and the sitemaps list only the new one', async () => {
    const place = await makePlace(t.db, {
      title: 'We walked here on a warm April evening',
      slug: 'we-walked-here-on-a-warm-april-evening-in-2015-after-a-footb',
    });
    const saved = await t.admin(placeEdit(place, { slug: 'alfama-at-dusk' }));
    expect(saved.statusCode).toBe(200);
    for (const lang of ['en', 'es', 'de', 'fr', 'zh']) {
      expect((await t.app.inject({ url: `/${lang}/alfama-at-dusk` })).statusCode, lang).toBe(200);
      const old = await t.app.inject({ url: `/${lang}/${place.slug}` });
      expect(old.statusCode, lang).toBe(301);
      expect(old.headers.location, lang).toBe(`/${lang}/alfama-at-dusk`);
    }
    const { allLocs } = await crawl(t);
    expect(allLocs).toContain(`${t.config.publicUrl}/de/alfama-at-dusk`);
    expect(allLocs.filter((loc) => loc.includes(place.slug!))).toEqual([]);
  });

  it('refuses a slug used by a city with a 400 that says so, and an invalid slug, changing nothing', async () => {
    await makeCity(t.db, { name: 'Sintra', country: 'Portugal', slug: 'sintra' });
    const place = await makePlace(t.db, { title: 'Pena Palace', slug: 'pena-palace' });
    const taken = await t.admin(placeEdit(place, { slug: 'sintra' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      error: 'The web address “sintra” is already used by the city. Choose another web address.',
      code: 'slug_taken',
    });
    const invalid = await t.admin(placeEdit(place, { slug: 'Pena Palace!' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ error: string }>().error).toContain('lowercase letters');
    const reserved = await t.admin(placeEdit(place, { slug: 'search' }));
    expect(reserved.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/en/pena-palace' })).statusCode).toBe(200);
  });

  it('a city’s and a country’s address can be changed too, and an old address taken back', async () => {
    const city = await makeCity(t.db, { name: 'Porto', country: 'Portugal', slug: 'porto' });
    const edit = (slug: string) =>
      t.admin({
        method: 'PUT',
        url: `/api/admin/cities/${city.id}`,
        payload: {
          name: city.name,
          country: city.country,
          description: city.description,
          imageUrl: city.imageUrl,
          slug,
        },
      });
    expect((await edit('oporto')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/de/porto' })).headers.location).toBe('/de/oporto');
    expect((await edit('porto')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/de/porto' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/de/oporto' })).headers.location).toBe('/de/porto');
    const country = await makeCountry(t.db, { name: 'Portugal', slug: 'portugal-slug' });
    const moved = await t.admin({
      method: 'PUT',
      url: `/api/admin/countries/${country.id}`,
      payload: {
        name: country.name,
        description: country.description,
        imageUrl: country.imageUrl,
        slug: 'portuguese-republic',
      },
    });
    expect(moved.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/fr/portuguese-republic' })).statusCode).toBe(200);
  });
});
