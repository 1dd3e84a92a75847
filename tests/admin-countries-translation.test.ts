import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countries, countryTranslations, places } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  type ChatRequest,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { makeCountry, makeCountryTranslation, makePlace, makePlaceTranslation } from './helpers/factories';
import { fakeTranslation } from './helpers/fake-translation';
import { createTestApp, type TestApp } from './helpers/test-app';
import { FAST_JOBS, fieldsOf, statuses, targetOf, whenSettled } from './helpers/translation-jobs';

const DESCRIPTION = 'Volcanoes, hot springs and ancient temples.';
const TRANSLATED: Record<string, { name: string; description: string }> = {
  es: { name: 'Japón', description: 'Volcanes, aguas termales y templos antiguos.' },
  de: { name: 'Japan', description: 'Vulkane, heiße Quellen und alte Tempel.' },
  fr: { name: 'Japon', description: 'Volcans, sources chaudes et temples anciens.' },
  zh: { name: '日本', description: '火山、温泉和古老的寺庙。' },
};

/** A model that describes Japan and translates it, except into the languages told to fail. */
function model(failLanguages: string[] = []) {
  return (request: ChatRequest) => {
    if (schemaNameOf(request) === 'country_description')
      return { content: JSON.stringify({ description: DESCRIPTION }) };
    const code = targetOf(request);
    if (failLanguages.includes(code)) return { status: 503 };
    const fields = fieldsOf(request);
    if ('name' in fields) return { content: JSON.stringify(TRANSLATED[code]) };
    // a place of the country: its text, tagged with the language
    return {
      content: JSON.stringify(
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fakeTranslation(v, code)])),
      ),
    };
  };
}

describe('Manage Countries with an AI model (a local Chat Completions server)', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp({
      ai: chatModel(fake.baseUrl),
      translationJobs: FAST_JOBS,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await t.db.delete(countries);
    await t.db.delete(places);
  });

  it('creates a country at once; its job describes it and translates it into every language', async () => {
    fake.reply = model();
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Japan', imageUrl: '/media/web/torii.jpg' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ country: { name: 'Japan', slug: 'japan' }, translationQueued: true });
    const country = await whenSettled(t, 'country', response.json<{ country: { id: string } }>().country.id);
    expect(country.description).toBe(DESCRIPTION);
    expect(statuses(country)).toEqual(['current', 'current', 'current', 'current']);
    const stored = await t.db.select().from(countryTranslations).where(eq(countryTranslations.countryId, country.id));
    expect(
      Object.fromEntries(stored.map((r) => [r.languageCode, { name: r.name, description: r.description }])),
    ).toEqual(TRANSLATED);
    const zh = await t.app.inject({ method: 'GET', url: '/api/countries/by-slug/japan/translations/zh' });
    expect(zh.json()).toMatchObject({ name: '日本', description: '火山、温泉和古老的寺庙。' });
  });

  it('marks the language the model fails as failed; visitors there still read the country’s own name', async () => {
    fake.reply = model(['fr']);
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Japan', imageUrl: '/media/web/torii.jpg' },
    });
    const country = await whenSettled(t, 'country', response.json<{ country: { id: string } }>().country.id);
    expect(statuses(country)).toEqual(['current', 'current', 'failed', 'current']);
    expect(country.translations.languages[2]!.reason).toMatch(/AI provider/);
    const fr = await t.app.inject({ method: 'GET', url: '/api/countries/by-slug/japan/translations/fr' });
    expect(fr.json()).toMatchObject({ name: 'Japon', description: DESCRIPTION, englishFields: ['description'] });
  });

  it('a renamed country keeps its translations, and its translated places are translated again', async () => {
    fake.reply = model();
    const country = await makeCountry(t.db, { name: 'Japn', description: DESCRIPTION });
    await makeCountryTranslation(t.db, country.id, 'es', 'Japón');
    const place = await makePlace(t.db, { location: 'Kyoto', country: 'Japn' });
    await makePlaceTranslation(t.db, place.id, 'es', { title: 'Templo' });
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/countries/${country.id}`,
      payload: { name: 'Japan', description: DESCRIPTION, imageUrl: country.imageUrl },
    });
    expect(response.json()).toMatchObject({ outdatedLanguages: ['es'], translationQueued: true });
    const done = await whenSettled(t, 'country', country.id);
    expect(statuses(done)).toEqual(['current', 'current', 'current', 'current']);
    // The place's Spanish text named the old country: its job brought it up to date.
    const placeState = await whenSettled(t, 'place', place.id);
    expect(placeState.country).toBe('Japan');
    expect(statuses(placeState)).toEqual(['current', 'missing', 'missing', 'missing']);
    const spanish = await t.app.inject({ url: `/api/places/by-slug/${place.slug}/translations/es` });
    expect(spanish.json()).toMatchObject({ title: `${place.title} [es]`, country: 'Japón' });
  });
});
