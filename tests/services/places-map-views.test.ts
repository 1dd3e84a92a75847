import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacesMapDto } from '../../src/shared/api/maps';
import { cellsAt, MAP_MAX_ZOOM, WORLD_VIEW, type MapView } from '../../src/shared/map-view';
import { themeMapFilter } from '../../src/server/db/repos/themes-repo';
import { places, placeThemes } from '../../src/server/db/schema';
import { fromUnits, groupLevel } from '../../src/server/services/map-grid';
import { createPlacesMap, MAP_GROUP_LISTED_MAX, MAP_LISTED_MAX } from '../../src/server/services/places-map';
import { makePlace, makePlaceTranslation } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * The map of every place as places-map.ts draws it (docs/decisions/042-map-of-every-place.md),
 * called directly on a real database: the groups of each zoom step, a filtered map (a theme's),
 * and the lists of the closest step, bounded however many places share a street.
 */

const lisbon = { location: 'Lisbon', country: 'Portugal' };
const names = (map: PlacesMapDto) => map.groups.map((group) => group.name);

describe('the groups of each zoom step', () => {
  let w: ServiceWorld;
  let map: ReturnType<typeof createPlacesMap>;
  let sintra: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    w = await openServiceWorld();
    map = createPlacesMap({ db: w.db });
    const first = await makePlace(w.db, { ...lisbon, title: 'Belém Tower', latitude: 38.6916, longitude: -9.216 });
    await makePlaceTranslation(w.db, first.id, 'de', { title: 'Turm von Belém', location: 'Lissabon' });
    await makePlace(w.db, { ...lisbon, title: 'Jerónimos', latitude: 38.6979, longitude: -9.2068 });
    await makePlace(w.db, { ...lisbon, title: 'Alfama', latitude: 38.7113, longitude: -9.1301 });
    sintra = await makePlace(w.db, {
      location: 'Sintra',
      country: 'Portugal',
      title: 'Pena Palace',
      latitude: 38.7876,
      longitude: -9.3905,
    });
    await makePlace(w.db, { ...lisbon, title: 'Secret Garden', state: 'draft', latitude: 38.7, longitude: -9.2 });
    await makePlace(w.db, { location: 'Tokyo', country: 'Japan', title: 'Shibuya', latitude: 35.66, longitude: 139.7 });
    await makePlace(w.db, { title: 'Nowhere', latitude: null, longitude: null });
  });
  afterAll(() => w.close());

  it('draws the whole world with one marker per region, west to east, named after the city most of its places are in', async () => {
    const world = await map.placesMap('en', WORLD_VIEW);
    expect([world.width, world.view]).toEqual([960, WORLD_VIEW]);
    // the land is an image of its own (decision 048): its file, at the address the view names
    expect(world.drawing).toMatch(/^\/api\/maps\/drawings\/view\/0-0-0\/[\w-]{16}\.svg$/);
    const land = map.landDrawing('0-0-0')!;
    expect(land.address).toBe(world.drawing);
    expect(land.body).toContain('<path d="M');
    expect(map.landDrawing('0-1-1')).toBeUndefined();
    expect(map.landDrawing('nowhere')).toBeUndefined();
    // a draft and a place without a position are on no map
    expect([world.total, world.inView]).toEqual([5, 5]);
    expect(names(world)).toEqual(['Lisbon', 'Shibuya']);
    const portugal = world.groups[0]!;
    expect(portugal).toMatchObject({ count: 4, slug: null, places: [] });
    expect(portugal.x).toBeLessThan(world.groups[1]!.x);
    // a lone place is a link to its page
    expect(world.groups[1]).toMatchObject({ count: 1, slug: expect.stringMatching(/^place-/), target: null });
  });

  it('names groups and places in the visitor’s language, English where there is no translation', async () => {
    const world = await map.placesMap('de', WORLD_VIEW);
    expect(names(world)).toEqual(['Lissabon', 'Shibuya']);
  });

  it('opens a group on a view that shows all its places, parting them step by step down to each place', async () => {
    let group = (await map.placesMap('en', WORLD_VIEW)).groups[0]!;
    const seen = new Set<string>();
    const stack = [group];
    let steps = 0;
    while (stack.length > 0) {
      group = stack.pop()!;
      if (group.slug) {
        seen.add(group.name);
        continue;
      }
      const view = await map.placesMap('en', group.target!);
      expect(view.view.z).toBeGreaterThan(0);
      expect([view.width, view.height]).toEqual([960, 640]);
      // the opened view shows every place of the group (perhaps with others near it)
      expect(view.inView).toBeGreaterThanOrEqual(group.count);
      stack.push(...view.groups.filter((inner) => inner.count < group.count || inner.slug));
      steps++;
    }
    expect([...seen].sort()).toEqual(['Alfama', 'Belém Tower', 'Jerónimos', 'Pena Palace']);
    expect(steps).toBeGreaterThan(0);
  });

  it('shows only the places a filter keeps (a theme’s map), kept apart from the whole map', async () => {
    await w.db.insert(placeThemes).values({ placeId: sintra.id, theme: 'castles', position: 0 });
    const castles = await map.placesMap('en', WORLD_VIEW, themeMapFilter('castles'), 'castles-and-palaces');
    expect(castles).toMatchObject({ total: 1, inView: 1, theme: 'castles-and-palaces' });
    expect(castles.groups.map((g) => [g.name, g.slug])).toEqual([['Pena Palace', sintra.slug]]);
    const all = await map.placesMap('en', WORLD_VIEW);
    expect([all.total, all.theme]).toEqual([5, null]);
    expect((await map.placesMap('en', WORLD_VIEW, themeMapFilter('museums'))).groups).toEqual([]);
    await w.db.delete(placeThemes).where(eq(placeThemes.placeId, sintra.id));
    expect((await map.placesMap('en', WORLD_VIEW, themeMapFilter('castles'))).total).toBe(0);
  });

  it('shows a place published since, and drops one made a draft, at the next request', async () => {
    await w.db.update(places).set({ state: 'published' }).where(eq(places.title, 'Secret Garden'));
    expect((await map.placesMap('en', WORLD_VIEW)).total).toBe(6);
    await w.db.update(places).set({ state: 'draft' }).where(eq(places.title, 'Secret Garden'));
    expect((await map.placesMap('en', WORLD_VIEW)).total).toBe(5);
  });

  it('refuses a view that does not exist with a 400', async () => {
    for (const view of [
      { z: MAP_MAX_ZOOM + 1, x: 0, y: 1 },
      { z: 2, x: 4, y: 1 },
      { z: 2, x: 1, y: 4 },
      { z: -1, x: 0, y: 0 },
    ]) {
      await expect(map.placesMap('en', view), JSON.stringify(view)).rejects.toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    }
  });
});

describe('the closest step', () => {
  let w: ServiceWorld;
  let map: ReturnType<typeof createPlacesMap>;
  /** A view of the closest step in Lisbon, and the groups' cells across it. */
  const n = cellsAt(MAP_MAX_ZOOM);
  const view: MapView = { z: MAP_MAX_ZOOM, x: 2 * Math.round(0.4746 * (n / 2)), y: 2 * Math.round(0.3866 * (n / 2)) };
  const cell = 1 / cellsAt(groupLevel(MAP_MAX_ZOOM));
  const GROUPS = 12;
  const EACH = MAP_GROUP_LISTED_MAX + 1;

  beforeAll(async () => {
    w = await openServiceWorld();
    map = createPlacesMap({ db: w.db });
    // GROUPS spots a street apart across the view, each with more places than a group lists
    const rows = [];
    for (let g = 0; g < GROUPS; g++) {
      const at = fromUnits(view.x / n + (g - GROUPS / 2 + 0.5) * cell, view.y / n + cell / 2);
      for (let i = 0; i < EACH; i++)
        rows.push({
          slug: `spot-${g}-place-${i}`,
          title: `Spot ${g} place ${i}`,
          description: 'A place.',
          fullDescription: 'A place.',
          imageUrl: '/media/web/x.jpg',
          originalImagePath: '/media/originals/x.jpg',
          ...lisbon,
          date: '2024-05-01',
          latitude: at.latitude,
          longitude: at.longitude,
        });
    }
    await w.db.insert(places).values(rows);
  });
  afterAll(() => w.close());

  it(`lists the places of each group, at most ${MAP_GROUP_LISTED_MAX} a group and ${MAP_LISTED_MAX} a view`, async () => {
    const closest = await map.placesMap('en', view);
    expect(closest.inView).toBe(GROUPS * EACH);
    expect(closest.groups).toHaveLength(GROUPS);
    const listed = closest.groups.map((group) => group.places.length);
    for (const group of closest.groups) {
      expect(group).toMatchObject({ count: EACH, slug: null, target: null, name: 'Lisbon' });
      expect(group.places.length).toBeLessThanOrEqual(MAP_GROUP_LISTED_MAX);
    }
    expect(listed.reduce((sum, count) => sum + count, 0)).toBe(MAP_LISTED_MAX);
    // west to east: the first groups list theirs in full, the last ones none
    expect(listed.slice(0, 10)).toEqual(Array(10).fill(MAP_GROUP_LISTED_MAX));
    expect(listed.slice(10)).toEqual([0, 0]);
    // each group lists its own places, by their titles
    for (const [g, group] of closest.groups.entries())
      for (const place of group.places) expect(place.title.startsWith(`Spot ${g} place `), place.title).toBe(true);
  });

  it('one step farther, each group opens on the closest step instead of listing its places', async () => {
    const farther = await map.placesMap('en', { z: MAP_MAX_ZOOM - 1, x: view.x / 2, y: view.y / 2 });
    expect(farther.inView).toBe(GROUPS * EACH);
    for (const group of farther.groups) {
      expect(group.places).toEqual([]);
      expect(group.target!.z).toBe(MAP_MAX_ZOOM);
    }
  });
});
