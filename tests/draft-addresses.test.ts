import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { makePlace, placeEdit } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 38, item 7: a draft's old addresses must not tell a visitor its new one. (Cities and
 * countries have no draft state: their old addresses forward, tests/editor-desk.test.ts.)
 */
describe("a draft's old addresses", () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  it('answer 404 like the draft while it is unpublished, and forward to its new address again once it is published', async () => {
    const place = await makePlace(t.db, {
      title: 'Kinkaku-ji',
      slug: 'kinkaku-ji',
      location: 'Kyoto',
      country: 'Japan',
    });
    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/unpublish` })).statusCode).toBe(200);
    const edit = await t.admin(placeEdit(place, { slug: 'secret-new-name' }));
    expect(edit.statusCode).toBe(200);

    for (const lang of LANGUAGE_CODES) {
      const old = await get(`/${lang}/kinkaku-ji`);
      expect(old.statusCode, lang).toBe(404);
      expect(old.headers.location, lang).toBeUndefined();
      expect(old.body, lang).not.toContain('secret-new-name');
      expect((await get(`/${lang}/secret-new-name`)).statusCode, lang).toBe(404);
    }
    expect((await get('/en/kinkaku-ji?ref=mail')).statusCode).toBe(404);

    expect((await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/publish` })).statusCode).toBe(200);
    for (const lang of LANGUAGE_CODES) {
      const old = await get(`/${lang}/kinkaku-ji`);
      expect(old.statusCode, lang).toBe(301);
      expect(old.headers.location, lang).toBe(`/${lang}/secret-new-name`);
    }
  });
});
