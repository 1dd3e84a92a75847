import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineProvider, type AiProvider } from '../src/server/ai';
import { slugify } from '../src/shared/slug';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

const ROME = { latitude: 41.8902, longitude: 12.4922 };

/** The offline provider, except that it titles every photo with its bare city name, as an AI may. */
function cityTitledProvider(): AiProvider {
  const offline = createOfflineProvider();
  return {
    ...offline,
    analyzeImage: async (input) => ({ ...(await offline.analyzeImage(input)), title: input.city ?? 'Somewhere' }),
  };
}

describe('one slug namespace for places, cities and countries', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const createCity = (name: string, country: string, imageUrl: string) =>
    t.admin({ method: 'POST', url: '/api/admin/cities', payload: { name, country, imageUrl } });

  it('gives a city the address of its name that the Add City dialog promised, after a place of that city', async () => {
    t = await createTestApp({}, { aiProvider: cityTitledProvider(), pages: { renderSource: sourceRenderSource() } });
    const upload = await t.admin(uploadRequest(await makePhoto({ gps: ROME, dateTaken: '2024:05:17 10:00:00' })));
    expect(upload.statusCode).toBe(200);
    const { place, photo } = upload.json<{ place: { slug: string }; photo: { title: string; imageUrl: string } }>();
    expect(photo.title).toBe('Rome');
    expect(place.slug).toBe('rome-2024-05-17');

    const city = await createCity('Rome', 'Italy', photo.imageUrl);
    expect(city.statusCode).toBe(201);
    // what the dialog shows is slugify(name): the server stores exactly that
    expect(city.json<{ city: { slug: string } }>().city.slug).toBe(slugify('Rome'));
    const cityPage = await t.app.inject({ url: '/en/rome' });
    expect(cityPage.statusCode).toBe(200);
    expect(cityPage.body).toContain('Rome');
    expect((await t.app.inject({ url: `/en/${place.slug}` })).statusCode).toBe(200);
  });

  it('spells names of every script: Łódź at /en/lodz, 北京 at /en/bei-jing', async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    for (const [name, country, slug] of [
      ['Łódź', 'Poland', 'lodz'],
      ['北京', 'China', 'bei-jing'],
    ] as const) {
      const created = await createCity(name, country, 'https://example.org/city.jpg');
      expect(created.statusCode).toBe(201);
      expect(created.json<{ city: { slug: string } }>().city.slug).toBe(slug);
      const page = await t.app.inject({ url: `/en/${slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(name);
    }
  });
});
