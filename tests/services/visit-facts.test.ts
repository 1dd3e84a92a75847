import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { places, placeVisits, placeVisitTexts, revisions } from '../../src/server/db/schema';
import { createVisitFactsService, localizeVisit } from '../../src/server/services/visit-facts';
import { BELEM_VISIT_FACTS, makePlace } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * Visit facts (docs/decisions/043-visit-facts.md) called straight on the service with a real
 * database: what the owner saves in Edit Place and at the editor's desk, and what a visitor reads
 * in a language (the catalog's read of the same rows).
 */
let w: ServiceWorld;
let visits: ReturnType<typeof createVisitFactsService>;
beforeAll(async () => {
  w = await openServiceWorld();
  visits = createVisitFactsService({ db: w.db });
});
afterAll(() => w.close());

const FACTS = BELEM_VISIT_FACTS;

/** What a visitor reads on the place's page in `lang`. */
const visitorReads = (placeId: string, lang: string) => w.services.catalog.visit(placeId, lang);
const revisionsOf = (placeId: string) => w.db.select().from(revisions).where(eq(revisions.entityId, placeId));

describe('the owner’s facts', () => {
  it('saves every fact; visitors read them, and the owner reads them back as entered', async () => {
    const place = await makePlace(w.db);
    expect(await visits.read(place.id)).toBeNull();
    expect(await visitorReads(place.id, 'en')).toBeNull();

    const saved = await visits.save(place.id, FACTS);
    expect(saved).toMatchObject({ success: true, message: 'Visit facts saved' });
    expect(saved.visit).toEqual({ ...FACTS, translations: {} });
    expect(await visits.read(place.id)).toEqual({ ...FACTS, translations: {} });
    expect(await visitorReads(place.id, 'en')).toEqual({ ...FACTS, priceText: null, englishFields: [] });
  });

  it('keeps each change with a revision written by a person', async () => {
    const place = await makePlace(w.db);
    await visits.save(place.id, { address: 'Rua Augusta 1' });
    const kept = await revisionsOf(place.id);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((revision) => revision.author === 'person')).toBe(true);
  });

  it('shows a price in words, and an empty field as no fact at all', async () => {
    const place = await makePlace(w.db);
    await visits.save(place.id, { ...FACTS, price: { text: 'Donation welcome' }, address: '', website: '' });
    const seen = await visitorReads(place.id, 'en');
    expect(seen).toMatchObject({ price: null, priceText: 'Donation welcome', address: null, website: null });
    expect((await visits.read(place.id))!.price).toEqual({ text: 'Donation welcome' });

    await visits.save(place.id, { price: { free: true } });
    expect(await visitorReads(place.id, 'en')).toMatchObject({
      price: { free: true },
      priceText: null,
      hoursNote: null,
      openingHours: [],
    });
  });

  it('replaces the English texts by a new save and keeps the other languages’ texts', async () => {
    const place = await makePlace(w.db);
    await visits.save(place.id, FACTS);
    await visits.saveTexts(place.id, 'es', { hoursNote: 'Cerrado el 1 de enero.' });
    const after = await visits.save(place.id, { ...FACTS, hoursNote: 'Closed on Mondays.' });
    expect(after.visit).toMatchObject({
      hoursNote: 'Closed on Mondays.',
      translations: { es: { hoursNote: 'Cerrado el 1 de enero.' } },
    });
    expect((await visitorReads(place.id, 'es'))!.hoursNote).toBe('Cerrado el 1 de enero.');
  });
});

describe('a visitor’s language', () => {
  it('shows a language’s own texts, and the English ones where it has none, listed in englishFields', async () => {
    const place = await makePlace(w.db);
    await visits.save(place.id, FACTS);

    const german = await visitorReads(place.id, 'de');
    expect(german).toMatchObject({ hoursNote: FACTS.hoursNote, accessibility: FACTS.accessibility });
    expect(german!.englishFields.sort()).toEqual(['accessibility', 'hoursNote']);

    const answer = await visits.saveTexts(place.id, 'de', { hoursNote: 'Am 1. Januar geschlossen.' });
    expect(answer.visit!.translations).toEqual({ de: { hoursNote: 'Am 1. Januar geschlossen.' } });
    const after = await visitorReads(place.id, 'de');
    expect(after).toMatchObject({ hoursNote: 'Am 1. Januar geschlossen.', accessibility: FACTS.accessibility });
    expect(after!.englishFields).toEqual(['accessibility']);
    // the facts that are the same in every language are the same
    expect(after).toMatchObject({ address: FACTS.address, price: FACTS.price, openingHours: FACTS.openingHours });
    // English stays English
    expect((await visitorReads(place.id, 'en'))!.hoursNote).toBe(FACTS.hoursNote);
  });

  it('marks nothing as English where the English has no text either', () => {
    const row = { ...FACTS, price: null, texts: { en: { hoursNote: null, priceText: null, accessibility: null } } };
    expect(localizeVisit(row, 'fr')).toMatchObject({ hoursNote: null, accessibility: null, englishFields: [] });
    expect(localizeVisit(null, 'fr')).toBeNull();
  });
});

describe('refusals', () => {
  it('answers 404 for a place that does not exist, and writes nothing', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await expect(visits.save(id, FACTS), id).rejects.toMatchObject({ status: 404 });
      await expect(visits.saveTexts(id, 'de', { hoursNote: 'x' }), id).rejects.toMatchObject({ status: 404 });
      await expect(visits.read(id), id).rejects.toMatchObject({ status: 404 });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await w.db.select().from(placeVisits).where(eq(placeVisits.placeId, unknown))).toEqual([]);
    expect(await w.db.select().from(placeVisitTexts).where(eq(placeVisitTexts.placeId, unknown))).toEqual([]);
    expect(await revisionsOf(unknown)).toEqual([]);
  });

  it('a place in the Trash takes no facts, and its own facts are kept for its restore', async () => {
    const place = await makePlace(w.db);
    await visits.save(place.id, FACTS);
    await w.services.adminPlaces.remove(place.id);
    await expect(visits.save(place.id, { address: 'Elsewhere' })).rejects.toMatchObject({ status: 404 });
    await expect(visitorReads(place.id, 'en')).rejects.toMatchObject({ status: 404 });
    const restored = (await w.services.trash.list()).items.find((item) => item.title === place.title);
    await w.services.trash.restore('place', restored!.id);
    expect(await visitorReads(place.id, 'en')).toMatchObject({ address: FACTS.address });
  });

  it('shows a draft’s facts to no visitor, while the owner keeps editing them', async () => {
    const place = await makePlace(w.db, { state: 'draft' });
    await visits.save(place.id, FACTS);
    await expect(visitorReads(place.id, 'en')).rejects.toMatchObject({ status: 404 });
    await w.db.update(places).set({ state: 'published' }).where(eq(places.id, place.id));
    expect(await visitorReads(place.id, 'en')).toMatchObject({ address: FACTS.address });
  });
});
