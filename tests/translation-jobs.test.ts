import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import type { DatabaseHandle } from '../src/server/db/client';
import { placeHistory, places, placeTranslations, translationFailures, translationJobs } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { makeHistory, makePlace, makePlaceTranslation } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';
import { openTestDatabase } from './helpers/test-database';
import { adminEntity, FAST_JOBS, statuses, targetOf, translatingModel, whenSettled } from './helpers/translation-jobs';

const GERMAN_TITLE = 'Eiffelturm in der Dämmerung';

/** A place translated into every language, German with its own title. */
async function translatedPlace(db: TestApp['db']) {
  const place = await makePlace(db, { title: 'Eiffel Tower at dusk', location: 'Paris', country: 'France' });
  for (const code of ['es', 'de', 'fr', 'zh']) {
    await makePlaceTranslation(db, place.id, code, code === 'de' ? { title: GERMAN_TITLE } : {});
  }
  return place;
}

const editBody = (place: Awaited<ReturnType<typeof translatedPlace>>, title: string) => ({
  title,
  description: place.description,
  location: place.location,
  country: place.country,
  imageUrl: place.imageUrl,
  date: place.date,
});

/** The <h1> of a server-rendered place page: its lang attribute (if any) and its text. */
function heroTitle(html: string) {
  const match = /<h1 class="hero-title"( lang="(\w+)")?>([^<]*)<\/h1>/.exec(html);
  return match && { lang: match[2], text: match[3] };
}

describe('translations as versions, with an AI model (a local Chat Completions server)', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp(
      { ai: chatModel(fake.baseUrl), translationJobs: FAST_JOBS },
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

  it('an edit of the English title keeps the German page German until the job has translated the new title', async () => {
    const place = await translatedPlace(t.db);
    // the first server render compiles the page code: done before the clock matters
    expect(heroTitle((await t.app.inject({ url: `/de/${place.slug}` })).body)?.text).toBe(GERMAN_TITLE);
    fake.reply = translatingModel({ delayMs: 2_000 });
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: editBody(place, 'Eiffel Tower at night'),
    });
    expect(edit.json()).toMatchObject({ outdatedTranslations: ['es', 'de', 'fr', 'zh'], translationQueued: true });

    // While the job runs: the badges say outdated, and the German page shows the German title,
    // marked German (no lang="en").
    expect(statuses(await adminEntity(t, 'place', place.id))).toEqual(['outdated', 'outdated', 'outdated', 'outdated']);
    const during = await t.app.inject({ url: `/de/${place.slug}` });
    expect(heroTitle(during.body)).toEqual({ lang: undefined, text: GERMAN_TITLE });
    expect(during.body).not.toContain('Eiffel Tower at night');

    const done = await whenSettled(t, 'place', place.id);
    expect(statuses(done)).toEqual(['current', 'current', 'current', 'current']);
    expect(done.translations.job).toMatchObject({ state: 'done', lastError: null });
    const after = await t.app.inject({ url: `/de/${place.slug}` });
    expect(heroTitle(after.body)).toEqual({ lang: undefined, text: 'Eiffel Tower at night [de]' });
    // The English page says what the administrator wrote.
    expect(heroTitle((await t.app.inject({ url: `/en/${place.slug}` })).body)?.text).toBe('Eiffel Tower at night');
  });

  it('also brings the history of translated languages up to date, and leaves missing languages to Translate', async () => {
    const place = await makePlace(t.db, { title: 'Pont Neuf' });
    await makePlaceTranslation(t.db, place.id, 'fr', { title: 'Pont-Neuf' });
    await makeHistory(t.db, place.id);
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: editBody(place, 'Pont Neuf, Paris'),
    });
    expect(edit.json()).toMatchObject({ outdatedTranslations: ['fr'], translationQueued: true });
    const done = await whenSettled(t, 'place', place.id);
    expect(statuses(done)).toEqual(['missing', 'missing', 'current', 'missing']);
    const [french] = await t.db
      .select()
      .from(placeHistory)
      .where(and(eq(placeHistory.placeId, place.id), eq(placeHistory.languageCode, 'fr')));
    expect(french!.events[0]).toEqual({ year: '1887', description: 'Construction begins. [fr]' });
    expect(fake.requests.every((r) => targetOf(r) === 'fr')).toBe(true);
  });

  it('stores a result made from text that changed meanwhile as outdated, and translates the newer text next', async () => {
    const place = await translatedPlace(t.db);
    fake.reply = translatingModel({ delayMs: 600 });
    await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}`, payload: editBody(place, 'Version two') });
    // The job is running (the model is answering slowly) when the title changes again.
    await expect
      .poll(async () => (await adminEntity(t, 'place', place.id)).translations.job?.state, { interval: 20 })
      .toBe('running');
    await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}`, payload: editBody(place, 'Version three') });

    const done = await whenSettled(t, 'place', place.id);
    expect(statuses(done)).toEqual(['current', 'current', 'current', 'current']);
    const [german] = await t.db
      .select()
      .from(placeTranslations)
      .where(and(eq(placeTranslations.placeId, place.id), eq(placeTranslations.languageCode, 'de')));
    expect(german).toMatchObject({ title: 'Version three [de]', sourceVersion: 3 });
    // Both texts went to the model, one after the other: the first result did not end the work.
    const titles = fake.requests
      .filter((r) => schemaNameOf(r) === 'translation')
      .map((r) => JSON.stringify(r.messages));
    expect(titles.some((m) => m.includes('Version two'))).toBe(true);
    expect(titles.some((m) => m.includes('Version three'))).toBe(true);
  });

  it('a failing model: the languages show failed with the reason, retries back off, visitors keep the old translation', async () => {
    const place = await translatedPlace(t.db);
    const germanCalls: number[] = [];
    fake.reply = (request) => {
      if (targetOf(request) === 'de') germanCalls.push(Date.now());
      return { status: 503 };
    };
    await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: editBody(place, 'Eiffel Tower by night'),
    });
    const done = await whenSettled(t, 'place', place.id);
    expect(statuses(done)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(done.translations.languages[1]!.reason).toBe(
      'The AI provider is not answering right now. Please try again in a few minutes.',
    );
    expect(done.translations.job).toMatchObject({ state: 'failed', attempts: FAST_JOBS.maxAttempts });
    expect(done.translations.job!.lastError).toMatch(/^Not translated into Spanish, German, French and Chinese: /);

    // Each attempt is one call and the provider's own two retries; the waits between attempts double (±20%).
    expect(germanCalls).toHaveLength(FAST_JOBS.maxAttempts * 3);
    const attemptStarts = germanCalls.filter((_, i) => i % 3 === 0);
    expect(attemptStarts[1]! - attemptStarts[0]!).toBeGreaterThanOrEqual(0.8 * FAST_JOBS.retryBaseMs - 10);
    expect(attemptStarts[2]! - attemptStarts[1]!).toBeGreaterThanOrEqual(0.8 * 2 * FAST_JOBS.retryBaseMs - 10);

    const german = await t.app.inject({ url: `/de/${place.slug}` });
    expect(heroTitle(german.body)).toEqual({ lang: undefined, text: GERMAN_TITLE });

    // Translate tries again at once, and this time the model answers.
    fake.reply = translatingModel();
    const translate = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` });
    expect(translate.json()).toMatchObject({ translatedLanguages: ['es', 'de', 'fr', 'zh'], failedLanguages: [] });
    const fixed = await adminEntity(t, 'place', place.id);
    expect(statuses(fixed)).toEqual(['current', 'current', 'current', 'current']);
    expect(await t.db.select().from(translationFailures).where(eq(translationFailures.entityId, place.id))).toEqual([]);
  });

  it('takes over a job whose worker died (its lock went stale)', async () => {
    const place = await translatedPlace(t.db);
    await t.db.update(places).set({ sourceVersion: 2 }).where(eq(places.id, place.id));
    await t.db.insert(translationJobs).values({
      entityType: 'place',
      entityId: place.id,
      state: 'running',
      attempts: 1,
      lockedBy: 'a-server-that-crashed',
      lockedAt: sql`now() - interval '1 hour'`,
    });
    const done = await whenSettled(t, 'place', place.id);
    expect(statuses(done)).toEqual(['current', 'current', 'current', 'current']);
  });

  it('a deleted place takes its job and its failures with it', async () => {
    const place = await translatedPlace(t.db);
    fake.reply = () => ({ status: 500 });
    await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}`, payload: editBody(place, 'Soon gone') });
    await whenSettled(t, 'place', place.id);
    expect(
      await t.db.select().from(translationFailures).where(eq(translationFailures.entityId, place.id)),
    ).toHaveLength(4);
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` })).statusCode).toBe(200);
    expect(await t.db.select().from(translationJobs).where(eq(translationJobs.entityId, place.id))).toEqual([]);
    expect(await t.db.select().from(translationFailures).where(eq(translationFailures.entityId, place.id))).toEqual([]);
  });
});

describe('a queued translation job across a restart', () => {
  let fake: FakeChatCompletions;
  let database: DatabaseHandle;
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    fake = await startFakeChatCompletions(translatingModel());
    database = await openTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'tp-jobs-'));
  });
  afterEach(async () => {
    // closing twice (a test may stop a server itself) is harmless
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
  });
  afterAll(async () => {
    await database?.close();
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(worker: boolean) {
    const config = testConfig({
      dataDir,
      adminPassword: TEST_PASSWORD,
      ai: chatModel(fake.baseUrl),
      translationJobs: { ...FAST_JOBS, worker },
    });
    const app = await buildApp(config, { database, loginDelayPerFailureMs: 0 });
    apps.push(app);
    const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_PASSWORD } });
    const cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
    const headers = { cookie, origin: config.publicUrl };
    return { app, headers };
  }

  it('is queued before the server stops and done after the next start', async () => {
    const place = await translatedPlace(database.db);
    // This server takes the edit but runs no worker (TRANSLATION_WORKER=off).
    const first = await start(false);
    const edit = await first.app.inject({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      headers: first.headers,
      payload: editBody(place, 'Eiffel Tower, restarted'),
    });
    expect(edit.json()).toMatchObject({ translationQueued: true });
    await first.app.close();
    const [queued] = await database.db.select().from(translationJobs).where(eq(translationJobs.entityId, place.id));
    expect(queued).toMatchObject({ state: 'queued', attempts: 0 });
    expect(fake.requests).toHaveLength(0);

    const second = await start(true);
    await expect
      .poll(
        async () =>
          (await database.db.select().from(translationJobs).where(eq(translationJobs.entityId, place.id)))[0]?.state,
        { timeout: 15_000, interval: 50 },
      )
      .toBe('done');
    const german = await second.app.inject({ url: `/api/places/by-slug/${place.slug}/translations/de` });
    expect(german.json()).toMatchObject({ title: 'Eiffel Tower, restarted [de]' });
  });
});
