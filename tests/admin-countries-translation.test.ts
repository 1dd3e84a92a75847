import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/shared/languages';
import { countries, countryTranslations } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  userText,
  type ChatRequest,
  type FakeChatCompletions,
} from './helpers/fake-chat-completions';
import { createTestApp, type TestApp } from './helpers/test-app';

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
    const code = LANGUAGES.find((l) => userText(request).includes(`into ${l.name}`))!.code;
    if (failLanguages.includes(code)) return { status: 503 };
    return { content: JSON.stringify(TRANSLATED[code]) };
  };
}

describe('Manage Countries with an AI model (a local Chat Completions server)', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp({
      ai: { provider: 'openai-compatible', baseUrl: fake.baseUrl, model: 'test-model', apiKey: undefined },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await t.db.delete(countries);
  });

  it('creates a country translated into every language', async () => {
    fake.reply = model();
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Japan', imageUrl: '/media/web/torii.jpg' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      country: { name: 'Japan', slug: 'japan', description: DESCRIPTION },
      failedLanguages: [],
      nameOnlyLanguages: [],
      message: 'Japan was created and translated into Spanish, German, French and Chinese.',
    });
    const [row] = await t.db.select().from(countries).where(eq(countries.slug, 'japan'));
    const stored = await t.db.select().from(countryTranslations).where(eq(countryTranslations.countryId, row!.id));
    expect(
      Object.fromEntries(stored.map((r) => [r.languageCode, { name: r.name, description: r.description }])),
    ).toEqual(TRANSLATED);
    const zh = await t.app.inject({ method: 'GET', url: '/api/countries/by-slug/japan/translations/zh' });
    expect(zh.json()).toMatchObject({ name: '日本', description: '火山、温泉和古老的寺庙。' });
  });

  it('falls back to the built-in country name where the model fails, and says so', async () => {
    fake.reply = model(['fr']);
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Japan', imageUrl: '/media/web/torii.jpg' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ nameOnlyLanguages: string[]; message: string; country: { id: string } }>();
    expect(body.nameOnlyLanguages).toEqual(['fr']);
    expect(body.message).toContain('Japan was created and translated into Spanish, German and Chinese.');
    expect(body.message).toContain('Its name was translated into French, but the description could not be');
    const [fr] = await t.db
      .select()
      .from(countryTranslations)
      .where(eq(countryTranslations.countryId, body.country.id))
      .then((rows) => rows.filter((r) => r.languageCode === 'fr'));
    expect(fr).toMatchObject({ name: 'Japon', description: DESCRIPTION });
  });
});
