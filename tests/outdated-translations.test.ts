import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPlaceDto } from '../src/shared/api/admin-places';
import type { DashboardDto } from '../src/shared/api/review';
import { chatModel, startFakeChatCompletions, type FakeChatCompletions } from './helpers/fake-chat-completions';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { FAST_JOBS, statuses, translatingModel, whenSettled } from './helpers/translation-jobs';

const GERMAN = {
  title: 'Die Brücke am Abend',
  description: 'Steinbögen über dem Fluss, im letzten Licht.',
  location: 'Paris',
  country: 'Frankreich',
};

/**
 * Edit Places' "Outdated translations" and the dashboard's count read a list the database keeps
 * as translations and English texts are written (migration 0018): every way a place's translation
 * becomes outdated or current must move it, or the filter would show a stale list.
 */
function outdatedList(t: () => TestApp) {
  return {
    /** The titles Edit Places shows under "Outdated translations". */
    async titles() {
      const response = await t().admin({
        method: 'GET',
        url: '/api/admin/places-with-translations?translations=outdated',
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<AdminPlaceDto[]>()
        .map((place) => place.title)
        .sort();
    },
    /** The dashboard's "outdated translations" figure. */
    async count() {
      const response = await t().admin({ method: 'GET', url: '/api/admin/dashboard' });
      expect(response.statusCode).toBe(200);
      return response.json<DashboardDto>().outdatedTranslations;
    },
  };
}

/** A place translated into every language by the model, all current. */
async function translatedPlace(t: TestApp, title: string) {
  const place = await makePlace(t.db, { title, location: 'Paris', country: 'France' });
  for (const code of ['es', 'de', 'fr', 'zh']) await makePlaceTranslation(t.db, place.id, code);
  return place;
}

const englishEdit = (place: Awaited<ReturnType<typeof translatedPlace>>, title: string) => ({
  title,
  description: place.description,
  location: place.location,
  country: place.country,
  imageUrl: place.imageUrl,
  date: place.date,
});

describe('outdated translations with a model, translated on request', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  const outdated = outdatedList(() => t);

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp({ ai: chatModel(fake.baseUrl), translationJobs: { ...FAST_JOBS, worker: false } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reply = translatingModel();
  });

  it('lists a place from the English edit on, until Translate and a person’s German bring every language up to date', async () => {
    const place = await translatedPlace(t, 'Pont Neuf');
    await translatedPlace(t, 'Louvre');
    expect(await outdated.titles()).toEqual([]);
    expect(await outdated.count()).toBe(0);

    // A person writes the German; then the English changes: every language is behind it.
    expect(
      (await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/translations/de`, payload: GERMAN }))
        .statusCode,
    ).toBe(200);
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: englishEdit(place, 'Pont Neuf at night'),
    });
    expect(edit.statusCode).toBe(200);
    expect(await outdated.titles()).toEqual(['Pont Neuf at night']);
    expect(await outdated.count()).toBe(1);

    // Translate writes Spanish, French and Chinese; the person's German is kept, still outdated.
    const translate = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` });
    expect(translate.statusCode).toBe(200);
    expect(await outdated.titles()).toEqual(['Pont Neuf at night']);

    // The person brings the German up to date: nothing is outdated any more.
    const german = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/de`,
      payload: { ...GERMAN, title: 'Die Brücke bei Nacht' },
    });
    expect(german.statusCode).toBe(200);
    expect(await outdated.titles()).toEqual([]);
    expect(await outdated.count()).toBe(0);
  });

  it('lists a place whose English is edited on the editor’s desk', async () => {
    const place = await translatedPlace(t, 'Sainte-Chapelle');
    const english = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/translations/en`,
      payload: {
        title: 'Sainte-Chapelle in the morning',
        description: place.description,
        location: 'Paris',
        country: 'France',
      },
    });
    expect(english.statusCode).toBe(200);
    expect(await outdated.titles()).toEqual(['Sainte-Chapelle in the morning']);
    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` })).statusCode).toBe(200);
    expect(await outdated.titles()).toEqual([]);
  });

  it('drops a deleted place from the list, and lists it again when it comes back from the trash', async () => {
    const place = await translatedPlace(t, 'Conciergerie');
    await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: englishEdit(place, 'Conciergerie by the Seine'),
    });
    expect(await outdated.titles()).toEqual(['Conciergerie by the Seine']);

    expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` })).statusCode).toBe(200);
    expect(await outdated.titles()).toEqual([]);
    expect(await outdated.count()).toBe(0);

    const restored = await t.admin({ method: 'POST', url: `/api/admin/trash/place/${place.id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect(await outdated.titles()).toEqual(['Conciergerie by the Seine']);
    expect(await outdated.count()).toBe(1);
  });
});

describe('outdated translations with a model and the translation queue', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  const outdated = outdatedList(() => t);

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp({ ai: chatModel(fake.baseUrl), translationJobs: FAST_JOBS });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('lists a place while its job translates the new English, and no longer once the job is done', async () => {
    const place = await translatedPlace(t, 'Notre-Dame');
    fake.reply = translatingModel({ delayMs: 1_500 });
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: englishEdit(place, 'Notre-Dame at dawn'),
    });
    expect(edit.json()).toMatchObject({ translationQueued: true });
    expect(await outdated.titles()).toEqual(['Notre-Dame at dawn']);
    expect(await outdated.count()).toBe(1);

    const done = await whenSettled(t, 'place', place.id);
    expect(statuses(done)).toEqual(['current', 'current', 'current', 'current']);
    expect(await outdated.titles()).toEqual([]);
    expect(await outdated.count()).toBe(0);
  });
});
