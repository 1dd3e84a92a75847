import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryItemDto } from '../src/shared/api/admin-places';
import type { PlaceContentDto } from '../src/shared/api/content-editor';
import type { MergeResponse, PlaceMerges, ToPlaceResponse } from '../src/shared/api/place-merge';
import type { RevisionList } from '../src/shared/api/revisions';
import type { TrashList } from '../src/shared/api/trash';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { galleryImages, places, placeTranslations, revisions } from '../src/server/db/schema';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import type { AdminPlaceThemesDto } from '../src/shared/api/themes';
import { suggestThemes } from '../src/server/services/themes';
import {
  chatModel,
  schemaNameOf,
  startFakeChatCompletions,
  type FakeChatCompletions,
} from './helpers/fake-chat-completions';
import { unreferencedFiles } from './helpers/media-files';
import { multipart, uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

const PERGOLA = { latitude: 40.41168, longitude: -3.68722 };
const NEXT_TO_IT = { latitude: 40.41178, longitude: -3.68732 };

interface Uploaded {
  id: string;
  slug: string;
  title: string;
}

describe('merging two places and splitting a gallery photo off', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const merge = (id: string, payload: object) =>
    t.admin({ method: 'POST', url: `/api/admin/places/${id}/merge`, payload });
  const gallery = async (id: string) =>
    (await t.admin({ method: 'GET', url: `/api/admin/places/${id}/gallery` })).json<GalleryItemDto[]>();
  const content = async (id: string) =>
    (await t.admin({ method: 'GET', url: `/api/admin/places/${id}/content` })).json<PlaceContentDto>();
  const textIn = (c: PlaceContentDto, lang: string) => c.text.find((l) => l.languageCode === lang);

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    const published = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'publish' } });
    expect(published.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  async function upload(gps: { latitude: number; longitude: number }, seed: number, dateTaken: string) {
    const response = await t.admin(uploadRequest(await makePhoto({ gps, seed, dateTaken })));
    expect(response.statusCode).toBe(200);
    const { id, slug } = response.json<{ place: Uploaded }>().place;
    const [row] = await t.db.select({ title: places.title }).from(places).where(eq(places.id, id));
    return { id, slug, title: row!.title };
  }

  async function addGalleryPhoto(placeId: string, seed: number) {
    const body = multipart([
      { name: 'image', filename: 'more.jpg', contentType: 'image/jpeg', data: await makePhoto({ seed }) },
    ]);
    const response = await t.admin({ method: 'POST', url: `/api/admin/places/${placeId}/gallery`, ...body });
    expect(response.statusCode).toBe(201);
    return response.json<GalleryItemDto>();
  }

  const put = (url: string, payload: object) => t.admin({ method: 'PUT', url, payload });

  /** Two photos of one pergola, uploaded as two places, each with texts of its own. */
  async function twoPlaces(seed: number) {
    const source = await upload(PERGOLA, seed, '2015:04:10 10:00:00');
    const target = await upload(NEXT_TO_IT, seed + 1, '2015:04:10 10:05:00');
    const sourcePhoto = await addGalleryPhoto(source.id, seed + 2);
    // German: the source's by hand, the target's by machine -> the person's wins.
    const byHand = { title: 'Die Pergola', description: 'Blühend.', location: 'Madrid', country: 'Spanien' };
    expect((await put(`/api/admin/places/${source.id}/translations/de`, byHand)).statusCode).toBe(200);
    await makePlaceTranslation(t.db, target.id, 'de', { title: 'Maschinentitel', origin: 'machine' });
    // Spanish: only the source has it -> the target takes it.
    await makePlaceTranslation(t.db, source.id, 'es', { title: 'La pérgola', origin: 'machine' });
    // French: the target's by hand, the source's by machine -> the target keeps its own.
    await makePlaceTranslation(t.db, source.id, 'fr', { title: 'Titre machine', origin: 'machine' });
    const french = { title: 'La pergola fleurie', description: 'En fleurs.', location: 'Madrid', country: 'Espagne' };
    expect((await put(`/api/admin/places/${target.id}/translations/fr`, french)).statusCode).toBe(200);
    const sourceEvents = [{ year: '1900', description: 'The pergola is built.' }];
    const targetEvents = [{ year: '1950', description: 'The garden opens.' }];
    expect((await put(`/api/admin/places/${source.id}/history/en`, { events: sourceEvents })).statusCode).toBe(200);
    expect((await put(`/api/admin/places/${target.id}/history/en`, { events: targetEvents })).statusCode).toBe(200);
    const facts = [{ question: 'What flowers here?', answer: 'Wisteria.' }];
    expect((await put(`/api/admin/places/${source.id}/facts/en`, { facts })).statusCode).toBe(200);
    return { source, target, sourcePhoto, sourceEvents, targetEvents, facts };
  }

  it('merges a place into another: one remains with its photos and texts, its addresses answer 301, undo restores both', async () => {
    const { source, target, sourcePhoto, sourceEvents, targetEvents, facts } = await twoPlaces(1);
    // a cached copy of the merged place's page must not outlive the merge
    expect((await get(`/en/${source.slug}`)).statusCode).toBe(200);
    const targetGalleryBefore = await gallery(target.id);
    const targetContentBefore = await content(target.id);

    const response = await merge(source.id, { into: target.id, keep: { history: 'source' } });
    expect(response.statusCode).toBe(200);
    const merged = response.json<MergeResponse>();
    expect(merged.place.id).toBe(target.id);
    expect(merged.message).toContain(source.title);

    // one remains
    expect(await t.db.select().from(places).where(eq(places.id, source.id))).toHaveLength(0);
    expect((await get(`/api/places/by-slug/${target.slug}/translations/en`)).statusCode).toBe(200);
    // the merged place's address answers 301 to the target in every language
    for (const lang of LANGUAGE_CODES) {
      const moved = await get(`/${lang}/${source.slug}`);
      expect(moved.statusCode, lang).toBe(301);
      expect(moved.headers.location).toBe(`/${lang}/${target.slug}`);
    }
    // its photo and its gallery are the target's gallery now, and every file is still served
    const after = await gallery(target.id);
    const urls = after.map((g) => g.imageUrl);
    expect(urls).toContain(sourcePhoto.imageUrl);
    expect(after).toHaveLength(targetGalleryBefore.length + 2);
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    const cover = after.find((g) => g.imageUrl !== sourcePhoto.imageUrl)!;
    expect(cover.texts.find((x) => x.languageCode === 'en')?.caption).toBe(source.title);
    // texts: a person's German wins over the machine's, the missing Spanish comes, the target's French stays
    const mergedContent = await content(target.id);
    expect(textIn(mergedContent, 'de')?.content?.title).toBe('Die Pergola');
    expect(textIn(mergedContent, 'de')?.origin).toBe('person');
    expect(textIn(mergedContent, 'es')?.content?.title).toBe('La pérgola');
    expect(textIn(mergedContent, 'fr')?.content?.title).toBe('La pergola fleurie');
    expect(textIn(mergedContent, 'en')?.content?.title).toBe(target.title);
    // history as chosen (the merged place's); trivia the target lacked
    const history = mergedContent.history.find((l) => l.languageCode === 'en')?.content;
    expect(history).toEqual(sourceEvents);
    expect(mergedContent.facts.find((l) => l.languageCode === 'en')?.content).toEqual(facts);
    // one revision of the target, listed as a merge that can be undone
    const history1 = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${target.id}/revisions` })
    ).json<RevisionList>();
    expect(history1.revisions[0]!.summary).toBe(`Merged “${source.title}” into this place`);
    const merges = (await t.admin({ method: 'GET', url: `/api/admin/places/${target.id}/merges` })).json<PlaceMerges>();
    expect(merges.merges).toEqual([
      expect.objectContaining({
        sourceId: source.id,
        sourceTitle: source.title,
        revisionId: history1.revisions[0]!.id,
      }),
    ]);
    expect(await unreferencedFiles(t.db, join(t.dataDir, 'media'))).toEqual([]);
    // the merged place's photo uploaded again answers with the place that remains
    const again = await t.admin(
      uploadRequest(await makePhoto({ gps: PERGOLA, seed: 1, dateTaken: '2015:04:10 10:00:00' })),
    );
    expect(again.json<{ duplicate: boolean; place: { id: string } }>()).toMatchObject({
      duplicate: true,
      place: { id: target.id },
    });

    // undo: both places as they were
    const undo = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${target.id}/merges/${source.id}/undo`,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json<{ message: string }>().message).toContain('Merge undone');
    for (const lang of LANGUAGE_CODES) expect((await get(`/${lang}/${source.slug}`)).statusCode, lang).toBe(200);
    expect((await gallery(source.id)).map((g) => g.id)).toEqual([sourcePhoto.id]);
    expect((await gallery(target.id)).map((g) => g.id)).toEqual(targetGalleryBefore.map((g) => g.id));
    const sourceContent = await content(source.id);
    expect(textIn(sourceContent, 'de')?.content?.title).toBe('Die Pergola');
    expect(sourceContent.history.find((l) => l.languageCode === 'en')?.content).toEqual(sourceEvents);
    const targetContent = await content(target.id);
    expect(textIn(targetContent, 'de')?.content?.title).toBe('Maschinentitel');
    expect(textIn(targetContent, 'es')?.content ?? null).toBeNull();
    expect(targetContent.history.find((l) => l.languageCode === 'en')?.content).toEqual(targetEvents);
    expect(targetContent.facts).toEqual(targetContentBefore.facts);
    // the merged place's own photo is its cover again, served
    const english = (await get(`/api/places/by-slug/${source.slug}/translations/en`)).json<{ imageUrl: string }>();
    expect((await get(english.imageUrl)).statusCode).toBe(200);
    // its own history came back with it
    const sourceHistory = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${source.id}/revisions` })
    ).json<RevisionList>();
    expect(sourceHistory.revisions.length).toBeGreaterThan(0);
    expect(
      (await t.admin({ method: 'GET', url: `/api/admin/places/${target.id}/merges` })).json<PlaceMerges>().merges,
    ).toEqual([]);
    expect(await unreferencedFiles(t.db, join(t.dataDir, 'media'))).toEqual([]);
  });

  it('gives the target the merged place’s themes where no person chose its own, up to three; undo puts both back', async () => {
    const themesOf = async (id: string) =>
      (await t.admin({ method: 'GET', url: `/api/admin/places/${id}/themes` })).json<AdminPlaceThemesDto>().themes;
    const choose = async (id: string, themes: string[]) =>
      expect((await put(`/api/admin/places/${id}/themes`, { themes })).statusCode).toBe(200);
    const suggest = (id: string, themes: string[]) =>
      t.db.transaction((tx) => suggestThemes(tx, id, themes, 'offline'));
    const undo = (target: string, source: string) =>
      t.admin({ method: 'POST', url: `/api/admin/places/${target}/merges/${source}/undo` });

    // The target has a machine's suggestion only: it keeps it and gains the merged place's (a person's) up to three.
    const target = await makePlace(t.db, { title: 'Retiro' });
    const source = await makePlace(t.db, { title: 'Retiro pergola' });
    await suggest(target.id, ['gardens']);
    await choose(source.id, ['castles', 'gardens', 'monuments']);
    expect((await merge(source.id, { into: target.id })).statusCode).toBe(200);
    expect(await themesOf(target.id)).toEqual([
      { id: 'gardens', origin: 'suggested', suggestedBy: 'offline' },
      { id: 'castles', origin: 'person', suggestedBy: null },
      { id: 'monuments', origin: 'person', suggestedBy: null },
    ]);
    const publicThemes = await get(`/api/places/${target.id}/themes?languageCode=en`);
    expect(publicThemes.json<Array<{ id: string }>>().map((theme) => theme.id)).toEqual([
      'gardens',
      'castles',
      'monuments',
    ]);
    expect((await undo(target.id, source.id)).statusCode).toBe(200);
    expect(await themesOf(target.id)).toEqual([{ id: 'gardens', origin: 'suggested', suggestedBy: 'offline' }]);
    expect((await themesOf(source.id)).map((theme) => theme.id)).toEqual(['castles', 'gardens', 'monuments']);

    // A target without themes takes the merged place's suggestions as suggestions.
    const bare = await makePlace(t.db, { title: 'Atocha' });
    const suggested = await makePlace(t.db, { title: 'Atocha garden' });
    await suggest(suggested.id, ['gardens', 'modern']);
    expect((await merge(suggested.id, { into: bare.id })).statusCode).toBe(200);
    expect(await themesOf(bare.id)).toEqual([
      { id: 'gardens', origin: 'suggested', suggestedBy: 'offline' },
      { id: 'modern', origin: 'suggested', suggestedBy: 'offline' },
    ]);
    expect((await undo(bare.id, suggested.id)).statusCode).toBe(200);
    expect(await themesOf(bare.id)).toEqual([]);

    // A person's choice for the target stays exactly as chosen.
    const chosen = await makePlace(t.db, { title: 'Cibeles' });
    const other = await makePlace(t.db, { title: 'Cibeles fountain' });
    await choose(chosen.id, ['monuments']);
    await choose(other.id, ['water', 'castles']);
    expect((await merge(other.id, { into: chosen.id })).statusCode).toBe(200);
    expect(await themesOf(chosen.id)).toEqual([{ id: 'monuments', origin: 'person', suggestedBy: null }]);
  });

  it('a merged place waits in the Trash as "Merged into"; restoring it there undoes the merge', async () => {
    const { source, target } = await twoPlaces(20);
    expect((await merge(source.id, { into: target.id })).statusCode).toBe(200);
    const items = (await t.admin({ method: 'GET', url: '/api/admin/trash' })).json<TrashList>().items;
    const item = items.find((i) => i.id === source.id)!;
    expect(item.subtitle).toBe(`Merged into “${target.title}”`);
    const restored = await t.admin({ method: 'POST', url: `/api/admin/trash/place/${source.id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect((await get(`/en/${source.slug}`)).statusCode).toBe(200);
    expect((await get(`/en/${target.slug}`)).statusCode).toBe(200);
  });

  it('refuses a merge into itself, into a missing place or into one in the Trash, and changes nothing', async () => {
    const a = await makePlace(t.db, { title: 'Lonely bench' });
    const trashed = await makePlace(t.db, { title: 'Old fountain' });
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${trashed.id}` })).statusCode).toBe(200);
    const state = async () => ({
      places: (await t.db.select({ n: count() }).from(places))[0]!.n,
      gallery: (await t.db.select({ n: count() }).from(galleryImages))[0]!.n,
      translations: (await t.db.select({ n: count() }).from(placeTranslations))[0]!.n,
      revisions: (await t.db.select({ n: count() }).from(revisions))[0]!.n,
    });
    const before = await state();
    const itself = await merge(a.id, { into: a.id });
    expect(itself.statusCode).toBe(400);
    expect(itself.json<{ error: string }>().error).toContain('itself');
    const missing = await merge(a.id, { into: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: string }>().error).toContain('not found');
    const notAnId = await merge(a.id, { into: 'nope' });
    expect(notAnId.statusCode).toBe(404);
    const inTrash = await merge(a.id, { into: trashed.id });
    expect(inTrash.statusCode).toBe(409);
    expect(inTrash.json<{ error: string }>().error).toBe(
      '“Old fountain” is in the Trash. Restore it from Trash first, then merge.',
    );
    const fromTrash = await merge(trashed.id, { into: a.id });
    expect(fromTrash.statusCode).toBe(409);
    expect((await merge(a.id, {})).statusCode).toBe(400);
    const undoNothing = await t.admin({ method: 'POST', url: `/api/admin/places/${a.id}/merges/${trashed.id}/undo` });
    expect(undoNothing.statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('makes a gallery photo with a stored position its own place; one without a position is refused plainly', async () => {
    const { source, target } = await twoPlaces(40);
    expect((await merge(source.id, { into: target.id })).statusCode).toBe(200);
    const positioned = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${target.id}/gallery/positioned` })
    ).json<{ imageIds: string[] }>().imageIds;
    expect(positioned).toHaveLength(1);
    const [photoId] = positioned;
    const others = (await gallery(target.id)).filter((g) => g.id !== photoId);

    const split = await t.admin({ method: 'POST', url: `/api/admin/gallery/${photoId}/to-place` });
    expect(split.statusCode).toBe(200);
    const made = split.json<ToPlaceResponse>();
    expect(made.place.state).toBe('published');
    const [row] = await t.db.select().from(places).where(eq(places.id, made.place.id));
    expect(row!.latitude).toBeCloseTo(PERGOLA.latitude, 4);
    expect(row!.longitude).toBeCloseTo(PERGOLA.longitude, 4);
    expect(row!.location).toBe('Madrid');
    expect(row!.date).toBe('2015-04-10');
    expect(row!.description.length).toBeGreaterThan(0);
    expect((await get(`/en/${made.place.slug}`)).statusCode).toBe(200);
    expect((await get(row!.imageUrl)).statusCode).toBe(200);
    expect((await gallery(target.id)).map((g) => g.id)).toEqual(others.map((g) => g.id));
    // the same photo uploaded again answers with its new place
    expect(await unreferencedFiles(t.db, join(t.dataDir, 'media'))).toEqual([]);

    const noPosition = others[0]!;
    const refused = await t.admin({ method: 'POST', url: `/api/admin/gallery/${noPosition.id}/to-place` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: string }>().error).toContain('no stored position');
    expect((await t.admin({ method: 'POST', url: '/api/admin/gallery/nope/to-place' })).statusCode).toBe(404);
  });
});

describe('a gallery photo made its own place with an AI model', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await createTestApp({ ai: chatModel(fake.baseUrl, 'test-vision') });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the stored photo to the model and writes the place with its texts', async () => {
    let title = 'First pergola';
    const photos: string[] = [];
    fake.reply = (request) => {
      expect(schemaNameOf(request)).toBe('image_analysis');
      photos.push(JSON.stringify(request).includes('data:image/jpeg;base64,/9j/') ? 'jpeg' : 'none');
      return {
        content: JSON.stringify({
          title,
          summary: `${title} in flower.`,
          travelArticle: 'Wisteria over the path.',
          imageDescription: 'A pergola.',
          placeName: 'Pergola',
        }),
      };
    };
    const ids: string[] = [];
    for (const [seed, gps] of [
      [60, PERGOLA],
      [61, NEXT_TO_IT],
    ] as const) {
      const response = await t.admin(uploadRequest(await makePhoto({ gps, seed })));
      expect(response.statusCode).toBe(200);
      ids.push(response.json<{ place: { id: string } }>().place.id);
      title = 'Second pergola';
    }
    expect(
      (await t.admin({ method: 'POST', url: `/api/admin/places/${ids[0]}/merge`, payload: { into: ids[1] } }))
        .statusCode,
    ).toBe(200);
    const [photoId] = (await t.admin({ method: 'GET', url: `/api/admin/places/${ids[1]}/gallery/positioned` })).json<{
      imageIds: string[];
    }>().imageIds;
    title = 'Pergola on its own';
    const split = await t.admin({ method: 'POST', url: `/api/admin/gallery/${photoId}/to-place` });
    expect(split.statusCode).toBe(200);
    const made = split.json<ToPlaceResponse>();
    expect(made.aiWarning).toBeNull();
    expect(made.place.title).toBe('Pergola on its own');
    const [row] = await t.db.select().from(places).where(eq(places.id, made.place.id));
    expect(row).toMatchObject({
      description: 'Pergola on its own in flower.',
      fullDescription: 'Wisteria over the path.',
    });
    expect(photos).toEqual(['jpeg', 'jpeg', 'jpeg']);
  });
});
