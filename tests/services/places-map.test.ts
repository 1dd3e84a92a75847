import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapGroupDto, PlacesMapDto } from '../../src/shared/api/maps';
import { MAP_MAX_ZOOM, WORLD_VIEW, type MapView } from '../../src/shared/map-view';
import { places, placeThemes } from '../../src/server/db/schema';
import { toUnits } from '../../src/server/services/map-grid';
import { createMapService } from '../../src/server/services/maps';
import { makePlace, makePlaceTranslation } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/** The map of every place, read straight from the service on a real database. */
let w: ServiceWorld;
const lisbon = { location: 'Lisbon', country: 'Portugal' };
let maps: ReturnType<typeof createMapService>;

beforeAll(async () => {
  w = await openServiceWorld();
  maps = createMapService({ db: w.db });
  const tower = await makePlace(w.db, {
    ...lisbon,
    title: 'Belém Tower',
    slug: 'belem-tower',
    latitude: 38.6916,
    longitude: -9.216,
  });
  await makePlaceTranslation(w.db, tower.id, 'de', { title: 'Turm von Belém', location: 'Lissabon' });
  await makePlace(w.db, { ...lisbon, title: 'Jerónimos', slug: 'jeronimos', latitude: 38.6979, longitude: -9.2068 });
  await makePlace(w.db, { ...lisbon, title: 'Alfama', slug: 'alfama', latitude: 38.7113, longitude: -9.1301 });
  await makePlace(w.db, {
    ...lisbon,
    title: 'Secret Garden',
    slug: 'secret-garden',
    state: 'draft',
    latitude: 38.692,
    longitude: -9.215,
  });
  await makePlace(w.db, {
    location: 'Tokyo',
    country: 'Japan',
    title: 'Shibuya',
    slug: 'shibuya',
    latitude: 35.6595,
    longitude: 139.7005,
  });
  await makePlace(w.db, {
    location: 'Nowhere',
    country: 'France',
    slug: 'no-position',
    latitude: null,
    longitude: null,
  });
});
afterAll(() => w.close());

const groupNamed = (map: PlacesMapDto, name: string) => map.groups.find((g) => g.name === name);

/** Every place a group leads to, opening views down to the closest step: the map's own way in. */
async function placesUnder(group: MapGroupDto, lang = 'en'): Promise<string[]> {
  if (group.slug !== null) return [group.slug];
  if (!group.target) return group.places.map((p) => p.slug);
  const view = await maps.placesMap(lang, group.target);
  const found: string[] = [];
  for (const inner of view.groups) found.push(...(await placesUnder(inner, lang)));
  return found;
}

describe('the map of every place', () => {
  it('groups the published places of the whole world, each group counting exactly the places it opens to', async () => {
    const world = await maps.placesMap('en', WORLD_VIEW);
    expect(world.total).toBe(4);
    expect(world.inView).toBe(4);
    const lisbonGroup = groupNamed(world, 'Lisbon')!;
    expect(lisbonGroup.count).toBe(3);
    expect(lisbonGroup.slug).toBeNull();
    expect(lisbonGroup.target!.z).toBeGreaterThan(0);
    const opened = await placesUnder(lisbonGroup);
    expect(opened.sort()).toEqual(['alfama', 'belem-tower', 'jeronimos']);
    for (const group of world.groups) expect(await placesUnder(group), group.name).toHaveLength(group.count);
  });

  it('links a lone place to its page by its address, with its title in the visitor’s language', async () => {
    const world = await maps.placesMap('de', WORLD_VIEW);
    expect(world.groups.find((g) => g.slug === 'shibuya')).toMatchObject({ count: 1, name: 'Shibuya' });
    // a group is named after its main city, as the visitor's language writes it
    expect(groupNamed(world, 'Lissabon')?.count).toBe(3);
    const opened = await maps.placesMap('de', groupNamed(world, 'Lissabon')!.target!);
    const names = opened.groups.flatMap((g) => (g.slug ? [g.name] : g.places.map((p) => p.title)));
    expect(names.join(' ')).not.toContain('Secret Garden');
  });

  it('never shows a draft or a place without a position, at any step', async () => {
    const slugs: string[] = [];
    for (const group of (await maps.placesMap('en', WORLD_VIEW)).groups) slugs.push(...(await placesUnder(group)));
    expect(slugs.sort()).toEqual(['alfama', 'belem-tower', 'jeronimos', 'shibuya']);
    // the closest view around the draft lists only the published places near it
    const draft = toUnits(38.692, -9.215);
    const n = 2 ** MAP_MAX_ZOOM;
    const closest: MapView = { z: MAP_MAX_ZOOM, x: Math.round(draft.u * n), y: Math.round(draft.v * n) };
    const near = await maps.placesMap('en', closest);
    expect(JSON.stringify(near)).not.toContain('secret-garden');
  });

  it('lists the places of a group at the closest step, where zooming further cannot part them', async () => {
    const spot = await makePlace(w.db, {
      ...lisbon,
      title: 'Tower Gardens',
      slug: 'tower-gardens',
      latitude: 38.6918,
      longitude: -9.2158,
    });
    const at = toUnits(38.6917, -9.2159);
    const n = 2 ** MAP_MAX_ZOOM;
    const closest = await maps.placesMap('en', { z: MAP_MAX_ZOOM, x: Math.round(at.u * n), y: Math.round(at.v * n) });
    const group = closest.groups.find((g) => g.count === 2)!;
    expect(group).toMatchObject({ slug: null, target: null, name: 'Lisbon' });
    expect(group.places.map((p) => p.title).sort()).toEqual(['Belém Tower', 'Tower Gardens']);
    await w.db.delete(places).where(eq(places.id, spot.id));
  });

  it('shows what was published since, once the content changed', async () => {
    const before = (await maps.placesMap('en', WORLD_VIEW)).total;
    await w.db.update(places).set({ state: 'published' }).where(eq(places.slug, 'secret-garden'));
    expect((await maps.placesMap('en', WORLD_VIEW)).total).toBe(before + 1);
    await w.db.update(places).set({ state: 'draft' }).where(eq(places.slug, 'secret-garden'));
    expect((await maps.placesMap('en', WORLD_VIEW)).total).toBe(before);
  });

  it('shows one theme’s places only (?theme=), kept apart from the whole map; an unknown theme is a 400', async () => {
    const [shibuya] = await w.db.select({ id: places.id }).from(places).where(eq(places.slug, 'shibuya'));
    await w.db.insert(placeThemes).values({ placeId: shibuya!.id, theme: 'modern', position: 0 });
    const modern = await maps.placesMap('en', WORLD_VIEW, 'modern-architecture');
    expect(modern.total).toBe(1);
    expect(modern.theme).toBe('modern-architecture');
    expect(modern.groups.map((g) => g.slug)).toEqual(['shibuya']);
    expect((await maps.placesMap('en', WORLD_VIEW, 'castles-and-palaces')).total).toBe(0);
    const all = await maps.placesMap('en', WORLD_VIEW);
    expect([all.total, all.theme]).toEqual([4, null]);
    await expect(maps.placesMap('en', WORLD_VIEW, 'no-such-theme')).rejects.toMatchObject({
      status: 400,
      code: 'theme_unknown',
    });
    await w.db.delete(placeThemes).where(eq(placeThemes.placeId, shibuya!.id));
  });

  it('refuses a view that does not exist with a 400, never drawing it', async () => {
    for (const view of [
      { z: MAP_MAX_ZOOM + 1, x: 0, y: 1 },
      { z: 3, x: 8, y: 1 },
      { z: 3, x: 2, y: 0 },
      { z: 0, x: 1, y: 0 },
      { z: 1.5, x: 0, y: 1 },
    ]) {
      await expect(maps.placesMap('en', view), JSON.stringify(view)).rejects.toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    }
  });
});
