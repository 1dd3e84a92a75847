import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../src/shared/api/uploads';
import { makeFacts, makeHistory } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { languageOfText, sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

const COLOSSEUM = { latitude: 41.8902, longitude: 12.4922 };
const TRASTEVERE = { latitude: 41.8867, longitude: 12.4663 };
const ITALY = { de: 'Italien', fr: 'Italie', es: 'Italia', zh: '意大利' } as const;
describe('five languages with the offline AI (no model, no translations)', () => {
  let t: TestApp;
  let colosseum: { id: string; slug: string; title: string };
  let trastevere: { id: string; slug: string; title: string };
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  async function upload(gps: { latitude: number; longitude: number }) {
    const response = await t.admin(uploadRequest(await makePhoto({ gps, dateTaken: '2024:05:17 10:00:00' })));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.photo).toMatchObject({ city: 'Rome', country: 'Italy' });
    return { id: body.place!.id, slug: body.place!.slug!, title: body.photo!.title };
  }

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    expect(t.config.ai.provider).toBe('offline');
    colosseum = await upload(COLOSSEUM);
    trastevere = await upload(TRASTEVERE);
    await makeHistory(t.db, colosseum.id);
    await makeFacts(t.db, colosseum.id);
    // Add City and Add Country, offline: English descriptions, no translation but the country's name
    const city = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Rome', country: 'Italy', imageUrl: '/media/web/rome-1000.jpg' },
    });
    expect(city.statusCode).toBe(201);
    const country = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Italy', imageUrl: '/media/web/italy-1000.jpg' },
    });
    expect(country.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  describe('country names', () => {
    it.each(Object.entries(ITALY))(
      '/%s place page of a photo taken in Rome names the country %s',
      async (lang, name) => {
        const response = await page(`/${lang}/${colosseum.slug}`);
        expect(response.statusCode).toBe(200);
        const html = response.body;
        expect(html).toContain(`<html lang="${lang}">`);
        // the hero's "Rome, Italien" line ("Rome，意大利"), in the page's language
        expect(html).toMatch(new RegExp(`Rome(<!-- -->)?${lang === 'zh' ? '，' : ', '}(<!-- -->)?${name}<`));
        expect(languageOfText(html, name)).toBe(lang);
        expect(html).not.toMatch(/>Italy</);
        // keywords and the Article structured data say it too
        expect(html).toMatch(new RegExp(`<meta name="keywords" content="[^"]*${name}`));
        expect(html).toContain(`"addressCountry":"${name}"`);
      },
    );

    it('the public API answers the same names, so the browser shows what the server rendered', async () => {
      for (const [lang, name] of Object.entries(ITALY)) {
        const place = (await page(`/api/places/by-slug/${colosseum.slug}/translations/${lang}`)).json();
        expect(place).toMatchObject({ country: name, languageCode: 'en' });
        const home = (await page(`/api/places/translations/${lang}`)).json<Array<{ id: string; country: string }>>();
        expect(home.find((p) => p.id === colosseum.id)?.country).toBe(name);
        const related = (await page(`/api/places/${colosseum.id}/related?languageCode=${lang}`)).json();
        expect(related.map((p: { country: string }) => p.country)).toEqual([name]);
      }
      expect((await page(`/api/places/by-slug/${colosseum.slug}/translations/en`)).json().country).toBe('Italy');
    });

    it('cards, city and country pages and their titles name it in the page language', async () => {
      expect((await page('/fr/home')).body).toMatch(/Rome(<!-- -->)?, (<!-- -->)?Italie</);

      const cityPage = (await page('/es/rome')).body;
      expect(cityPage).toContain('<title>Rome, Italia |');
      expect(languageOfText(cityPage, 'Italia')).toBe('es');
      expect((await page('/api/cities/by-slug/rome/translations/zh')).json().country).toBe('意大利');

      const countryPage = (await page('/de/italy')).body;
      expect(countryPage).toContain('<title>Italien |');
      expect(languageOfText(countryPage, 'Italien')).toBe('de');
      const countries = (await page('/api/countries/translations/zh')).json<Array<{ name: string }>>();
      expect(countries.map((c) => c.name)).toEqual(['意大利']);
    });
  });

  describe('English shown for want of a translation is marked lang="en"', () => {
    it('on a place page: title, article, history and trivia', async () => {
      for (const lang of ['de', 'zh']) {
        const html = (await page(`/${lang}/${colosseum.slug}`)).body;
        expect(languageOfText(html, colosseum.title), lang).toBe('en');
        expect(languageOfText(html, 'This photo was taken in Rome, Italy'), lang).toBe('en');
        expect(languageOfText(html, 'Construction begins.'), lang).toBe('en');
        expect(languageOfText(html, 'How tall is it?'), lang).toBe('en');
        // the interface text around them is in the page's language
        expect(languageOfText(html, 'Rome'), lang).toBe(lang);
      }
      const history = (await page(`/api/places/${colosseum.id}/history?languageCode=fr`)).json();
      expect(history.languageCode).toBe('en');
      const place = (await page(`/api/places/by-slug/${colosseum.slug}/translations/fr`)).json();
      expect(place.englishFields).toEqual(['title', 'description', 'fullDescription']);
    });

    it('on cards and on city and country pages: titles, summaries and descriptions', async () => {
      const home = (await page('/es/home')).body;
      expect(languageOfText(home, colosseum.title)).toBe('en');
      expect(languageOfText(home, 'A photo taken in Rome, Italy')).toBe('en');
      const cityPage = (await page('/fr/rome')).body;
      expect(languageOfText(cityPage, 'Rome is a city in Italy.')).toBe('en');
      const countryPage = (await page('/de/italy')).body;
      expect(languageOfText(countryPage, 'Explore the cities and places we have visited in Italy.')).toBe('en');
      // the card of its city: the description is English, the country name is not
      expect(languageOfText(countryPage, 'Rome is a city in Italy.')).toBe('en');
      // English pages mark nothing (the language picker names each language in itself: only the
      // page's content counts)
      for (const url of [`/en/${colosseum.slug}`, '/en/home', '/en/rome', '/en/italy']) {
        const html = (await page(url)).body;
        expect(html.slice(html.indexOf('<main'), html.indexOf('</main>')), url).not.toContain(' lang="en"');
      }
    });
  });

  describe('an unsupported language falls back to English', () => {
    it.each(['/xx/home', '/pt/home'])('%s redirects to the same page in English', async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/en/home');
    });

    it('keeps the page and the query string, stays on this site and leaves real not-found pages alone', async () => {
      expect((await page(`/pt/${colosseum.slug}?ref=mail`)).headers.location).toBe(`/en/${colosseum.slug}?ref=mail`);
      expect((await page('/xx')).headers.location).toBe('/en/home');
      expect((await page('/zh-CN/home')).headers.location).toBe('/zh/home');
      expect((await page('/xx//evil.example/')).headers.location).toBe('/en/evil.example/');
      const english = await page((await page('/pt/home')).headers.location as string);
      expect(english.statusCode).toBe(200);
      expect(english.body).toContain('<html lang="en">');

      expect((await page('/en/no-such-place')).statusCode).toBe(404);
      expect((await page('/de/no-such-place')).statusCode).toBe(404);
      expect((await page('/nowhere-at-all')).statusCode).toBe(404);
      expect((await page('/api/no-such-thing')).statusCode).toBe(404);
    });
  });

  it('offline titles of two story-less photos in one city name the landmark and the town; the city keeps its address', async () => {
    expect(colosseum.title).toBe('Colosseum');
    expect(trastevere.title).toBe('Rome');
    expect(colosseum.slug).not.toBe(trastevere.slug);
    expect([colosseum.slug, trastevere.slug]).not.toContain('rome');
  });
});
