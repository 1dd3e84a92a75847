import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResultDto } from '../src/shared/api/search';
import type { UploadResponse } from '../src/shared/api/uploads';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The day the second photo was taken, as each language writes it after the town's name. */
const TITLES = {
  en: 'Rome, 10 April 2015',
  de: 'Rome, 10. April 2015',
  es: 'Rome, 10 de abril de 2015',
  fr: 'Rome, 10 avril 2015',
  zh: 'Rome，2015年4月10日',
} as const;

/** Issue 44, item 5: the offline writer tells two places of one town apart without English on other pages. */
describe('two places of one town without an AI model', () => {
  let t: TestApp;
  let dated: { id: string; slug: string };
  let undated: { id: string; slug: string };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  async function upload(gps: { latitude: number; longitude: number }, dateTaken: string) {
    const response = await t.admin(uploadRequest(await makePhoto({ gps, dateTaken })));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    return { id: body.place!.id, slug: body.place!.slug!, title: body.photo!.title };
  }

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    expect(t.config.ai.provider).toBe('offline');
    const first = await upload({ latitude: 41.8867, longitude: 12.4663 }, '2024:05:17 10:00:00');
    const second = await upload({ latitude: 41.887, longitude: 12.467 }, '2015:04:10 09:30:00');
    expect(first.title).toBe('Rome');
    expect(second.title).toBe(TITLES.en);
    dated = second;
    undated = first;
  });
  afterAll(() => t.close());

  it.each(Object.entries(TITLES))(
    'the /%s place page, its API answer and the cards write the day as %s',
    async (lang, title) => {
      const html = (await get(`/${lang}/${dated.slug}`)).body;
      expect(html).toContain(`<h1`);
      expect(html).toContain(title);
      const api = (await get(`/api/places/by-slug/${dated.slug}/translations/${lang}`)).json<{ title: string }>();
      expect(api.title).toBe(title);
      const home = (await get(`/api/places/translations/${lang}`)).json<Array<{ id: string; title: string }>>();
      expect(home.find((place) => place.id === dated.id)?.title).toBe(title);
      if (lang !== 'en') {
        expect(html).not.toContain(TITLES.en);
        expect((await get(`/${lang}/home`)).body).not.toContain(TITLES.en);
      }
    },
  );

  it('search results and map files write it in their language too', async () => {
    const search = (await get('/api/search?q=rome&lang=fr')).json<SearchResultDto[]>();
    const titles = search.map((item) => item.title);
    expect(titles).toContain(TITLES.fr);
    expect(titles).not.toContain(TITLES.en);
    const kml = (await get(`/de/${dated.slug}/places.kml`)).body;
    expect(kml).toContain(`<name>${TITLES.de}</name>`);
  });

  it('is not marked English where it reads in the page’s language; the English summary still is', async () => {
    type Answer = { title: string; englishFields: string[] };
    const h1 = (html: string) => /<h1\b[^>]*>/.exec(html)![0];
    for (const lang of ['de', 'es', 'fr', 'zh'] as const) {
      const html = (await get(`/${lang}/${dated.slug}`)).body;
      expect(h1(html), lang).not.toContain('lang="en"');
      const api = (await get(`/api/places/by-slug/${dated.slug}/translations/${lang}`)).json<Answer>();
      expect(api.englishFields).not.toContain('title');
      expect(api.englishFields).toContain('description');
      const cards = (await get(`/api/places/translations/${lang}`)).json<Array<Answer & { id: string }>>();
      expect(cards.find((card) => card.id === dated.id)?.englishFields).toEqual(['description']);
    }
    const search = (await get('/api/search?q=rome&lang=fr')).json<SearchResultDto[]>();
    expect(search.find((item) => item.title === TITLES.fr)?.titleLang).toBe('fr');

    // A title that is only English words as written ("Rome", no day made local) stays marked.
    const plain = (await get(`/api/places/by-slug/${undated.slug}/translations/de`)).json<Answer>();
    expect(plain.englishFields).toContain('title');
    expect(h1((await get(`/de/${undated.slug}`)).body)).toContain('lang="en"');
  });
});
