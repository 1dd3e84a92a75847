import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCountry, makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** No dead ends (issue 15): a 404 page offers the newest places and the countries, in server HTML. */
describe('the not-found page', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    await makeCountry(t.db, { name: 'Italy', slug: 'italy' });
    await makeCountry(t.db, { name: 'Portugal', slug: 'portugal' });
    for (let i = 1; i <= 8; i++) {
      await makePlace(t.db, { slug: `place-number-${i}`, title: `Place number ${i}`, date: `2024-05-0${i}` });
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  for (const url of ['/en/no-such-place', '/de/no-such-place', '/en/a/b/c', '/en/home/extra']) {
    it(`links the newest places and every country on ${url}`, async () => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      const html = response.body;
      const lang = /<html[^>]*lang="([a-z]+)"/.exec(html)![1];
      const placeLinks = new Set([...html.matchAll(/href="\/[a-z]{2}\/(place-number-\d+)"/g)].map((m) => m[1]));
      expect(placeLinks.size).toBeGreaterThanOrEqual(3);
      expect(placeLinks.has('place-number-8')).toBe(true); // newest first
      expect(html).toContain(`href="/${lang}/italy"`);
      expect(html).toContain(`href="/${lang}/portugal"`);
      if (lang === 'de') expect(html).toContain('Italien');
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    });
  }
});
