import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepMedia } from '../scripts/media-sweep';
import type { GalleryItemDto } from '../src/shared/api/admin-places';
import type { RevisionList } from '../src/shared/api/revisions';
import { MOVED_TO_TRASH, TRASH_DAYS, type TrashList } from '../src/shared/api/trash';
import { cities, trash } from '../src/server/db/schema';
import { makeCity, makeCityTranslation, makeCountry, makePlace } from './helpers/factories';
import { listFiles, unreferencedFiles } from './helpers/media-files';
import { multipart, uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The 32-hex ids of our images named by these addresses. */
const imageIds = (urls: string[]) => new Set(urls.flatMap((url) => url.match(/[0-9a-f]{32}/g) ?? []));

describe('the trash', () => {
  let t: TestApp;
  const mediaDir = () => join(t.dataDir, 'media');
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const trashList = async () => (await t.admin({ method: 'GET', url: '/api/admin/trash' })).json<TrashList>().items;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An uploaded place with a German translation, history, trivia, a gallery photo and an edit in its history. */
  async function fullPlace(seed: number) {
    const before = new Set(await listFiles(mediaDir()));
    const photo = await makePhoto({ gps: { latitude: 41.8902, longitude: 12.4922 }, seed });
    const uploaded = await t.admin(uploadRequest(photo, { description: 'The arena at noon.' }));
    expect(uploaded.statusCode).toBe(200);
    const { id, slug } = uploaded.json<{ place: { id: string; slug: string } }>().place;
    const german = { title: 'Das Amphitheater', description: 'Mittags.', location: 'Rom', country: 'Italien' };
    expect(
      (await t.admin({ method: 'PUT', url: `/api/admin/places/${id}/translations/de`, payload: german })).statusCode,
    ).toBe(200);
    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${id}/history`, payload: {} })).statusCode).toBe(
      200,
    );
    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${id}/facts`, payload: {} })).statusCode).toBe(200);
    const body = multipart([
      {
        name: 'image',
        filename: 'arena.jpg',
        contentType: 'image/jpeg',
        data: await makePhoto({ gps: { latitude: 41.89, longitude: 12.49 }, seed: seed + 1 }),
      },
    ]);
    const gallery = await t.admin({ method: 'POST', url: `/api/admin/places/${id}/gallery`, ...body });
    expect(gallery.statusCode).toBe(201);
    const galleryItem = gallery.json<GalleryItemDto>();
    const texts = { caption: 'The arches at noon', alt: 'Stone arches in the sun' };
    await t.admin({ method: 'PUT', url: `/api/admin/gallery/${galleryItem.id}/texts/en`, payload: texts });
    const media = (await listFiles(mediaDir())).filter((file) => !before.has(file));
    expect(media.length).toBeGreaterThanOrEqual(10);
    return { id, slug, galleryItem, media };
  }

  /** Everything a visitor and the admin read about a place answers 200. */
  async function expectWhole(id: string, slug: string, galleryItem: GalleryItemDto) {
    const english = await get(`/api/places/by-slug/${slug}/translations/en`);
    expect(english.statusCode).toBe(200);
    const german = await get(`/api/places/by-slug/${slug}/translations/de`);
    expect(german.body).toContain('Das Amphitheater');
    for (const part of ['history', 'facts', 'gallery'])
      expect((await get(`/api/places/${id}/${part}`)).statusCode).toBe(200);
    const gallery = await t.admin({ method: 'GET', url: `/api/admin/places/${id}/gallery` });
    const items = gallery.json<GalleryItemDto[]>();
    expect(items.map((g) => g.id)).toEqual([galleryItem.id]);
    expect(items[0]!.texts.find((x) => x.languageCode === 'en')?.caption).toBe('The arches at noon');
    const place = english.json<{ imageUrl: string }>();
    for (const url of [place.imageUrl, galleryItem.imageUrl, galleryItem.originalImagePath!]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  }

  it('a deleted place leaves the site at once, keeps its files and address, and comes back whole', async () => {
    const { id, slug, galleryItem, media } = await fullPlace(7101);
    const revisionsBefore = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${id}/revisions` })
    ).json<RevisionList>();
    expect(revisionsBefore.revisions.length).toBeGreaterThan(0);

    const deleted = await t.admin({ method: 'DELETE', url: `/api/admin/places/${id}` });
    expect(deleted.json()).toEqual({ success: true, message: MOVED_TO_TRASH });
    // the dashboard counts it in the trash
    expect((await t.admin({ method: 'GET', url: '/api/admin/dashboard' })).json<{ inTrash: number }>().inTrash).toBe(1);
    expect((await get(`/api/places/by-slug/${slug}/translations/en`)).statusCode).toBe(404);
    expect((await get(`/api/search?q=${encodeURIComponent('arena')}&lang=en`)).body).not.toContain(id);
    expect(await listFiles(mediaDir())).toEqual(expect.arrayContaining(media));
    expect(await unreferencedFiles(t.db, mediaDir())).toEqual([]);

    const [item] = (await trashList()).filter((i) => i.id === id);
    // right after the delete: the 30 days its dialog promised, not 29
    expect(item).toMatchObject({ kind: 'place', daysLeft: TRASH_DAYS });
    const lastDay = new Date(Date.parse(item!.expiresAt) - 3_600_000);
    expect((await t.app.services.trash.list(lastDay)).items.find((i) => i.id === id)?.daysLeft).toBe(1);
    expect(item!.subtitle).toContain('·');
    expect(item!.imageUrl).toMatch(/^\/media\//);

    // Its address waits for it: nobody else can take it meanwhile.
    const other = await makePlace(t.db);
    const taken = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${other.id}`,
      payload: { ...other, fullDescription: undefined, originalImagePath: undefined, slug },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ error: string }>().error).toContain('Trash');

    const restored = await t.admin({ method: 'POST', url: `/api/admin/trash/place/${id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<{ message: string }>().message).toContain('is back');
    await expectWhole(id, slug, galleryItem);
    const revisionsAfter = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${id}/revisions` })
    ).json<RevisionList>();
    expect(revisionsAfter.revisions).toEqual(revisionsBefore.revisions);
    expect((await trashList()).some((i) => i.id === id)).toBe(false);
  });

  it('emptying the trash removes the files, and the media sweep finds nothing of it left', async () => {
    const { id, media } = await fullPlace(7201);
    const ids = imageIds(media);
    await t.admin({ method: 'DELETE', url: `/api/admin/places/${id}` });
    const emptied = await t.admin({ method: 'DELETE', url: '/api/admin/trash' });
    expect(emptied.statusCode).toBe(200);
    expect(await trashList()).toEqual([]);
    const sweep = await sweepMedia({ db: t.db, storage: t.app.storage, graceMs: 0, dryRun: true });
    expect(sweep.removed).toEqual([]);
    expect((await listFiles(mediaDir())).some((file) => [...imageIds([file])].some((x) => ids.has(x)))).toBe(false);
    expect((await t.admin({ method: 'POST', url: `/api/admin/trash/place/${id}/restore` })).statusCode).toBe(404);
  });

  it('a city and a country come back with their translations and address; a name taken meanwhile is a 409', async () => {
    const country = await makeCountry(t.db, { name: 'Westmark' });
    const city = await makeCity(t.db, { name: 'Brightwater', country: 'Westmark' });
    await makeCityTranslation(t.db, city.id, 'de', 'Hellwasser');

    const deletedCity = await t.admin({ method: 'DELETE', url: `/api/admin/cities/${city.id}` });
    expect(deletedCity.json<{ message: string }>().message).toContain('trash');
    expect((await get(`/api/cities/by-slug/${city.slug}`)).statusCode).toBe(404);
    const back = await t.admin({ method: 'POST', url: `/api/admin/trash/city/${city.id}/restore` });
    expect(back.statusCode).toBe(200);
    expect((await get(`/api/cities/by-slug/${city.slug}`)).statusCode).toBe(200);
    expect((await get(`/api/cities/by-slug/${city.slug}/translations/de`)).body).toContain('Hellwasser');

    await t.admin({ method: 'DELETE', url: `/api/admin/countries/${country.id}` });
    expect((await get(`/api/countries/by-slug/${country.slug}`)).statusCode).toBe(404);
    expect((await t.admin({ method: 'POST', url: `/api/admin/trash/country/${country.id}/restore` })).statusCode).toBe(
      200,
    );
    expect((await get(`/api/countries/by-slug/${country.slug}`)).statusCode).toBe(200);

    await t.admin({ method: 'DELETE', url: `/api/admin/cities/${city.id}` });
    await makeCity(t.db, { name: 'Brightwater', country: 'Westmark' });
    const clash = await t.admin({ method: 'POST', url: `/api/admin/trash/city/${city.id}/restore` });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ error: string }>().error).toContain('Brightwater');
    expect(await t.db.select().from(cities).where(eq(cities.id, city.id))).toEqual([]);
    expect((await trashList()).some((i) => i.id === city.id)).toBe(true);
  });

  it('a gallery photo goes to the trash and comes back with its texts; without its place it waits', async () => {
    const { id, galleryItem } = await fullPlace(7301);
    const deleted = await t.admin({ method: 'DELETE', url: `/api/admin/gallery/${galleryItem.id}` });
    expect(deleted.json()).toEqual({ success: true, message: MOVED_TO_TRASH });
    expect((await get(`/api/places/${id}/gallery`)).body).not.toContain(galleryItem.id);
    expect((await get(galleryItem.imageUrl)).statusCode).toBe(200);
    const [item] = (await trashList()).filter((i) => i.id === galleryItem.id);
    expect(item).toMatchObject({ kind: 'gallery_image', imageUrl: galleryItem.imageUrl });

    expect(
      (await t.admin({ method: 'POST', url: `/api/admin/trash/gallery_image/${galleryItem.id}/restore` })).statusCode,
    ).toBe(200);
    const gallery = (await t.admin({ method: 'GET', url: `/api/admin/places/${id}/gallery` })).json<GalleryItemDto[]>();
    expect(gallery[0]!.texts.find((x) => x.languageCode === 'en')?.caption).toBe('The arches at noon');

    await t.admin({ method: 'DELETE', url: `/api/admin/gallery/${galleryItem.id}` });
    await t.admin({ method: 'DELETE', url: `/api/admin/places/${id}` });
    const orphan = await t.admin({ method: 'POST', url: `/api/admin/trash/gallery_image/${galleryItem.id}/restore` });
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json<{ error: string }>().error).toContain('restore the place');
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/trash/place/${id}` })).statusCode).toBe(200);
    expect(
      (await t.admin({ method: 'DELETE', url: `/api/admin/trash/gallery_image/${galleryItem.id}` })).statusCode,
    ).toBe(200);
    expect((await get(galleryItem.imageUrl)).statusCode).toBe(404);
  });

  it('what has been in the trash for 30 days is deleted for good with its files', async () => {
    const { id, media } = await fullPlace(7401);
    await t.admin({ method: 'DELETE', url: `/api/admin/places/${id}` });
    await t.db
      .update(trash)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(trash.entityId, id));
    expect((await trashList()).some((i) => i.id === id)).toBe(false);
    const ids = imageIds(media);
    expect((await listFiles(mediaDir())).some((file) => [...imageIds([file])].some((x) => ids.has(x)))).toBe(false);
  });

  it('refuses an unknown kind or id and changes nothing', async () => {
    expect((await t.admin({ method: 'POST', url: '/api/admin/trash/planet/x/restore' })).statusCode).toBe(400);
    expect((await t.admin({ method: 'POST', url: '/api/admin/trash/place/nope/restore' })).statusCode).toBe(404);
    expect((await t.admin({ method: 'DELETE', url: '/api/admin/trash/city/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/trash' })).statusCode).toBe(401);
  });
});
