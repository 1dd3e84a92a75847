import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { makeCity, makeCountry, makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 38, item 7: a draft's old addresses must not tell a visitor its new one. */
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
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: {
        title: place.title,
        description: place.description,
        location: place.location,
        country: place.country,
        imageUrl: place.imageUrl,
        date: place.date,
        slug: 'secret-new-name',
      },
    });
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

  it('of cities and countries (which have no draft state) keep forwarding', async () => {
    const country = await makeCountry(t.db, { name: 'Norland', slug: 'norland' });
    const city = await makeCity(t.db, { name: 'Oldtown', country: 'Norland', slug: 'oldtown' });
    const cityEdit = await t.admin({
      method: 'PUT',
      url: `/api/admin/cities/${city.id}`,
      payload: {
        name: city.name,
        country: 'Norland',
        description: city.description,
        imageUrl: city.imageUrl,
        slug: 'old-town',
      },
    });
    expect(cityEdit.statusCode).toBe(200);
    const countryEdit = await t.admin({
      method: 'PUT',
      url: `/api/admin/countries/${country.id}`,
      payload: {
        name: country.name,
        description: country.description,
        imageUrl: country.imageUrl,
        slug: 'norland-realm',
      },
    });
    expect(countryEdit.statusCode).toBe(200);
    expect((await get('/de/oldtown')).headers.location).toBe('/de/old-town');
    expect((await get('/fr/norland')).headers.location).toBe('/fr/norland-realm');
  });
});
