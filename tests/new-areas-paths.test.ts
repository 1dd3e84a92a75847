import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionList } from '../src/shared/api/revisions';
import { cities, countries, translationJobs } from '../src/server/db/schema';
import { chatModel, startFakeChatCompletions, type FakeChatCompletions } from './helpers/fake-chat-completions';
import { makePlace, placeEdit } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';
import { FAST_JOBS, statuses, translatingModel, whenSettled } from './helpers/translation-jobs';

/**
 * Every way a place becomes published brings its city and country along (docs/product.md §18):
 * a restored revision and a place back from the trash, offline; and with an AI model, the pages'
 * descriptions and translations written by a queued job, as Add City's are.
 */
describe('cities and countries made by a restored revision and by the trash (offline)', () => {
  let t: TestApp;
  const cityNamed = async (name: string) => (await t.db.select().from(cities).where(eq(cities.name, name)))[0];
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({}, { newAreas: 'default', pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  it('restoring a version of a published place in another town makes that city and country (and keeps it published)', async () => {
    const place = await makePlace(t.db, { location: 'Porto', country: 'Portugal', state: 'published' });
    // moved to Coimbra while the setting was 'ask': nothing was made; its history keeps the Porto version
    await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newAreas: 'ask' } });
    const moved = await t.admin(placeEdit(place, { location: 'Coimbra' }));
    expect(moved.statusCode, moved.body).toBe(200);
    await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newAreas: 'create' } });
    expect(await cityNamed('Porto')).toBeUndefined();
    const list = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions` });
    const [inPorto] = list.json<RevisionList>().revisions;
    const restored = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${place.id}/revisions/${inPorto!.id}/restore`,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const { message } = restored.json<{ message: string }>();
    expect(message).toContain('It stays published');
    expect(message).toContain('Porto and Portugal have their own pages now');
    expect((await page('/de/porto')).statusCode).toBe(200);
    expect((await page('/de/portugal')).statusCode).toBe(200);
  });

  it('restoring the published version of a draft keeps it a draft and makes no page', async () => {
    const place = await makePlace(t.db, { location: 'Braga', country: 'Portugal', state: 'published' });
    const unpublished = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/unpublish` });
    expect(unpublished.statusCode).toBe(200);
    const list = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions` });
    const [published] = list.json<RevisionList>().revisions;
    const restored = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${place.id}/revisions/${published!.id}/restore`,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ message: string }>().message).toContain('It stays a draft');
    expect(await cityNamed('Braga')).toBeUndefined();
  });

  it('a published place back from the trash makes its city; a draft back from the trash makes none', async () => {
    const published = await makePlace(t.db, { location: 'Ghent', country: 'Belgium', state: 'published' });
    const draft = await makePlace(t.db, { location: 'Bruges', country: 'Belgium', state: 'draft' });
    for (const place of [published, draft]) {
      // deleted while the setting was 'ask': nothing was made for it
      await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newAreas: 'ask' } });
      expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` })).statusCode).toBe(200);
      await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newAreas: 'create' } });
      const back = await t.admin({ method: 'POST', url: `/api/admin/trash/place/${place.id}/restore` });
      expect(back.statusCode, back.body).toBe(200);
    }
    expect(await cityNamed('Ghent')).toMatchObject({ country: 'Belgium', slug: 'ghent', imageUrl: published.imageUrl });
    expect(await cityNamed('Bruges')).toBeUndefined();
    expect((await page('/fr/belgium')).statusCode).toBe(200);
  });
});

describe('cities and countries made with an AI model: descriptions and translations by a job, as for Add City', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    fake.reply = translatingModel();
    t = await createTestApp({ ai: chatModel(fake.baseUrl), translationJobs: FAST_JOBS }, { newAreas: 'default' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('publishing answers at once; the job writes the city’s and country’s descriptions and every translation, unreviewed', async () => {
    const place = await makePlace(t.db, { location: 'Lyon', country: 'France', state: 'draft' });
    const published = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/publish` });
    expect(published.statusCode).toBe(200);
    const [city] = await t.db.select().from(cities).where(eq(cities.name, 'Lyon'));
    const [country] = await t.db.select().from(countries).where(eq(countries.name, 'France'));
    expect(city).toMatchObject({ imageUrl: place.imageUrl });
    const jobs = await t.db.select().from(translationJobs);
    expect(jobs.map((job) => [job.entityType, job.describe]).sort()).toEqual([
      ['city', true],
      ['country', true],
    ]);

    for (const [kind, id] of [
      ['city', city!.id],
      ['country', country!.id],
    ] as const) {
      const settled = await whenSettled(t, kind, id);
      expect(settled.description).toBe('A lively place of bridges, markets and museums.');
      expect(statuses(settled)).toEqual(['current', 'current', 'current', 'current']);
    }
    const [written] = await t.db.select().from(cities).where(eq(cities.id, city!.id));
    expect(written!.reviewed).toBe(false);
    const es = await t.app.inject({ method: 'GET', url: '/api/cities/by-slug/lyon/translations/es' });
    expect(es.json()).toMatchObject({ name: 'Lyon [es]', reviewed: false, machineTranslated: true });
  });
});
