import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/shared/languages';
import { cities, cityTranslations, places } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  userText,
  type ChatRequest,
  type FakeChatCompletions,
} from './helpers/fake-chat-completions';
import { makeCity, makeCityTranslation, makePlace } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The target language code of a translation prompt ("... into Spanish ..."). */
function targetOf(request: ChatRequest): string {
  const text = userText(request);
  return LANGUAGES.find((l) => text.includes(`into ${l.name}`))!.code;
}

/** A model that writes descriptions and translates by tagging each value with the language. */
function translatingModel(options: { failLanguages?: string[]; failDescriptions?: boolean } = {}) {
  return (request: ChatRequest) => {
    const schema = schemaNameOf(request);
    if (schema === 'city_description' || schema === 'country_description') {
      if (options.failDescriptions) return { status: 500 };
      return { content: JSON.stringify({ description: 'A lively city of bridges, markets and museums.' }) };
    }
    if (schema === 'translation') {
      const code = targetOf(request);
      if (options.failLanguages?.includes(code)) return { status: 500 };
      const fields = JSON.parse(userText(request).slice(userText(request).indexOf('{'))) as Record<string, string>;
      return {
        content: JSON.stringify(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, `${v} [${code}]`]))),
      };
    }
    return { status: 400 };
  };
}

describe('Manage Cities with an AI model (a local Chat Completions server)', () => {
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
    await t.db.delete(cities);
    await t.db.delete(places);
    fake.requests.length = 0;
    fake.reply = translatingModel();
  });

  it('creates a city with the model’s description, translated into every language', async () => {
    await makePlace(t.db, { location: 'Paris', country: 'France' });
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Paris', country: 'France', imageUrl: '/media/web/a.jpg' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      city: { name: 'Paris', slug: 'paris', translatedLanguages: ['de', 'es', 'fr', 'zh'] },
      translatedLanguages: ['de', 'es', 'fr', 'zh'],
      nameOnlyLanguages: [],
      failedLanguages: [],
      message: 'Paris was created and translated into Spanish, German, French and Chinese.',
    });
    const [row] = await t.db.select().from(cities).where(eq(cities.slug, 'paris'));
    expect(row!.description).toBe('A lively city of bridges, markets and museums.');
    const stored = await t.db.select().from(cityTranslations).where(eq(cityTranslations.cityId, row!.id));
    expect(stored.map((r) => [r.languageCode, r.name, r.description]).sort()).toEqual([
      ['de', 'Paris [de]', 'A lively city of bridges, markets and museums. [de]'],
      ['es', 'Paris [es]', 'A lively city of bridges, markets and museums. [es]'],
      ['fr', 'Paris [fr]', 'A lively city of bridges, markets and museums. [fr]'],
      ['zh', 'Paris [zh]', 'A lively city of bridges, markets and museums. [zh]'],
    ]);
    // The public city page now speaks Spanish.
    const es = await t.app.inject({ method: 'GET', url: '/api/cities/by-slug/paris/translations/es' });
    expect(es.json()).toMatchObject({ name: 'Paris [es]' });
  });

  it('keeps the city when one language fails, and names that language', async () => {
    fake.reply = translatingModel({ failLanguages: ['zh'] });
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Lyon', country: 'France', imageUrl: '/media/web/a.jpg' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ failedLanguages: string[]; translatedLanguages: string[]; message: string }>();
    expect(body.failedLanguages).toEqual(['zh']);
    expect(body.translatedLanguages).toEqual(['de', 'es', 'fr']);
    expect(body.message).toContain('Lyon was created and translated into Spanish, German and French.');
    expect(body.message).toContain('could not be translated into Chinese');
    expect(await t.db.select().from(cityTranslations)).toHaveLength(3);
  });

  it('creates nothing and answers 502 when the model cannot write the description', async () => {
    fake.reply = translatingModel({ failDescriptions: true });
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Nice', country: 'France', imageUrl: '/media/web/a.jpg' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json<{ error: string }>().error).toMatch(
      /could not write a description for Nice.*Nothing was created/,
    );
    expect(await t.db.select().from(cities)).toHaveLength(0);
    expect(fake.requests.every((r) => schemaNameOf(r) === 'city_description')).toBe(true);
  });

  it('translates a renamed city again, replacing the old translations', async () => {
    const city = await makeCity(t.db, { name: 'Marseile', country: 'France', description: 'Old port.' });
    await makeCityTranslation(t.db, city.id, 'es', 'Marsella vieja');
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/cities/${city.id}`,
      payload: { name: 'Marseille', country: 'France', description: 'Old port.', imageUrl: city.imageUrl },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(
      'Marseille was updated and translated into Spanish, German, French and Chinese.',
    );
    const stored = await t.db.select().from(cityTranslations).where(eq(cityTranslations.cityId, city.id));
    expect(stored.map((r) => r.name).sort()).toEqual([
      'Marseille [de]',
      'Marseille [es]',
      'Marseille [fr]',
      'Marseille [zh]',
    ]);
  });

  it('does not call the model when only the image changes', async () => {
    const city = await makeCity(t.db, { name: 'Lille', country: 'France', description: 'Flemish squares.' });
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/cities/${city.id}`,
      payload: { name: 'Lille', country: 'France', description: 'Flemish squares.', imageUrl: '/media/web/new.jpg' },
    });
    expect(response.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(0);
  });
});
