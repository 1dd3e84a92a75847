import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GalleryItemDto } from '../src/shared/api/admin-places';
import type { GalleryImageDto } from '../src/shared/api/public';
import { galleryImages, galleryImageTexts } from '../src/server/db/schema';
import { startFakeChatCompletions, type FakeChatCompletions, chatModel } from './helpers/fake-chat-completions';
import { makeGalleryImage, makePlace, makePlaceTranslation, placeEdit } from './helpers/factories';
import { languageOfText, sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';
import { FAST_JOBS, translatingModel, whenSettled } from './helpers/translation-jobs';
import { fakeTranslation } from './helpers/fake-translation';

/** The schema.org ImageObjects of a place page's Article JSON-LD, in order. */
function imageObjects(html: string): Array<{ url: string; caption?: string; description?: string }> {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)) {
    const data = JSON.parse(json!) as { '@type': string; image?: unknown[] };
    if (data['@type'] === 'Article') {
      return (data.image ?? []).filter((image): image is { url: string } => typeof image === 'object');
    }
  }
  throw new Error('the page has no Article JSON-LD');
}

/** A gallery photo at a known place in its gallery's order. */
async function photoAt(t: TestApp, placeId: string, position: number) {
  const photo = await makeGalleryImage(t.db, placeId);
  await t.db.update(galleryImages).set({ position }).where(eq(galleryImages.id, photo.id));
  return { ...photo, position };
}

async function placeWithTwoPhotos(t: TestApp) {
  const place = await makePlace(t.db, { title: 'Belém Tower' });
  return { place, first: await photoAt(t, place.id, 1), second: await photoAt(t, place.id, 2) };
}

describe('photos described one by one', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const saveTexts = (imageId: string, lang: string, payload: Record<string, unknown>) =>
    t.admin({ method: 'PUT', url: `/api/admin/gallery/${imageId}/texts/${lang}`, payload });
  const publicGallery = async (placeId: string, lang: string) =>
    (await t.app.inject({ url: `/api/places/${placeId}/gallery?languageCode=${lang}` })).json<GalleryImageDto[]>();

  it('gives two photos of one place their own alt text and caption, in the page’s language, else English', async () => {
    const { place, first, second } = await placeWithTwoPhotos(t);
    const tower = { caption: 'The tower from the river', alt: 'A white stone tower standing in the water' };
    const cloister = { caption: 'The cloister at noon', alt: 'Carved stone arches around a sunny courtyard' };
    expect((await saveTexts(first.id, 'en', tower)).statusCode).toBe(200);
    expect((await saveTexts(second.id, 'en', cloister)).statusCode).toBe(200);
    const german = { caption: 'Der Turm vom Fluss aus', alt: 'Ein weißer Steinturm im Wasser' };
    const saved = await saveTexts(first.id, 'de', german);
    expect(saved.json()).toMatchObject({ success: true, message: expect.stringContaining('written by hand') });

    const english = await publicGallery(place.id, 'en');
    expect(english.map((photo) => photo.alt)).toEqual([tower.alt, cloister.alt]);
    const inGerman = await publicGallery(place.id, 'de');
    // the second photo has no German text yet: English, not nothing
    expect(inGerman.map((photo) => [photo.alt, photo.caption])).toEqual([
      [german.alt, german.caption],
      [cloister.alt, cloister.caption],
    ]);

    const enPage = await t.app.inject({ url: `/en/${place.slug}` });
    expect(imageObjects(enPage.body).map((image) => [image.caption, image.description])).toEqual([
      [tower.caption, tower.alt],
      [cloister.caption, cloister.alt],
    ]);
    const dePage = await t.app.inject({ url: `/de/${place.slug}` });
    expect(imageObjects(dePage.body)[0]).toMatchObject({ caption: german.caption, description: german.alt });
  });

  it('marks the English shown on a German page English: the photos’ alt text as well as their caption', async () => {
    const { place } = await placeWithTwoPhotos(t);
    /** The language a screen reader reads each image's alt text in (`<img lang>`, else the page's). */
    const altLanguages = (html: string, alt: string) =>
      [...html.matchAll(/<img\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => tag.includes(`alt="${alt}"`))
        .map((tag) => /\blang="([^"]*)"/.exec(tag)?.[1] ?? 'page');

    // Not translated: the summary describes the place's own photo, in the hero and first in the gallery.
    const dePage = (await t.app.inject({ url: `/de/${place.slug}` })).body;
    expect(altLanguages(dePage, place.description)).toEqual(['en', 'en']);
    expect(languageOfText(dePage, place.description), 'the caption').toBe('en');
    const enPage = (await t.app.inject({ url: `/en/${place.slug}` })).body;
    expect(altLanguages(enPage, place.description)).toEqual(['page', 'page']);

    // Translated: nothing is marked.
    const german = await makePlaceTranslation(t.db, place.id, 'de');
    const translated = (await t.app.inject({ url: `/de/${place.slug}` })).body;
    expect(altLanguages(translated, german.description)).toEqual(['page', 'page']);
  });

  it('shows the photos in the order the admin saved, at once on a page rendered before', async () => {
    const { place, first, second } = await placeWithTwoPhotos(t);
    const third = await photoAt(t, place.id, 3);
    const urls = (html: string) => imageObjects(html).map((image) => new URL(image.url).pathname);
    const before = await t.app.inject({ url: `/en/${place.slug}` });
    expect(urls(before.body)).toEqual([first.imageUrl, second.imageUrl, third.imageUrl]);

    const reorder = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/gallery/order`,
      payload: { ids: [third.id, first.id, second.id] },
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const after = await t.app.inject({ url: `/en/${place.slug}` });
    expect(urls(after.body)).toEqual([third.imageUrl, first.imageUrl, second.imageUrl]);
    const admin = (await t.admin({ url: `/api/admin/places/${place.id}/gallery` })).json<GalleryItemDto[]>();
    expect(admin.map((photo) => photo.id)).toEqual([third.id, first.id, second.id]);
  });

  it('refuses an order that is not exactly the gallery’s photos, in plain words, and changes nothing', async () => {
    const { place, first, second } = await placeWithTwoPhotos(t);
    const other = await makeGalleryImage(t.db, (await makePlace(t.db)).id);
    const order = async () =>
      (await t.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id)))
        .sort((a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime())
        .map((row) => row.id);
    const stored = await order();
    for (const payload of [
      { ids: [second.id] },
      { ids: [second.id, first.id, first.id] },
      { ids: [second.id, other.id] },
      { ids: [second.id, 'not-an-id'] },
      { ids: 'all of them' },
      {},
    ]) {
      const response = await t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/gallery/order`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/./);
    }
    const wrong = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/gallery/order`,
      payload: { ids: [second.id] },
    });
    expect(wrong.json()).toEqual({
      error:
        'The new order must list every photo of this gallery exactly once. The gallery may have changed meanwhile: reload it and try again.',
      code: 'bad_request',
    });
    expect(await order()).toEqual(stored);
  });

  it('marks the other languages outdated when the English changes, and refuses bad texts without storing them', async () => {
    const { first } = await placeWithTwoPhotos(t);
    await saveTexts(first.id, 'en', { caption: 'Old caption', alt: 'Old alt' });
    await saveTexts(first.id, 'fr', { caption: 'Ancienne légende', alt: 'Ancien texte' });
    const changed = await saveTexts(first.id, 'en', { caption: 'New caption', alt: 'New alt' });
    expect(changed.json()).toMatchObject({ outdatedLanguages: ['fr'], message: expect.stringContaining('French') });
    const photo = (await t.admin({ url: `/api/admin/places/${first.placeId}/gallery` }))
      .json<GalleryItemDto[]>()
      .find((row) => row.id === first.id);
    expect(photo!.texts.map((text) => [text.languageCode, text.status, text.origin])).toEqual([
      ['en', 'source', 'person'],
      ['es', 'missing', null],
      ['de', 'missing', null],
      ['fr', 'outdated', 'person'],
      ['zh', 'missing', null],
    ]);

    // a language written before there was any English is outdated by the first English
    const { second } = await placeWithTwoPhotos(t);
    await saveTexts(second.id, 'es', { caption: 'La torre', alt: 'Una torre' });
    expect((await saveTexts(second.id, 'en', { caption: 'The tower', alt: 'A tower' })).json()).toMatchObject({
      outdatedLanguages: ['es'],
    });
    const [later] = (await t.admin({ url: `/api/admin/places/${second.placeId}/gallery` }))
      .json<GalleryItemDto[]>()
      .filter((row) => row.id === second.id);
    expect(later!.texts.find((text) => text.languageCode === 'es')?.status).toBe('outdated');

    expect((await saveTexts(first.id, 'xx', { caption: '', alt: '' })).statusCode).toBe(404);
    expect((await saveTexts('00000000-0000-4000-8000-000000000000', 'en', { caption: '', alt: '' })).statusCode).toBe(
      404,
    );
    const tooLong = await saveTexts(first.id, 'de', { caption: 'x'.repeat(501), alt: 'ok' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Caption must be at most 500 characters');
    const rows = await t.db
      .select()
      .from(galleryImageTexts)
      .where(and(eq(galleryImageTexts.imageId, first.id), eq(galleryImageTexts.languageCode, 'de')));
    expect(rows).toEqual([]);
  });

  it('forgets a photo’s texts when it becomes the cover (its row then shows the former cover)', async () => {
    const { place, first } = await placeWithTwoPhotos(t);
    await saveTexts(first.id, 'en', { caption: 'Chosen photo', alt: 'The chosen photo' });
    const edit = await t.admin(placeEdit(place, { imageUrl: first.imageUrl }));
    expect(edit.statusCode).toBe(200);
    const gallery = await publicGallery(place.id, 'en');
    expect(gallery.find((photo) => photo.id === first.id)).toMatchObject({
      imageUrl: place.imageUrl,
      alt: null,
      caption: null,
    });
  });
});

describe('photos described one by one, with an AI model', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    fake.reply = translatingModel();
    t = await createTestApp({
      ai: chatModel(fake.baseUrl),
      translationJobs: FAST_JOBS,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('translates captions and alt texts with the place, and never replaces a person’s German caption', async () => {
    const place = await makePlace(t.db, { title: 'Jerónimos Monastery' });
    for (const code of ['es', 'de', 'fr', 'zh']) await makePlaceTranslation(t.db, place.id, code);
    const photo = await makeGalleryImage(t.db, place.id);
    const put = (lang: string, payload: Record<string, unknown>) =>
      t.admin({ method: 'PUT', url: `/api/admin/gallery/${photo.id}/texts/${lang}`, payload });
    await put('de', { caption: 'Der Kreuzgang', alt: 'Steinbögen um einen Hof' });
    const saved = await put('en', { caption: 'The cloister', alt: 'Stone arches around a courtyard' });
    expect(saved.json()).toMatchObject({ outdatedLanguages: ['de'] });
    await whenSettled(t, 'place', place.id);
    await expect
      .poll(async () => {
        const rows = await t.db.select().from(galleryImageTexts).where(eq(galleryImageTexts.imageId, photo.id));
        return Object.fromEntries(rows.map((row) => [row.languageCode, [row.caption, row.alt, row.origin]]));
      })
      .toEqual({
        en: ['The cloister', 'Stone arches around a courtyard', 'person'],
        es: ['The cloister [es]', fakeTranslation('Stone arches around a courtyard', 'es'), 'machine'],
        de: ['Der Kreuzgang', 'Steinbögen um einen Hof', 'person'],
        fr: ['The cloister [fr]', fakeTranslation('Stone arches around a courtyard', 'fr'), 'machine'],
        zh: ['The cloister [zh]', fakeTranslation('Stone arches around a courtyard', 'zh'), 'machine'],
      });
    const german = (await t.app.inject({ url: `/api/places/${place.id}/gallery?languageCode=de` })).json<
      GalleryImageDto[]
    >();
    expect(german[0]).toMatchObject({ caption: 'Der Kreuzgang' });
  });
});
