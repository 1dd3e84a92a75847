import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cities, cityTranslations, places, translationJobs } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { makeCity, makeCityTranslation, makePlace } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { FAST_JOBS, statuses, targetOf, translatingModel, whenSettled } from './helpers/translation-jobs';
import { fakeTranslation } from './helpers/fake-translation';

describe('Manage Cities with an AI model (a local Chat Completions server)', () => {
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
    await t.db.delete(cities);
    await t.db.delete(places);
    fake.requests.length = 0;
    fake.reply = translatingModel();
  });

  it('creates the city at once, then a job writes its description and translates it into every language', async () => {
    await makePlace(t.db, { location: 'Paris', country: 'France' });
    // A slow model: the create does not wait for it.
    fake.reply = translatingModel({ delayMs: 1_500 });
    const started = performance.now();
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Paris', country: 'France', imageUrl: '/media/web/a.jpg' },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(response.statusCode).toBe(201);
    const body = response.json<{
      city: { id: string; description: string };
      translationQueued: boolean;
      message: string;
    }>();
    expect(body).toMatchObject({ city: { description: '' }, translationQueued: true });
    expect(body.message).toBe(
      "Paris was created. Its description is being written and translated into Spanish, German, French and Chinese; each language's badge shows when it is ready.",
    );

    const city = await whenSettled(t, 'city', body.city.id);
    expect(city.description).toBe('A lively place of bridges, markets and museums.');
    expect(statuses(city)).toEqual(['current', 'current', 'current', 'current']);
    expect(city.translations.job).toMatchObject({ state: 'done' });
    const stored = await t.db.select().from(cityTranslations).where(eq(cityTranslations.cityId, city.id));
    expect(stored.map((r) => [r.languageCode, r.name, r.description]).sort()).toEqual([
      ...['de', 'es', 'fr', 'zh'].map((lang) => [
        lang,
        `Paris [${lang}]`,
        fakeTranslation('A lively place of bridges, markets and museums.', lang),
      ]),
    ]);
    // The public city page now speaks Spanish.
    const es = await t.app.inject({ method: 'GET', url: '/api/cities/by-slug/paris/translations/es' });
    expect(es.json()).toMatchObject({ name: 'Paris [es]' });
  });

  it('keeps the city when one language fails, shows why on that language, and retries it with backoff', async () => {
    fake.reply = translatingModel({ failLanguages: ['zh'] });
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Lyon', country: 'France', imageUrl: '/media/web/a.jpg' },
    });
    expect(response.statusCode).toBe(201);
    const city = await whenSettled(t, 'city', response.json<{ city: { id: string } }>().city.id);
    expect(statuses(city)).toEqual(['current', 'current', 'current', 'failed']);
    expect(city.translations.languages[3]!.reason).toBe(
      'The AI provider is not answering right now. Please try again in a few minutes.',
    );
    // Three attempts (FAST_JOBS.maxAttempts), Chinese each time: then the job gives up.
    expect(city.translations.job).toMatchObject({ state: 'failed', attempts: 3 });
    const chinese = fake.requests.filter((r) => schemaNameOf(r) === 'translation' && targetOf(r) === 'zh');
    expect(chinese).toHaveLength(3 * 3); // the provider itself tries a failing (5xx) call three times
    expect(await t.db.select().from(cityTranslations)).toHaveLength(3);
  });

  it('creates the city even when the model cannot write its description, and says why on every language', async () => {
    fake.reply = translatingModel({ failDescriptions: true });
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Nice', country: 'France', imageUrl: '/media/web/a.jpg' },
    });
    expect(response.statusCode).toBe(201);
    const city = await whenSettled(t, 'city', response.json<{ city: { id: string } }>().city.id);
    expect(city.description).toBe('');
    expect(statuses(city)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(city.translations.languages[0]!.reason).toMatch(/^The description could not be written\./);
    expect(city.translations.job).toMatchObject({ state: 'failed' });
    expect(fake.requests.every((r) => schemaNameOf(r) === 'city_description')).toBe(true);
  });

  it('keeps the translations of a renamed city (outdated) until the job has written the new ones', async () => {
    const city = await makeCity(t.db, { name: 'Marseile', country: 'France', description: 'Old port.' });
    await makeCityTranslation(t.db, city.id, 'es', 'Marsella');
    fake.reply = translatingModel({ delayMs: 1_000 });
    const started = performance.now();
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/cities/${city.id}`,
      payload: { name: 'Marseille', country: 'France', description: 'Old port.', imageUrl: city.imageUrl },
    });
    expect(performance.now() - started).toBeLessThan(800);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outdatedLanguages: ['es'],
      translationQueued: true,
      message:
        'Marseille was updated and is being translated again. The Spanish translation is kept and shown until its new version is ready.',
    });
    // Meanwhile Spanish visitors read the Spanish name they had.
    const before = await t.app.inject({ url: `/api/cities/by-slug/${city.slug}/translations/es` });
    expect(before.json()).toMatchObject({ name: 'Marsella', englishFields: [] });

    const done = await whenSettled(t, 'city', city.id);
    expect(statuses(done)).toEqual(['current', 'current', 'current', 'current']);
    const stored = await t.db.select().from(cityTranslations).where(eq(cityTranslations.cityId, city.id));
    expect(stored.map((r) => r.name).sort()).toEqual([
      'Marseille [de]',
      'Marseille [es]',
      'Marseille [fr]',
      'Marseille [zh]',
    ]);
  });

  it('neither calls the model nor queues anything when only the image changes', async () => {
    const city = await makeCity(t.db, { name: 'Lille', country: 'France', description: 'Flemish squares.' });
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/cities/${city.id}`,
      payload: { name: 'Lille', country: 'France', description: 'Flemish squares.', imageUrl: '/media/web/new.jpg' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ translationQueued: false, message: 'Lille was updated.' });
    expect(await t.db.select().from(translationJobs).where(eq(translationJobs.entityId, city.id))).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});
