import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCity, makeCountry, makePlace } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('sitemap.xml and robots.txt', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://travel.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells crawlers to stay out of the admin area and where the sitemap is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /iladmin',
        'Disallow: /api/admin',
        'Sitemap: https://travel.example/sitemap.xml',
      ]),
    );
  });

  it('lists every country, city and place page in all five languages with alternates', async () => {
    await makeCountry(t.db, { slug: 'japan', name: 'Japan' });
    await makeCity(t.db, { slug: 'kyoto', name: 'Kyoto', country: 'Japan' });
    await makePlace(t.db, { slug: 'kinkaku-ji' });
    await makePlace(t.db, { slug: null, title: 'A place without a page' });

    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const lang of ['en', 'es', 'de', 'fr', 'zh']) {
      for (const slug of ['home', 'countries', 'japan', 'kyoto', 'kinkaku-ji']) {
        expect(xml).toContain(`<loc>https://travel.example/${lang}/${slug}</loc>`);
      }
    }
    // 5 pages x 5 languages; the place without a slug has no page
    expect(xml.match(/<url>/g)).toHaveLength(25);
    const kyoto = xml.split('<url>').find((entry) => entry.includes('<loc>https://travel.example/de/kyoto</loc>'))!;
    for (const lang of ['en', 'es', 'de', 'fr', 'zh']) {
      expect(kyoto).toContain(
        `<xhtml:link rel="alternate" hreflang="${lang}" href="https://travel.example/${lang}/kyoto"/>`,
      );
    }
    expect(kyoto).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://travel.example/en/kyoto"/>',
    );
  });

  it('lists a slug shared by a country and a place once per language', async () => {
    await makeCountry(t.db, { slug: 'malta', name: 'Malta' });
    await makePlace(t.db, { slug: 'malta' });
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml.match(/<loc>https:\/\/travel\.example\/en\/malta<\/loc>/g)).toHaveLength(1);
  });
});
