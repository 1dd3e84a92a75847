import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVED_TO_TRASH } from '../../src/shared/api/trash';
import { places, revisions } from '../../src/server/db/schema';
import { createAdminPlacesService } from '../../src/server/services/admin-places';
import { makePlace, makePlaceTranslation, placeEditFields } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * Edit Places (admin-places.ts, docs/product.md §2.5.4) called straight on the service with a real
 * database: the owner's list and its filters, the city choices with their counts, an edit and a
 * delete, each refusal changing nothing.
 */
let w: ServiceWorld;
let admin: ReturnType<typeof createAdminPlacesService>;
beforeAll(async () => {
  w = await openServiceWorld();
  const { files, translationQueue: queue, newAreas } = w.services;
  admin = createAdminPlacesService({ db: w.db, files, queue, newAreas });
  for (const day of [1, 2, 3])
    await makePlace(w.db, {
      title: `Coimbra ${day}`,
      location: 'Coimbra',
      country: 'Portugal',
      date: `2023-06-0${day}`,
    });
  await makePlace(w.db, { title: 'Coimbra draft', location: 'Coimbra', country: 'Portugal', state: 'draft' });
  await makePlace(w.db, { title: 'Aveiro canals', location: 'Aveiro', country: 'Portugal' });
});
afterAll(() => w.close());

const titles = (page: { items: Array<{ title: string }> }) => page.items.map((item) => item.title);

describe('the Edit Places list', () => {
  it('lists a city’s places, drafts included, newest photo first, page by page', async () => {
    const first = await admin.list({ location: 'Coimbra', country: 'Portugal' }, 'taken', { limit: 3 });
    expect(titles(first)).toHaveLength(3);
    expect(titles(first)).toContain('Coimbra draft');
    const rest = await admin.list({ location: 'Coimbra', country: 'Portugal' }, 'taken', {
      limit: 3,
      cursor: first.next!,
    });
    expect([...titles(first), ...titles(rest)].sort()).toEqual([
      'Coimbra 1',
      'Coimbra 2',
      'Coimbra 3',
      'Coimbra draft',
    ]);
    const dated = [...titles(first), ...titles(rest)].filter((title) => title !== 'Coimbra draft');
    expect(dated).toEqual(['Coimbra 3', 'Coimbra 2', 'Coimbra 1']);
  });

  it('narrows the list to drafts, or to a search in any language; a search of no letter lists everything', async () => {
    expect(titles(await admin.list({ state: 'draft' }, 'uploaded', {}))).toEqual(['Coimbra draft']);
    expect(titles(await admin.list({ search: 'canals' }, 'uploaded', {}))).toEqual(['Aveiro canals']);
    const aveiro = (await admin.list({ search: 'canals' }, 'uploaded', {})).items[0]!;
    await makePlaceTranslation(w.db, aveiro.id, 'de', { title: 'Kanäle von Aveiro' });
    expect(titles(await admin.list({ search: 'Kanäle' }, 'uploaded', {}))).toEqual(['Aveiro canals']);
    expect((await admin.list({ search: '!!' }, 'uploaded', { limit: 100 })).items.length).toBeGreaterThanOrEqual(5);
  });

  it('shows each place’s languages and photo count as the owner’s card does', async () => {
    const card = (await admin.list({ search: 'canals' }, 'uploaded', {})).items[0]!;
    expect(card.translatedLanguages).toEqual(['en', 'de']);
    expect(card).toMatchObject({ galleryCount: 0, photoCount: 1, hasHistory: false, visit: null });
  });

  it('counts the places of each city for the Filter by City choices, and follows a change', async () => {
    const before = await admin.locations();
    expect(before.locations).toContainEqual({ location: 'Coimbra', country: 'Portugal', count: 4 });
    await makePlace(w.db, { title: 'Coimbra 4', location: 'Coimbra', country: 'Portugal' });
    const after = await admin.locations();
    expect(after.total).toBe(before.total + 1);
    expect(after.locations).toContainEqual({ location: 'Coimbra', country: 'Portugal', count: 5 });
  });
});

describe('an edit and a delete', () => {
  it('saves the Edit Place form, keeping the place as it was as a revision by the owner', async () => {
    const place = await makePlace(w.db, { title: 'Braga cathedral', location: 'Braga', country: 'Portugal' });
    const answer = await admin.update(place.id, placeEditFields(place, { title: 'Braga Cathedral' }));
    expect(answer).toMatchObject({ success: true, message: 'Place updated successfully' });
    const [row] = await w.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.title).toBe('Braga Cathedral');
    const kept = await w.db.select().from(revisions).where(eq(revisions.entityId, place.id));
    expect(kept.map((r) => [r.author, (r.snapshot as { place: { title: string } }).place.title])).toEqual([
      ['person', 'Braga cathedral'],
    ]);
  });

  it('says so when an edit leaves translations made from the old English outdated', async () => {
    const place = await makePlace(w.db, { title: 'Guimarães castle', location: 'Guimarães', country: 'Portugal' });
    await makePlaceTranslation(w.db, place.id, 'fr', { sourceVersion: place.sourceVersion });
    const answer = await admin.update(place.id, placeEditFields(place, { description: 'Where Portugal began.' }));
    expect(answer.outdatedTranslations).toEqual(['fr']);
    // no model here: nothing is queued to translate it again
    expect(answer.translationQueued).toBe(false);
  });

  it('moves a deleted place to the Trash: gone from the list, restorable; a second delete is a 404', async () => {
    const place = await makePlace(w.db, { title: 'Óbidos walls', location: 'Óbidos', country: 'Portugal' });
    expect(await admin.remove(place.id)).toMatchObject({ success: true, message: MOVED_TO_TRASH });
    expect(titles(await admin.list({ search: 'Óbidos' }, 'uploaded', {}))).toEqual([]);
    expect((await w.services.trash.list()).items.map((item) => item.title)).toContain('Óbidos walls');
    await expect(admin.remove(place.id)).rejects.toMatchObject({ status: 404 });
  });

  it('answers 404 for a place that does not exist, and writes nothing', async () => {
    const place = await makePlace(w.db, { title: 'Tomar convent', location: 'Tomar', country: 'Portugal' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await expect(admin.update(id, placeEditFields(place)), id).rejects.toMatchObject({ status: 404 });
      await expect(admin.remove(id), id).rejects.toMatchObject({ status: 404 });
    }
    expect(
      await w.db.select().from(revisions).where(eq(revisions.entityId, '00000000-0000-4000-8000-000000000000')),
    ).toEqual([]);
  });
});
