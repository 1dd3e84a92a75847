import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionCompare, RevisionList, RevisionRestored } from '../src/shared/api/revisions';
import type { PlaceContentDto } from '../src/shared/api/content-editor';
import { startFakeChatCompletions, type FakeChatCompletions, chatModel } from './helpers/fake-chat-completions';
import { makeCity, makeCountry, makePlace, makePlaceTranslation } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { FAST_JOBS, translatingModel } from './helpers/translation-jobs';

type Place = Awaited<ReturnType<typeof makePlace>>;

const editBody = (place: Place, title: string) => ({
  title,
  description: place.description,
  location: place.location,
  country: place.country,
  imageUrl: place.imageUrl,
  date: place.date,
});

describe('revisions with the offline writer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const history = async (collection: string, id: string) => {
    const response = await t.admin({ method: 'GET', url: `/api/admin/${collection}/${id}/revisions` });
    expect(response.statusCode).toBe(200);
    return response.json<RevisionList>().revisions;
  };

  it('edit a title twice, restore the first version: the page shows the first title and the history lists three revisions with their authors', async () => {
    const place = await makePlace(t.db, { title: 'Harbour at dawn' });
    for (const title of ['Harbour at noon', 'Harbour at night']) {
      const edit = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: editBody(place, title),
      });
      expect(edit.statusCode).toBe(200);
    }
    const before = await history('places', place.id);
    expect(before.map((r) => r.summary)).toEqual(['Title changed', 'Title changed']);
    const first = before[1]!; // the oldest: the place as it was before the first edit

    const compare = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions/${first.id}` });
    expect(compare.statusCode).toBe(200);
    const { then, now } = compare.json<RevisionCompare>();
    expect(then.find((f) => f.label === 'Title')?.text).toBe('Harbour at dawn');
    expect(now.find((f) => f.label === 'Title')?.text).toBe('Harbour at night');

    const restore = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${place.id}/revisions/${first.id}/restore`,
    });
    expect(restore.statusCode).toBe(200);
    expect(restore.json<RevisionRestored>().message).toMatch(/^Restored the version of /);

    const page = await t.app.inject({ method: 'GET', url: `/api/places/by-slug/${place.slug}/translations/en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Harbour at dawn');
    const after = await history('places', place.id);
    expect(after).toHaveLength(3);
    expect(after.map((r) => r.author)).toEqual(['person', 'person', 'person']);
    expect(after[0]!.summary).toMatch(/^Restored the version of /);
    // The newest revision keeps what the restore replaced.
    const replaced = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions/${after[0]!.id}` });
    expect(replaced.json<RevisionCompare>().then.find((f) => f.label === 'Title')?.text).toBe('Harbour at night');
  });

  it('names each version by the change that made it, not the one that replaced it', async () => {
    const place = await makePlace(t.db, { title: 'Quay', location: 'Lyon', country: 'France' });
    const put = (payload: object) => t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}`, payload });
    expect((await put(editBody(place, 'Quay at dusk'))).statusCode).toBe(200);
    expect((await put({ ...editBody(place, 'Quay at dusk'), location: 'Paris' })).statusCode).toBe(200);
    const [cityVersion, firstVersion] = await history('places', place.id);
    // The newer kept version holds Lyon: the title change made it, and the city change replaced it.
    const compare = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions/${cityVersion!.id}` });
    expect(compare.json<RevisionCompare>().then.find((f) => f.label === 'City')?.text).toBe('Lyon');
    expect(cityVersion!.madeBy).toMatchObject({ summary: 'Title changed', author: 'person' });
    expect(cityVersion!.summary).toBe('City changed');
    expect(cityVersion!.madeBy!.at).toBe(firstVersion!.createdAt);
    // The oldest kept version was made before any change still kept.
    expect(firstVersion!.madeBy).toBeNull();
  });

  it('a restore brings a German text back and marks it current with the restored English, and publishing is a revision too', async () => {
    const place = await makePlace(t.db, { title: 'Old bridge' });
    await makePlaceTranslation(t.db, place.id, 'de', { title: 'Alte Brücke', sourceVersion: 1 });
    const de = { title: 'Brücke', description: 'd', location: 'Paris', country: 'Frankreich' };
    expect(
      (await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/translations/de`, payload: de })).statusCode,
    ).toBe(200);
    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/unpublish` })).statusCode).toBe(200);
    const revisions = await history('places', place.id);
    expect(revisions.map((r) => r.summary)).toEqual(['Unpublished (draft)', 'German text changed']);

    const oldest = revisions[1]!;
    await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/revisions/${oldest.id}/restore` });
    const content = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/content` })
    ).json<PlaceContentDto>();
    const german = content.text.find((l) => l.languageCode === 'de')!;
    expect(german.content?.title).toBe('Alte Brücke');
    expect(german.status).toBe('current');
    const page = await t.app.inject({ method: 'GET', url: `/api/places/by-slug/${place.slug}/translations/en` });
    expect(page.statusCode).toBe(404); // still a draft: a restore never publishes (issue 38, item 8)
  });

  it('a city and a country keep their history and restore a name', async () => {
    const country = await makeCountry(t.db, { name: 'Norland' });
    const city = await makeCity(t.db, { name: 'Oldtown', country: 'Norland' });
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/cities/${city.id}`,
      payload: { name: 'Oldtown', country: 'Norland', description: 'A new description.', imageUrl: city.imageUrl },
    });
    expect(edit.statusCode).toBe(200);
    const cityHistory = await history('cities', city.id);
    expect(cityHistory.map((r) => r.summary)).toEqual(['Description changed']);
    const restore = await t.admin({
      method: 'POST',
      url: `/api/admin/cities/${city.id}/revisions/${cityHistory[0]!.id}/restore`,
    });
    expect(restore.statusCode).toBe(200);
    const cityPage = await t.app.inject({ method: 'GET', url: `/api/cities/by-slug/${city.slug}` });
    expect(cityPage.body).toContain(city.description);

    const countryEdit = await t.admin({
      method: 'PUT',
      url: `/api/admin/countries/${country.id}`,
      payload: { name: 'Norland', description: 'Fjords.', imageUrl: country.imageUrl },
    });
    expect(countryEdit.statusCode).toBe(200);
    expect((await history('countries', country.id)).map((r) => r.author)).toEqual(['person']);
  });

  it('an unknown place or version answers 404 and changes nothing', async () => {
    const place = await makePlace(t.db);
    expect((await t.admin({ method: 'GET', url: '/api/admin/places/nope/revisions' })).statusCode).toBe(404);
    const missing = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/revisions/999999/restore` });
    expect(missing.statusCode).toBe(404);
    expect(await history('places', place.id)).toEqual([]);
    const bad = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/revisions/abc/restore` });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps only the last 50 versions of a place', async () => {
    const place = await makePlace(t.db, { title: 'Lighthouse 0' });
    for (let i = 1; i <= 52; i++) {
      await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: editBody(place, `Lighthouse ${i}`),
      });
    }
    expect(await history('places', place.id)).toHaveLength(50);
  });
});

describe('revisions written by a model', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeChatCompletions(translatingModel());
    t = await createTestApp({
      ai: chatModel(fake.baseUrl),
      translationJobs: { ...FAST_JOBS, worker: false },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('a machine translation names the model that wrote it', async () => {
    const place = await makePlace(t.db, { title: 'Cathedral square' });
    const translate = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` });
    expect(translate.statusCode).toBe(200);
    const revisions = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions` })
    ).json<RevisionList>().revisions;
    expect(revisions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(revisions.map((r) => r.author))).toEqual(new Set(['test-model']));
    expect(revisions.map((r) => r.summary)).toContain('German translated by machine');
  });
});
