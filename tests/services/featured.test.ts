import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_MAX } from '../../src/shared/api/featured';
import { featuredPlaces, places, revisions } from '../../src/server/db/schema';
import { createFeaturedService } from '../../src/server/services/featured';
import { makeCity, makeCountry, makePlace, makePlaceTranslation } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * The owner's highlights of a city's, a country's and the home page (docs/decisions/044), called
 * straight on the service with a real database: what the owner pins, and what visitors see first.
 */
let w: ServiceWorld;
let featured: ReturnType<typeof createFeaturedService>;
beforeAll(async () => {
  w = await openServiceWorld();
  featured = createFeaturedService({ db: w.db });
});
afterAll(() => w.close());

/** A city of `country` with `count` published places, Place 1 the oldest. */
async function cityWithPlaces(name: string, count: number, country = 'France') {
  const city = await makeCity(w.db, { name, country, slug: name.toLowerCase() });
  const made = [];
  for (let n = 1; n <= count; n++)
    made.push(
      await makePlace(w.db, {
        title: `${name} place ${n}`,
        location: name,
        country,
        date: `2024-01-${String(n).padStart(2, '0')}`,
      }),
    );
  return { city, places: made };
}

const titles = (list: Array<{ title: string }>) => list.map((item) => item.title);
const pinRows = (areaId: string) =>
  w.db.select().from(featuredPlaces).where(eq(featuredPlaces.areaId, areaId)).orderBy(featuredPlaces.position);

describe('a city’s highlights', () => {
  it('shows the pinned places first, in the owner’s order, and names the city they belong to', async () => {
    const { city, places: ps } = await cityWithPlaces('Lyon', 4);
    const answer = await featured.save('city', city.id, [ps[2]!.id, ps[0]!.id]);
    expect(answer.message).toBe('Highlights saved: 2 places come first, in this order.');
    expect(titles(answer.pinned)).toEqual(['Lyon place 3', 'Lyon place 1']);
    expect(answer.pinned.map((item) => item.status)).toEqual(['shown', 'shown']);
    // what could still be pinned: the city's other places, newest first
    expect(titles(answer.candidates)).toEqual(['Lyon place 4', 'Lyon place 2']);

    const seen = await featured.highlights('city', 'lyon', 'en');
    expect(seen.of).toEqual({ kind: 'city', id: city.id });
    expect(titles(seen.places)).toEqual(['Lyon place 3', 'Lyon place 1']);
  });

  it('shows each highlight in the visitor’s language, English where it has no translation', async () => {
    const { city, places: ps } = await cityWithPlaces('Nantes', 2);
    await makePlaceTranslation(w.db, ps[0]!.id, 'fr', { title: 'Nantes lieu 1' });
    // nothing pinned yet: no highlights, the page lists its places as before
    expect((await featured.highlights('city', 'nantes', 'fr')).places).toEqual([]);
    await featured.save('city', city.id, [ps[0]!.id, ps[1]!.id]);
    const french = await featured.highlights('city', 'nantes', 'fr');
    expect(titles(french.places)).toEqual(['Nantes lieu 1', 'Nantes place 2']);
    expect(french.places[0]!.englishFields ?? []).not.toContain('title');
    expect(french.places[1]!.englishFields).toContain('title');
  });

  it('keeps a draft’s pin in its slot but shows it to no visitor until it is published again', async () => {
    const { city, places: ps } = await cityWithPlaces('Lille', 3);
    await featured.save('city', city.id, [ps[0]!.id, ps[1]!.id, ps[2]!.id]);
    await w.db.update(places).set({ state: 'draft' }).where(eq(places.id, ps[1]!.id));

    expect(titles((await featured.highlights('city', 'lille', 'en')).places)).toEqual([
      'Lille place 1',
      'Lille place 3',
    ]);
    const owner = await featured.read('city', city.id);
    expect(owner.pinned.map((item) => [item.title, item.status])).toEqual([
      ['Lille place 1', 'shown'],
      ['Lille place 2', 'draft'],
      ['Lille place 3', 'shown'],
    ]);

    await w.db.update(places).set({ state: 'published' }).where(eq(places.id, ps[1]!.id));
    expect(titles((await featured.highlights('city', 'lille', 'en')).places)).toHaveLength(3);
  });

  it('shows a deleted place to no one; the owner sees it as gone, by its title, until the next save drops it', async () => {
    const { city, places: ps } = await cityWithPlaces('Dijon', 2);
    await featured.save('city', city.id, [ps[0]!.id, ps[1]!.id]);
    await w.services.adminPlaces.remove(ps[0]!.id);

    expect(titles((await featured.highlights('city', 'dijon', 'en')).places)).toEqual(['Dijon place 2']);
    const owner = await featured.read('city', city.id);
    expect(owner.pinned.map((item) => [item.title, item.status])).toEqual([
      ['Dijon place 1', 'gone'],
      ['Dijon place 2', 'shown'],
    ]);
    // saving it again is refused: it is in the Trash
    await expect(featured.save('city', city.id, [ps[0]!.id, ps[1]!.id])).rejects.toMatchObject({
      status: 400,
      code: 'featured_not_found',
    });
    await featured.save('city', city.id, [ps[1]!.id]);
    expect((await featured.read('city', city.id)).pinned.map((item) => item.status)).toEqual(['shown']);
  });

  it('hides a pin whose place moved to another city, and shows it again when it comes back', async () => {
    const { city, places: ps } = await cityWithPlaces('Rennes', 2);
    await featured.save('city', city.id, [ps[0]!.id, ps[1]!.id]);
    await w.db.update(places).set({ location: 'Brest' }).where(eq(places.id, ps[0]!.id));
    expect(titles((await featured.highlights('city', 'rennes', 'en')).places)).toEqual(['Rennes place 2']);
    expect((await featured.read('city', city.id)).pinned[0]!.status).toBe('elsewhere');
    await w.db.update(places).set({ location: 'Rennes' }).where(eq(places.id, ps[0]!.id));
    expect(titles((await featured.highlights('city', 'rennes', 'en')).places)).toEqual([
      'Rennes place 1',
      'Rennes place 2',
    ]);
  });

  it('keeps a revision of the city for every change of its pins, and writes nothing for an unchanged list', async () => {
    const { city, places: ps } = await cityWithPlaces('Metz', 2);
    const kept = () => w.db.select().from(revisions).where(eq(revisions.entityId, city.id));
    await featured.save('city', city.id, [ps[0]!.id]);
    const after = (await kept()).length;
    expect(after).toBeGreaterThan(0);
    const again = await featured.save('city', city.id, [ps[0]!.id]);
    expect(titles(again.pinned)).toEqual(['Metz place 1']);
    expect(await kept()).toHaveLength(after);
  });

  it('removes every highlight with an empty list: the page lists its places as before', async () => {
    const { city, places: ps } = await cityWithPlaces('Tours', 2);
    await featured.save('city', city.id, [ps[1]!.id]);
    const answer = await featured.save('city', city.id, []);
    expect(answer.message).toBe('Highlights removed: the page lists its places as before.');
    expect(answer.pinned).toEqual([]);
    expect((await featured.highlights('city', 'tours', 'en')).places).toEqual([]);
    expect(await pinRows(city.id)).toEqual([]);
  });

  it('narrows the places that could be pinned to those whose title contains the search', async () => {
    const { city } = await cityWithPlaces('Arles', 3);
    await makePlace(w.db, { title: 'Arles Amphitheatre', location: 'Arles', country: 'France' });
    const found = await featured.read('city', city.id, 'amphi');
    expect(titles(found.candidates)).toEqual(['Arles Amphitheatre']);
  });
});

describe('refusals', () => {
  it('refuses a wrong list with its code and leaves the pins as they were', async () => {
    const { city, places: ps } = await cityWithPlaces('Nice', FEATURED_MAX + 1);
    const { places: elsewhere } = await cityWithPlaces('Cannes', 1);
    await featured.save('city', city.id, [ps[0]!.id, ps[1]!.id]);
    const before = await pinRows(city.id);

    const wrong: Array<[string[], string]> = [
      [ps.map((p) => p.id), 'featured_too_many'],
      [[ps[2]!.id, ps[2]!.id], 'featured_duplicate'],
      [[ps[2]!.id, '00000000-0000-4000-8000-000000000000'], 'featured_not_found'],
      [[ps[2]!.id, 'not-an-id'], 'featured_not_found'],
      [[ps[2]!.id, elsewhere[0]!.id], 'featured_elsewhere'],
    ];
    for (const [ids, code] of wrong) {
      await expect(featured.save('city', city.id, ids), code).rejects.toMatchObject({ status: 400, code });
    }
    await expect(featured.save('city', city.id, [elsewhere[0]!.id])).rejects.toThrow(
      /“Cannes place 1” is not a place of Nice/,
    );
    expect(await pinRows(city.id)).toEqual(before);
    expect(titles((await featured.highlights('city', 'nice', 'en')).places)).toEqual(['Nice place 1', 'Nice place 2']);
  });

  it('answers 404 for a city or country that does not exist, for the owner and for visitors', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(featured.read('city', unknown)).rejects.toMatchObject({ status: 404 });
    await expect(featured.save('country', 'not-an-id', [])).rejects.toMatchObject({ status: 404 });
    await expect(featured.highlights('city', 'no-such-city', 'en')).rejects.toMatchObject({ status: 404 });
    await expect(featured.highlights('country', null, 'en')).rejects.toMatchObject({ status: 404 });
    await expect(featured.highlights('country', 'x'.repeat(1000), 'en')).rejects.toMatchObject({ status: 404 });
  });
});

describe('a country’s and the home page’s highlights', () => {
  it('pins places of any city of the country, never of another country', async () => {
    const country = await makeCountry(w.db, { name: 'Japan', slug: 'japan' });
    const kyoto = await makePlace(w.db, { title: 'Kinkaku-ji', location: 'Kyoto', country: 'Japan' });
    const tokyo = await makePlace(w.db, { title: 'Senso-ji', location: 'Tokyo', country: 'Japan' });
    const { places: french } = await cityWithPlaces('Bordeaux', 1);
    await expect(featured.save('country', country.id, [french[0]!.id])).rejects.toMatchObject({
      code: 'featured_elsewhere',
    });
    await featured.save('country', country.id, [tokyo.id, kyoto.id]);
    const seen = await featured.highlights('country', 'japan', 'en');
    expect(seen.of).toEqual({ kind: 'country', id: country.id });
    expect(titles(seen.places)).toEqual(['Senso-ji', 'Kinkaku-ji']);
  });

  it('pins places of any country on the home page, shown to visitors in that order', async () => {
    const a = await makePlace(w.db, { title: 'Home first', location: 'Oslo', country: 'Norway' });
    const b = await makePlace(w.db, { title: 'Home second', location: 'Quito', country: 'Ecuador' });
    const answer = await featured.save('home', 'ignored', [b.id, a.id]);
    expect(answer.message).toBe('Highlights saved: 2 places come first, in this order.');
    const seen = await featured.highlights('home', null, 'en');
    expect(seen.of).toBeNull();
    expect(titles(seen.places)).toEqual(['Home second', 'Home first']);
    expect(titles((await featured.read('home', '')).pinned)).toEqual(['Home second', 'Home first']);

    const one = await featured.save('home', '', [a.id]);
    expect(one.message).toBe('Highlights saved: 1 place comes first, in this order.');
    // no city or country to keep a revision of: the home page's pins are rows of their own
    const rows = await w.db.select().from(featuredPlaces).where(eq(featuredPlaces.scope, 'home'));
    expect(rows.map((row) => row.placeId)).toEqual([a.id]);
  });
});
