import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, galleryImages, photos, places, revisions } from '../../src/server/db/schema';
import { createStorage } from '../../src/server/media/storage';
import { createPlaceSplitService, NO_POSITION } from '../../src/server/services/place-split';
import { chatModel, startFakeChatCompletions, type FakeChatCompletions } from '../helpers/fake-chat-completions';
import { makeGalleryImage, makePlace } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * "Make this photo its own place" (place-split.ts, docs/decisions/028-merge-and-split.md) called
 * directly on a real database: a gallery photo with its uploaded photo's row becomes a place at
 * that photo's position, in its town, on its date; one without a position is refused plainly.
 */

let photoSeq = 0;

/** A place whose gallery holds a photo uploaded at `where` (its photos row kept) and one added without a position. */
async function placeWithPhotos(
  w: ServiceWorld,
  where: { city: string; country: string; latitude: number; longitude: number },
  exifData: Record<string, unknown> = {},
) {
  const place = await makePlace(w.db, { title: 'Retiro Park', location: 'Madrid', country: 'Spain' });
  const uploaded = await makeGalleryImage(w.db, place.id);
  const added = await makeGalleryImage(w.db, place.id);
  const n = ++photoSeq;
  const [photo] = await w.db
    .insert(photos)
    .values({
      placeId: place.id,
      originalImagePath: uploaded.originalImagePath!,
      thumbnailPath: `/media/thumbs/split-${n}.jpg`,
      description: 'A pergola covered in wisteria.',
      ...where,
      placeName: 'Pergola',
      title: 'Pergola',
      summary: 'A pergola.',
      travelArticle: 'A pergola.',
      exifData,
      contentHash: `split-${n}-${place.id}`,
    })
    .returning();
  return { place, uploaded, added, photo: photo! };
}

const ALCALA = { city: 'Alcalá de Henares', country: 'Spain', latitude: 40.4818, longitude: -3.3635 };

describe('a gallery photo made its own place, without a model', () => {
  let w: ServiceWorld;
  let split: ReturnType<typeof createPlaceSplitService>;
  beforeAll(async () => {
    w = await openServiceWorld();
    const { ai, publishing, newAreas } = w.services;
    split = createPlaceSplitService({ db: w.db, ai, storage: await createStorage(w.config), publishing, newAreas });
    // the owner publishes new uploads at once (a new site keeps them as drafts)
    await publishing.saveSettings({ newUploads: 'publish' });
  });
  afterAll(() => w.close());

  it('lists only the gallery photos that have a stored position', async () => {
    const { place, uploaded } = await placeWithPhotos(w, ALCALA);
    expect(await split.positioned(place.id)).toEqual({ imageIds: [uploaded.id] });
    await expect(split.positioned('not-an-id')).rejects.toMatchObject({ status: 404 });
  });

  it('makes a place at the photo’s position, in its town, on the day it was taken, published with its town’s page', async () => {
    const { place, uploaded, added, photo } = await placeWithPhotos(w, ALCALA, {
      DateTimeOriginal: '2015:04:10 11:30:00',
    });
    const made = await split.toPlace(uploaded.id);
    expect(made).toMatchObject({ success: true, aiWarning: null, place: { state: 'published' } });
    expect(made.message).toContain(`The photo is now the place “${made.place.title}”, at the position it was taken.`);
    // a published place in a town and country without pages brings their pages
    expect(made.message).toContain(
      'Alcalá de Henares and Spain have their own pages now: /en/alcala-de-henares, /en/spain.',
    );
    expect(await w.db.select({ name: cities.name }).from(cities).where(eq(cities.name, ALCALA.city))).toHaveLength(1);

    const [row] = await w.db.select().from(places).where(eq(places.id, made.place.id));
    expect(row).toMatchObject({
      location: ALCALA.city,
      country: 'Spain',
      latitude: ALCALA.latitude,
      longitude: ALCALA.longitude,
      date: '2015-04-10',
      imageUrl: uploaded.imageUrl,
      origin: 'data',
      slug: made.place.slug,
    });
    expect(row!.title).toMatch(/Alcalá de Henares/);
    expect(row!.description.length).toBeGreaterThan(0);

    // the photo left the gallery it was in; the other stays; the photo's row goes with the new place
    const gallery = await w.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id));
    expect(gallery.map((image) => image.id)).toEqual([added.id]);
    const [moved] = await w.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(moved!.placeId).toBe(made.place.id);
    // the place it left keeps a revision from before
    const kept = await w.db.select().from(revisions).where(eq(revisions.entityId, place.id));
    expect(kept.map((r) => [r.author, r.summary])).toEqual([['person', 'A gallery photo became a place of its own']]);
    // once made a place, the photo is no longer in the gallery: a second try is a 404
    await expect(split.toPlace(uploaded.id)).rejects.toMatchObject({ status: 404 });
  });

  it('makes a draft when new uploads wait as drafts (a new site’s setting), and says so', async () => {
    await w.services.publishing.saveSettings({ newUploads: 'draft' });
    try {
      const { uploaded } = await placeWithPhotos(w, { ...ALCALA, latitude: 40.49, longitude: -3.37 });
      const made = await split.toPlace(uploaded.id);
      expect(made.place.state).toBe('draft');
      expect(made.message).toContain('It is a draft: publish it in Edit Places when it is ready.');
    } finally {
      await w.services.publishing.saveSettings({ newUploads: 'publish' });
    }
  });

  it('refuses a photo added without a position plainly (422), and one that does not exist (404), changing nothing', async () => {
    const { place, added } = await placeWithPhotos(w, ALCALA);
    const placesBefore = (await w.db.select({ n: count() }).from(places))[0]!.n;
    await expect(split.toPlace(added.id)).rejects.toMatchObject({ status: 422, message: NO_POSITION });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id'])
      await expect(split.toPlace(id), id).rejects.toMatchObject({ status: 404 });
    expect((await w.db.select({ n: count() }).from(places))[0]!.n).toBe(placesBefore);
    expect(await w.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id))).toHaveLength(2);
    expect(await w.db.select().from(revisions).where(eq(revisions.entityId, place.id))).toEqual([]);
  });
});

describe('a gallery photo made its own place while the model fails', () => {
  let fake: FakeChatCompletions;
  let w: ServiceWorld;
  beforeAll(async () => {
    fake = await startFakeChatCompletions(() => ({ status: 503 }));
    w = await openServiceWorld({
      ai: { ...chatModel(fake.baseUrl, 'split-model'), timeoutMs: 800, imageTimeoutMs: 800 },
    });
  });
  afterAll(async () => {
    await w.close();
    await fake.close();
  });

  it('writes the place from the photo’s data as a draft, with a warning, so nothing unchecked is published', async () => {
    const { ai, publishing, newAreas } = w.services;
    const split = createPlaceSplitService({
      db: w.db,
      ai,
      storage: await createStorage(w.config),
      publishing,
      newAreas,
    });
    const { uploaded } = await placeWithPhotos(w, ALCALA);
    const made = await split.toPlace(uploaded.id);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(made.place.state).toBe('draft');
    expect(made.aiWarning).toEqual(expect.any(String));
    expect(made.aiWarning).not.toMatch(/503/);
    const [row] = await w.db.select().from(places).where(eq(places.id, made.place.id));
    expect(row).toMatchObject({ origin: 'data', state: 'draft', location: ALCALA.city });
  });
});
