import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { places } from '../src/server/db/schema';
import { makeCity, makeCountry, makeCountryTranslation, makePlace, makePlaceTranslation } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { checkXml, GPX_XSD } from './helpers/xml-check';

/** A city's places as GPX 1.1 and KML downloads (docs/decisions/022-companion-exports.md). */
describe('GPX and KML downloads', () => {
  let t: TestApp;
  const kyotoPlaces: Array<Awaited<ReturnType<typeof makePlace>>> = [];

  beforeAll(async () => {
    t = await createTestApp();
    await makeCountry(t.db, { name: 'Japan', slug: 'japan' });
    await makeCity(t.db, { name: 'Kyoto', country: 'Japan', slug: 'kyoto' });
    const kyoto = { location: 'Kyoto', country: 'Japan' };
    kyotoPlaces.push(
      await makePlace(t.db, {
        ...kyoto,
        slug: 'golden-pavilion',
        title: 'Golden Pavilion & <garden>',
        description: 'A gilded temple "by" a mirror pond.',
        latitude: 35.0394,
        longitude: 135.7292,
      }),
      await makePlace(t.db, {
        ...kyoto,
        slug: 'fushimi-inari',
        title: 'Fushimi Inari',
        latitude: 34.9671,
        longitude: 135.7727,
      }),
      await makePlace(t.db, {
        ...kyoto,
        slug: 'kiyomizu',
        title: 'Kiyomizu-dera',
        latitude: 34.9949,
        longitude: 135.785,
      }),
    );
    await makePlaceTranslation(t.db, kyotoPlaces[0]!.id, 'de', {
      title: 'Goldener Pavillon',
      description: 'Ein vergoldeter Tempel an einem Spiegelteich.',
    });
    // a draft and a place without a position are not waypoints
    await makePlace(t.db, { ...kyoto, slug: 'draft-in-kyoto', state: 'draft', latitude: 35.01, longitude: 135.76 });
    await makePlace(t.db, { ...kyoto, slug: 'nowhere-in-kyoto', latitude: null, longitude: null });
    await makePlace(t.db, {
      location: 'Osaka',
      country: 'Japan',
      slug: 'osaka-castle',
      latitude: 34.6873,
      longitude: 135.5262,
    });
  });

  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('downloads a city as GPX 1.1 that validates against the schema, one waypoint per place, in the page language', async () => {
    const en = await get('/en/kyoto/places.gpx');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(en.headers['content-disposition']).toBe('attachment; filename="kyoto-en.gpx"');
    const de = await get('/de/kyoto/places.gpx');
    const [enReport, deReport] = await checkXml([en.body, de.body], {
      xsd: GPX_XSD,
      xpaths: [
        'count(/gpx:gpx/gpx:wpt)',
        'string(/gpx:gpx/gpx:wpt[gpx:link/@href="http://localhost:3000/{lang}/golden-pavilion"]/gpx:name)',
        'string(/gpx:gpx/gpx:metadata/gpx:name)',
      ].map((x) => x.replace('{lang}', 'en')),
    });
    expect(enReport).toMatchObject({ wellFormed: true, errors: [] });
    expect(deReport).toMatchObject({ wellFormed: true, errors: [] });
    expect(enReport!.values[0]).toBe(String(kyotoPlaces.length));
    expect(enReport!.values[1]).toBe('Golden Pavilion & <garden>');
    expect(enReport!.values[2]).toBe('Kyoto');
    expect(de.body).toContain('<name>Goldener Pavillon</name>');
    expect(de.body).toContain('<desc>Ein vergoldeter Tempel an einem Spiegelteich.</desc>');
    expect(de.body).toContain(`<link href="${t.config.publicUrl}/de/golden-pavilion">`);
    expect(en.body).toContain(`<wpt lat="35.0394" lon="135.7292">`);
    expect(en.body).not.toContain('draft-in-kyoto');
    expect(en.body).not.toContain('osaka-castle');
  });

  it('downloads a city as well-formed KML with one Placemark per place', async () => {
    const response = await get('/fr/kyoto/places.kml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="kyoto-fr.kml"');
    const [report] = await checkXml([response.body], {
      xpaths: ['count(/kml:kml/kml:Document/kml:Placemark)', 'count(//kml:Placemark/kml:Point/kml:coordinates)'],
    });
    expect(report).toMatchObject({ wellFormed: true, errors: [], values: ['3', '3'] });
    // KML puts the longitude first
    expect(response.body).toContain('<coordinates>135.7292,35.0394</coordinates>');
  });

  it('writes a hostile place text into KML as characters no map viewer turns into markup', async () => {
    const hostile = `<img src=x onerror="alert('kml')"> & <script>alert(1)</script> ]]> <b>bold</b>`;
    await makePlace(t.db, {
      location: 'Gyeongju',
      country: 'South Korea',
      slug: 'hostile-deer-park',
      title: 'Deer park',
      description: hostile,
      latitude: 34.685,
      longitude: 135.843,
    });
    const response = await get('/en/hostile-deer-park/places.kml');
    expect(response.statusCode).toBe(200);
    const [report] = await checkXml([response.body], { xpaths: ['string(//kml:Placemark/kml:description)'] });
    expect(report).toMatchObject({ wellFormed: true, errors: [] });
    // What Google Earth and My Maps read as HTML (the element's text once the XML is parsed)
    // holds no tag at all; read as HTML, it is the text as written, followed by the page's address.
    const asHtml = report!.values[0]!;
    expect(asHtml).not.toMatch(/[<>]/);
    const shown = asHtml
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
    expect(shown).toBe(`${hostile}\n${t.config.publicUrl}/en/hostile-deer-park`);
  });

  it('downloads a country, a place and a list of ids; an address no page has is 404', async () => {
    const japan = await get('/en/japan/places.gpx');
    const place = await get('/en/fushimi-inari/places.kml');
    const list = await get(`/es/places.gpx?ids=${kyotoPlaces[0]!.id},${kyotoPlaces[1]!.id},not-an-id`);
    const [japanReport, placeReport, listReport] = await checkXml([japan.body, place.body, list.body], {
      xpaths: ['count(//gpx:wpt)', 'count(//kml:Placemark)'],
    });
    expect(japanReport!.values[0]).toBe('4'); // Kyoto's three and Osaka's castle
    expect(placeReport!.values[1]).toBe('1');
    expect(listReport!.values[0]).toBe('2');
    expect(list.headers['content-disposition']).toBe('attachment; filename="places-es.gpx"');
    expect((await get('/en/no-such-page/places.gpx')).statusCode).toBe(404);
    expect((await get('/pt/kyoto/places.gpx')).statusCode).toBe(404);
    const tooMany = await get(`/en/places.kml?ids=${Array.from({ length: 101 }, () => kyotoPlaces[0]!.id).join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: string }>().error).toContain('at most 100 place ids');
  });

  it('keeps a download in the cache until one of its places changes', async () => {
    const first = await get('/en/kyoto/places.gpx');
    const again = await get('/en/kyoto/places.gpx');
    expect(again.headers['cache-status']).toContain('hit');
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    await t.db.update(places).set({ title: 'Kinkaku-ji' }).where(eq(places.id, kyotoPlaces[0]!.id));
    const changed = await get('/en/kyoto/places.gpx');
    expect(changed.headers['cache-status']).not.toContain('hit');
    expect(changed.body).toContain('<name>Kinkaku-ji</name>');
  });

  it('names a country in the page language', async () => {
    const france = await makeCountry(t.db, { name: 'France', slug: 'france' });
    await makeCountryTranslation(t.db, france.id, 'de', 'Frankreich');
    await makePlace(t.db, { location: 'Paris', country: 'France' });
    const response = await get('/de/france/places.gpx');
    expect(response.body).toContain('<name>Frankreich</name>');
  });
});
