import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../src/server/services/auth';
import { createGalleryService } from '../../src/server/services/gallery';
import { analyzePhoto } from '../../src/server/services/photo-analysis';
import { createPhotoGroupingService } from '../../src/server/services/photo-grouping';
import { insertPhotoPlace } from '../../src/server/services/photo-place';
import { createPlaceAiService } from '../../src/server/services/place-ai';
import { createPlaceMergeService } from '../../src/server/services/place-merge';
import { mergeExif, parseClientExif } from '../../src/server/services/upload-exif';
import { makeGalleryImage, makePlace } from '../helpers/factories';
import { makePhoto } from '../helpers/photos';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';
import { TEST_PASSWORD } from '../helpers/test-app';

/** Photos, places made of them, the AI's parts and sign-in, called directly on a real database. */
let w: ServiceWorld;
beforeAll(async () => {
  w = await openServiceWorld();
});
afterAll(() => w.close());

const queue = () => w.services.translationQueue;

describe('photo analysis and a place made of a photo (photo-analysis, photo-place)', () => {
  it('writes a title and texts offline, and stores a second photo of the town under a distinct title', async () => {
    const input = {
      image: Buffer.alloc(0),
      mimeType: 'image/jpeg',
      latitude: 41.1496,
      longitude: -8.611,
      city: 'Porto',
      country: 'Portugal',
      date: '2024-06-01',
    };
    const { analysis, aiWarning, writtenBy } = await analyzePhoto(w.services.ai, input);
    expect(writtenBy).toBe('data');
    expect(aiWarning).toBeNull();
    expect(analysis.title).toMatch(/Porto/);
    const where = {
      city: 'Porto',
      country: 'Portugal',
      date: '2024-06-01',
      photoDate: '2024-06-01',
      latitude: 41.1496,
      longitude: -8.611,
    };
    const image = { imageUrl: '/media/web/x-1000.jpg', originalImagePath: null };
    const made = () =>
      w.db.transaction((tx) => insertPhotoPlace(tx, { state: 'draft', analysis, writtenBy, image, where }));
    const first = await made();
    const second = await made();
    expect(first.place).toMatchObject({ state: 'draft', title: first.title });
    expect(second.title).not.toBe(first.title);
    expect(second.place.slug).not.toBe(first.place.slug);
  });
});

describe('upload EXIF', () => {
  it('reads the browser’s EXIF JSON, refuses anything else with a code, and lets the source photo’s fields win', () => {
    expect(parseClientExif('{"Make":"Examplecam"}')).toEqual({ Make: 'Examplecam' });
    expect(parseClientExif(undefined)).toEqual({});
    expect(() => parseClientExif('not json')).toThrow(expect.objectContaining({ code: 'bad_request' }));
    expect(() => parseClientExif('[1]')).toThrow(/JSON object/);
    // the EXIF source photo's fields win; the uploaded file's others are kept
    expect(mergeExif({ Make: 'Own', Software: 'Editor' }, { Make: 'Source' })).toEqual({
      Make: 'Source',
      Software: 'Editor',
    });
  });
});

describe('photo grouping', () => {
  it('offers the places near a photo, nearest first, and joins one only within the grouping distance', async () => {
    const publishing = { groupWithinMeters: async () => 100 };
    const near = await makePlace(w.db, { title: 'Clérigos Tower', latitude: 41.1457, longitude: -8.6146 });
    const grouping = createPhotoGroupingService({ db: w.db, publishing });
    const offered = await grouping.near({ latitude: 41.1458, longitude: -8.6146 });
    expect(offered.places[0]).toMatchObject({ id: near.id, title: 'Clérigos Tower' });
    expect((await grouping.targetFor({ latitude: 41.1458, longitude: -8.6146 }))?.id).toBe(near.id);
    expect(await grouping.targetFor({ latitude: 41.16, longitude: -8.6146 })).toBeUndefined();
  });
});

describe('gallery', () => {
  it('adds a photo to a place, keeps the order asked for, and refuses an order that leaves one out', async () => {
    const gallery = createGalleryService({
      db: w.db,
      files: w.services.files,
      limits: { maxUploadBytes: 20e6 },
      queue: queue(),
    });
    const place = await makePlace(w.db);
    const existing = await makeGalleryImage(w.db, place.id);
    const added = await gallery.add(place.id, await makePhoto({ width: 1200, height: 800 }));
    expect(added).toMatchObject({ placeId: place.id, warning: null });
    const ids = (await gallery.list(place.id)).map((item) => item.id);
    expect(ids).toHaveLength(2);
    await gallery.reorder(place.id, [...ids].reverse());
    expect((await gallery.list(place.id)).map((item) => item.id)).toEqual([...ids].reverse());
    await expect(gallery.reorder(place.id, [existing.id])).rejects.toMatchObject({ code: 'bad_request' });
  });
});

describe('merging places', () => {
  it('merges a place into another, moving its photos, and undoes the merge', async () => {
    const merges = createPlaceMergeService({ db: w.db, queue: queue() });
    const target = await makePlace(w.db, { title: 'Ribeira' });
    const source = await makePlace(w.db, { title: 'Ribeira at night' });
    await makeGalleryImage(w.db, source.id);
    const merged = await merges.merge(source.id, { into: target.id });
    expect(merged.success).toBe(true);
    expect((await merges.mergesInto(target.id)).merges.map((m) => m.sourceId)).toEqual([source.id]);
    await merges.undo(target.id, source.id);
    expect((await merges.mergesInto(target.id)).merges).toEqual([]);
    await expect(merges.merge(source.id, { into: source.id })).rejects.toMatchObject({ status: 400 });
  });
});

describe('the AI’s parts of a place (place-ai)', () => {
  it('writes a place’s history once (the offline writer: no events) and answers it stored the second time', async () => {
    const placeAi = createPlaceAiService({ db: w.db, ai: w.services.ai, queue: queue() });
    const place = await makePlace(w.db, { title: 'Dom Luís I Bridge', location: 'Porto', country: 'Portugal' });
    const first = await placeAi.history(place.id);
    expect(first.fromCache).toBe(false);
    expect(first.history.events).toEqual([]);
    expect(await placeAi.history(place.id)).toEqual({ ...first, fromCache: true });
    await expect(placeAi.facts('not-an-id')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('sign-in (auth)', () => {
  it('signs in with the password, keeps the session until sign-out, and refuses a wrong password', async () => {
    const auth = createAuthService({ db: w.db, delayPerFailureMs: 0 });
    await auth.settlePassword(TEST_PASSWORD, () => {});
    expect(await auth.login('wrong', '192.0.2.1')).toMatchObject({ kind: 'invalid' });
    const result = await auth.login(TEST_PASSWORD, '192.0.2.1');
    if (result.kind !== 'ok') throw new Error(`sign-in failed: ${result.kind}`);
    expect(await auth.isValidSession(result.token)).toBe(true);
    await auth.logout(result.token);
    expect(await auth.isValidSession(result.token)).toBe(false);
  });
});
