import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { places } from '../src/server/db/schema';
import { makeCountry, makeCountryTranslation, makePlace, makePlaceTranslation } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';
import { checkXml } from './helpers/xml-check';

/** The RFC 4287 elements every feed and entry must have, as XPath counts and texts. */
const ATOM_CHECKS = [
  'count(/atom:feed)',
  'string(/atom:feed/@xml:lang)',
  'count(/atom:feed/atom:id)',
  'count(/atom:feed/atom:title)',
  'count(/atom:feed/atom:updated)',
  'count(/atom:feed/atom:author/atom:name)',
  'string(/atom:feed/atom:link[@rel="self"]/@href)',
  'count(/atom:feed/atom:entry)',
  // entries lacking a required element, or with a relative link
  'count(/atom:feed/atom:entry[count(atom:id) != 1 or count(atom:title) != 1 or count(atom:updated) != 1])',
  'count(/atom:feed/atom:entry[not(atom:link[@rel="alternate" and starts-with(@href, "http")])])',
  'count(/atom:feed/atom:entry[not(atom:link[@rel="enclosure" and starts-with(@href, "http")])])',
  'count(/atom:feed/atom:entry[not(atom:summary)])',
  'string(/atom:feed/atom:entry[1]/atom:title)',
  'string(/atom:feed/atom:entry[1]/atom:id)',
  // RFC 3339 dates (xsd:dateTime-like with a zone)
  'count(//atom:updated[not(contains(., "T") and substring(., string-length(.)) = "Z")])',
];

describe('Atom feeds of new places', () => {
  let t: TestApp;
  let newest: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    const japan = await makeCountry(t.db, { name: 'Japan', slug: 'japan' });
    await makeCountryTranslation(t.db, japan.id, 'de', 'Japan');
    // 55 older places in France, then the newest three in Japan
    for (let i = 0; i < 55; i++) {
      await makePlace(t.db, { title: `Old place ${i}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)) });
    }
    for (let i = 0; i < 2; i++) {
      await makePlace(t.db, {
        location: 'Kyoto',
        country: 'Japan',
        title: `Kyoto place ${i}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
    }
    newest = await makePlace(t.db, {
      location: 'Kyoto',
      country: 'Japan',
      slug: 'golden-pavilion',
      title: 'Golden Pavilion',
      createdAt: new Date(Date.UTC(2025, 5, 1)),
    });
    await makePlaceTranslation(t.db, newest.id, 'de', {
      title: 'Goldener Pavillon',
      description: 'Ein goldener Tempel.',
    });
    await makePlace(t.db, {
      title: 'A draft',
      slug: 'a-draft',
      state: 'draft',
      createdAt: new Date(Date.UTC(2026, 0, 1)),
    });
  });

  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves /en/feed.xml and /de/feed.xml as valid Atom: the 50 newest places in their language, absolute links', async () => {
    const en = await get('/en/feed.xml');
    const de = await get('/de/feed.xml');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const [enReport, deReport] = await checkXml([en.body, de.body], { xpaths: ATOM_CHECKS });
    expect(enReport).toMatchObject({ wellFormed: true, errors: [] });
    const base = t.config.publicUrl;
    expect(enReport!.values).toEqual([
      '1',
      'en',
      '1',
      '1',
      '1',
      '1',
      `${base}/en/feed.xml`,
      '50',
      '0',
      '0',
      '0',
      '0',
      'Golden Pavilion',
      expect.stringMatching(/^tag:[^,]+,2025-06-01:place:[0-9a-f-]{36}:en$/),
      '0',
    ]);
    expect(deReport!.values.slice(0, 2)).toEqual(['1', 'de']);
    expect(deReport!.values[7]).toBe('50');
    expect(deReport!.values[12]).toBe('Goldener Pavillon');
    expect(de.body).toContain(`href="${base}/de/golden-pavilion"`);
    expect(en.body).not.toContain('A draft');
    expect(en.body).not.toContain('Old place 4<'); // the five oldest are past the 50
  });

  it('serves a country feed with only its places; unknown countries and languages are 404', async () => {
    const japan = await get('/en/japan/feed.xml');
    const [report] = await checkXml([japan.body], { xpaths: ATOM_CHECKS });
    expect(report).toMatchObject({ wellFormed: true, errors: [] });
    expect(report!.values[6]).toBe(`${t.config.publicUrl}/en/japan/feed.xml`);
    expect(report!.values[7]).toBe('3');
    expect((await get('/en/atlantis/feed.xml')).statusCode).toBe(404);
    expect((await get('/pt/feed.xml')).statusCode).toBe(404);
  });

  it('keeps a feed cached until a place in it changes', async () => {
    await get('/en/feed.xml');
    expect((await get('/en/feed.xml')).headers['cache-status']).toContain('hit');
    await t.db.update(places).set({ title: 'Kinkaku-ji' }).where(eq(places.id, newest.id));
    const changed = await get('/en/feed.xml');
    expect(changed.headers['cache-status']).not.toContain('hit');
    expect(changed.body).toContain('<title type="text">Kinkaku-ji</title>');
    // a new place enters the feed at once
    await makePlace(t.db, { title: 'Brand new place', createdAt: new Date(Date.UTC(2026, 5, 1)) });
    expect((await get('/en/feed.xml')).body).toContain('Brand new place');
  });

  it('announces the feed in the head of every page, and a country its own', async () => {
    for (const [lang, siteName] of [
      ['en', 'Travel Places'],
      ['de', 'Reiseziele'],
    ]) {
      const home = await get(`/${lang}/home`);
      const head = home.body.slice(0, home.body.indexOf('</head>'));
      expect(head).toContain(
        `<link rel="alternate" type="application/atom+xml" title="${siteName}" href="${t.config.publicUrl}/${lang}/feed.xml" />`,
      );
    }
    const country = await get('/en/japan');
    expect(country.body).toContain(`href="${t.config.publicUrl}/en/feed.xml"`);
    expect(country.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Japan" href="${t.config.publicUrl}/en/japan/feed.xml" />`,
    );
  });
});
