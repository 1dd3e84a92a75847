import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogService } from '../../src/server/services/catalog';
import { createCompanionService } from '../../src/server/services/companion';
import { gpx, kml } from '../../src/server/services/companion-formats';
import { createMapService } from '../../src/server/services/maps';
import { createNearbyService } from '../../src/server/services/nearby';
import { makeCity, makeCountry, makePlace, makePlaceTranslation } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/** The public reads, called directly on a real database: what a visitor's pages are made of. */
let w: ServiceWorld;
let tower: Awaited<ReturnType<typeof makePlace>>;
beforeAll(async () => {
  w = await openServiceWorld();
  await makeCountry(w.db, { name: 'Portugal', slug: 'portugal' });
  await makeCity(w.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon' });
  const lisbon = { location: 'Lisbon', country: 'Portugal' };
  tower = await makePlace(w.db, {
    ...lisbon,
    title: 'Belém Tower',
    slug: 'belem-tower',
    latitude: 38.6916,
    longitude: -9.216,
  });
  await makePlaceTranslation(w.db, tower.id, 'de', { title: 'Turm von Belém' });
  await makePlace(w.db, {
    ...lisbon,
    title: 'Jerónimos Monastery',
    slug: 'jeronimos',
    latitude: 38.6979,
    longitude: -9.2068,
  });
  await makePlace(w.db, {
    ...lisbon,
    title: 'Secret Garden',
    slug: 'secret-garden',
    state: 'draft',
    latitude: 38.692,
    longitude: -9.215,
  });
});
afterAll(() => w.close());

describe('catalog', () => {
  const catalog = () =>
    createCatalogService({ db: w.db, site: { settings: w.config.site, texts: w.config.siteTexts } });

  it('shows published places only, in the visitor’s language when written, else English', async () => {
    const page = await catalog().places({}, 'de', { limit: 10 });
    const titles = page.items.map((card) => card.title);
    expect(titles).toEqual(expect.arrayContaining(['Turm von Belém', 'Jerónimos Monastery']));
    expect(titles).not.toContain('Secret Garden');
    await expect(catalog().placeBySlug('secret-garden', 'en')).rejects.toMatchObject({ code: 'not_found' });
    expect((await catalog().placePage('secret-garden', 'en', true)).place.title).toBe('Secret Garden');
  });
});

describe('nearby', () => {
  it('answers the other published places around a place, nearest first, in metres', async () => {
    const near = await createNearbyService({ db: w.db }).nearby(tower.id, 'en');
    expect(near.map((p) => p.title)).toEqual(['Jerónimos Monastery']);
    expect(near[0]!.distanceMeters).toBeGreaterThan(500);
    expect(near[0]!.distanceMeters).toBeLessThan(1500);
    await expect(createNearbyService({ db: w.db }).nearby('not-an-id', 'en')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('maps', () => {
  it('draws a place’s locator map with its pin, and none for a place without a position', async () => {
    const maps = createMapService({ db: w.db });
    // its country's outline as an image (decision 048), the pin over it
    expect((await maps.placeMap(tower.id)).svg).toMatch(
      /^<img src="\/api\/maps\/drawings\/locator\/620\/[\w-]+\.svg"[^>]*><svg[\s\S]*#dc2626[\s\S]*<\/svg>$/,
    );
    const nowhere = await makePlace(w.db, { latitude: null, longitude: null });
    expect((await maps.placeMap(nowhere.id)).svg).toBeNull();
  });
});

describe('companion exports', () => {
  it('puts a city’s published places into GPX and KML with their positions and page addresses', async () => {
    const read = await createCompanionService({ db: w.db }).placesAt('lisbon', 'en');
    expect(read.places.map((p) => p.title).sort()).toEqual(['Belém Tower', 'Jerónimos Monastery']);
    const site = { publicUrl: 'https://travel.example', siteName: 'Travel Places' };
    const file = gpx(read, site);
    expect(file).toContain('<wpt lat="38.6916" lon="-9.216">');
    expect(file).toContain('https://travel.example/en/belem-tower');
    expect(kml({ lang: read.lang, name: 'Lisbon & around', slug: undefined, places: read.places }, site)).toContain(
      'Lisbon &amp; around',
    );
  });
});
