import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyPlaceDto } from '../src/shared/api/nearby';
import { makeCity, makeCountry, makePlace, makePlaceTranslation } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Metres per degree of latitude on the mean Earth sphere. */
const DEGREE_M = (6_371_008.8 * Math.PI) / 180;

/** Great-circle distance in metres (haversine), as the page should report it. */
function haversine(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const BELEM = { latitude: 38.6916, longitude: -9.216 };

describe('nearby places', () => {
  let t: TestApp;
  let home: Awaited<ReturnType<typeof makePlace>>;
  const others: Array<Awaited<ReturnType<typeof makePlace>>> = [];

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    const lisbon = { location: 'Lisbon', country: 'Portugal' };
    home = await makePlace(t.db, { ...lisbon, title: 'Belém Tower', ...BELEM });
    // 2.3 km due north: "2,3 km" on the German page
    others.push(
      await makePlace(t.db, {
        ...lisbon,
        title: 'North of the tower',
        latitude: BELEM.latitude + 2300 / DEGREE_M,
        longitude: BELEM.longitude,
      }),
    );
    others.push(await makePlace(t.db, { ...lisbon, title: 'Jerónimos', latitude: 38.6979, longitude: -9.2068 }));
    others.push(await makePlace(t.db, { ...lisbon, title: 'Alfama', latitude: 38.7113, longitude: -9.1301 }));
    others.push(
      await makePlace(t.db, {
        location: 'Sintra',
        country: 'Portugal',
        title: 'Pena',
        latitude: 38.7876,
        longitude: -9.3904,
      }),
    );
    others.push(
      await makePlace(t.db, {
        location: 'Porto',
        country: 'Portugal',
        title: 'Ribeira',
        latitude: 41.1408,
        longitude: -8.6131,
      }),
    );
    others.push(
      await makePlace(t.db, {
        location: 'Madrid',
        country: 'Spain',
        title: 'Prado',
        latitude: 40.4138,
        longitude: -3.6921,
      }),
    );
    // on another continent: never listed
    others.push(
      await makePlace(t.db, {
        location: 'Tokyo',
        country: 'Japan',
        title: 'Shibuya',
        latitude: 35.6595,
        longitude: 139.7005,
      }),
    );
    await makePlace(t.db, { ...lisbon, title: 'Somewhere without GPS', latitude: null, longitude: null });
    await makePlaceTranslation(t.db, others[0]!.id, 'de', { title: 'Nördlich vom Turm', location: 'Lissabon' });
    await makeCity(t.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon' });
    await makeCountry(t.db, { name: 'Portugal', slug: 'portugal' });
    await makeCountry(t.db, { name: 'Japan', slug: 'japan' });
  });
  afterAll(() => t.close());

  it('lists the other places within 50 km, nearest first, from other cities too, never far ones', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/places/${home.id}/nearby?languageCode=en` });
    expect(response.statusCode).toBe(200);
    const nearby = response.json<NearbyPlaceDto[]>();
    // Porto (275 km), Madrid (500 km) and Tokyo (11,000 km) are not near
    expect(nearby.map((p) => p.title)).toEqual(['Jerónimos', 'North of the tower', 'Alfama', 'Pena']);
    expect(nearby.map((p) => p.id)).not.toContain(home.id);
    const distances = nearby.map((p) => p.distanceMeters);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const place of nearby) {
      const row = others.find((o) => o.id === place.id)!;
      const expected = haversine(BELEM, { latitude: row.latitude!, longitude: row.longitude! });
      expect(Math.abs(place.distanceMeters - expected), place.title).toBeLessThanOrEqual(1);
    }
    expect(nearby.find((p) => p.title === 'Pena')).toMatchObject({ location: 'Sintra', country: 'Portugal' });
    for (const place of nearby) expect(place.distanceMeters).toBeLessThanOrEqual(50_000);
  });

  it('lists nothing for a place with no other place within 50 km', async () => {
    const tokyo = others.find((o) => o.title === 'Shibuya')!;
    const response = await t.app.inject({ method: 'GET', url: `/api/places/${tokyo.id}/nearby?languageCode=en` });
    expect(response.json()).toEqual([]);
  });

  it('measures across the antimeridian and near a pole as on the globe', async () => {
    // Taveuni, Fiji, sits on the 180th meridian: 12 km east of it is 12 km away, not 40,000 km
    const fiji = { location: 'Taveuni', country: 'Fiji' };
    const west = await makePlace(t.db, { ...fiji, title: 'West of the line', latitude: -16.85, longitude: 179.95 });
    const east = await makePlace(t.db, { ...fiji, title: 'East of the line', latitude: -16.86, longitude: -179.94 });
    // two huts 3 km apart near the North Pole, a quarter of the way round from each other
    const arctic = { location: 'North Pole', country: 'Arctic' };
    const hut = await makePlace(t.db, { ...arctic, title: 'First hut', latitude: 89.98, longitude: 0 });
    const other = await makePlace(t.db, { ...arctic, title: 'Second hut', latitude: 89.98, longitude: 90 });
    for (const [from, to] of [
      [west, east],
      [hut, other],
    ] as const) {
      const nearby = (await t.app.inject({ method: 'GET', url: `/api/places/${from.id}/nearby?languageCode=en` })).json<
        NearbyPlaceDto[]
      >();
      expect(nearby.map((p) => p.title)).toEqual([to.title]);
      const expected = haversine(
        { latitude: from.latitude!, longitude: from.longitude! },
        { latitude: to.latitude!, longitude: to.longitude! },
      );
      expect(Math.abs(nearby[0]!.distanceMeters - expected)).toBeLessThanOrEqual(1);
    }
  });

  it('names places in the visitor’s language, the untranslated in English', async () => {
    const nearby = (await t.app.inject({ method: 'GET', url: `/api/places/${home.id}/nearby?languageCode=de` })).json<
      NearbyPlaceDto[]
    >();
    expect(nearby.find((p) => p.id === others[0]!.id)).toMatchObject({
      title: 'Nördlich vom Turm',
      location: 'Lissabon',
      languageCode: 'de',
    });
    // no translation: English title, and the country named in German all the same
    expect(nearby.find((p) => p.title === 'Pena')).toMatchObject({ languageCode: 'en', country: 'Portugal' });
    const zh = (await t.app.inject({ method: 'GET', url: `/api/places/${home.id}/nearby?languageCode=zh` })).json<
      NearbyPlaceDto[]
    >();
    expect(zh.find((p) => p.title === 'Pena')).toMatchObject({ languageCode: 'en', country: '葡萄牙' });
  });

  it('answers 404 for a place that does not exist and an empty list for one without coordinates', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/places/${id}/nearby` });
      expect(response.statusCode, id).toBe(404);
      expect(typeof response.json().error).toBe('string');
    }
    const lone = await makePlace(t.db, { latitude: null, longitude: null });
    const response = await t.app.inject({ method: 'GET', url: `/api/places/${lone.id}/nearby` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('shows them on the place page under their own heading, with distances as German writes them', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/de/${home.slug}` });
    expect(page.statusCode).toBe(200);
    const nearby = page.body.slice(page.body.indexOf('id="nearby-title"'));
    expect(nearby).toContain('In der Nähe');
    expect(nearby).toContain('Nördlich vom Turm');
    expect(nearby).toContain('2,3 km');
    expect(nearby).toMatch(/Pena[\s\S]*?18,5 km/);
    expect(nearby).not.toContain('Prado');
    // four places are near: no need to point to the rest of the country
    expect(nearby.slice(0, nearby.indexOf('</section>'))).not.toContain('Mehr in Portugal');
    // 'See also in Lisbon' stays within the city: no Madrid there
    const seeAlso = page.body.slice(page.body.indexOf('id="related-title"'), page.body.indexOf('<footer'));
    expect(seeAlso).toContain('Alfama');
    expect(seeAlso).not.toContain('Prado');
    const english = await t.app.inject({ method: 'GET', url: `/en/${home.slug}` });
    expect(english.body).toContain('>Nearby<');
    expect(english.body).toContain('2.3 km');
  });

  it('points to the rest of the country, not to far places, when few or none are near', async () => {
    const ribeira = others.find((o) => o.title === 'Ribeira')!;
    const page = await t.app.inject({ method: 'GET', url: `/en/${ribeira.slug}` });
    expect(page.statusCode).toBe(200);
    const nearby = page.body.slice(page.body.indexOf('id="nearby-title"'), page.body.indexOf('id="related-title"'));
    expect(nearby).toContain('No other places within 50 km.');
    expect(nearby).toMatch(/<a [^>]*href="\/en\/portugal"[^>]*>More in Portugal<\/a>/);
    expect(nearby).not.toContain('Belém');
    expect(nearby).not.toContain('Prado');
    const tokyo = others.find((o) => o.title === 'Shibuya')!;
    const german = await t.app.inject({ method: 'GET', url: `/de/${tokyo.slug}` });
    const section = german.body.slice(german.body.indexOf('id="nearby-title"'));
    expect(section).toContain('Keine anderen Orte im Umkreis von 50 km.');
    expect(section).toMatch(/href="\/de\/japan"[^>]*>Mehr in Japan</);
    expect(section).not.toContain('Lisbon');
  });
});
