import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uiText } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  userText,
  type ChatRequest,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import {
  makeCity,
  makeCountry,
  makeFacts,
  makeGalleryImage,
  makeHistory,
  makePlace,
  makePlaceTranslation,
} from './helpers/factories';
import type { PageState } from '../src/client/ssr/page-state';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';
import { whenSettled } from './helpers/translation-jobs';
import { codeOf, fakeTranslation } from './helpers/fake-translation';

/** A model that answers every kind of request; translations say which language they are in. */
/** The data a rendered page hands to the browser, by the address each query reads. */
function pageState(html: string): Map<string, unknown> {
  const json = /<script id="__QUERY_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
  const entries = JSON.parse(json) as PageState;
  return new Map(entries.map(([key, data]) => [`/${key.join('/')}`, data]));
}

function model(request: ChatRequest) {
  const text = userText(request);
  switch (schemaNameOf(request)) {
    case 'image_analysis':
      return {
        content: JSON.stringify({
          title: 'Harbour at First Light',
          summary: 'Boats waiting for the tide.',
          travelArticle: 'Come early.',
          imageDescription: 'Fishing boats in a small harbour.',
          placeName: 'Old Harbour',
        }),
      };
    case 'historical_events':
      return {
        content: JSON.stringify({ hasEvents: 'yes', events: [{ year: '1850', description: 'Harbour built.' }] }),
      };
    case 'trivia_facts':
      return { content: JSON.stringify({ hasFacts: 'yes', facts: [{ question: 'Deep?', answer: 'Nine metres.' }] }) };
    case 'city_description':
    case 'country_description':
      return { content: JSON.stringify({ description: 'A place worth the journey.' }) };
    case 'translation': {
      const fields = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Record<string, string>;
      const language = /into (\w+)/.exec(text)?.[1] ?? 'another language';
      return {
        content: JSON.stringify(
          Object.fromEntries(
            Object.keys(fields).map((k) => [
              k,
              fakeTranslation(fields[k]!, codeOf(language), (t) => `[${language}] ${t}`),
            ]),
          ),
        ),
      };
    }
    default:
      return { status: 400 };
  }
}

const titles = (html: string) => [...html.matchAll(/class="place-card-title"[^>]*>([^<]*)</g)].map((m) => m[1]);

describe('render and API cache', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    fake = await startFakeChatCompletions(model);
    t = await createTestApp(
      {
        renderCacheBytes: 32 * 1024 * 1024,
        ai: chatModel(fake.baseUrl, 'llava'),
      },
      { pages: { renderSource: sourceRenderSource() } },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /**
   * Reads `url` twice (the second answer comes from the cache), runs the admin write, and answers
   * the very next read: what a visitor sees right after the administrator's "done".
   */
  async function afterWrite(url: string, write: () => Promise<LightMyRequestResponse>) {
    const before = await get(url);
    const again = await get(url);
    expect(again.body).toBe(before.body);
    expect(t.app.responseCacheStats().entries).toBeGreaterThan(0);
    const written = await write();
    expect(written.statusCode, written.body).toBeLessThan(300);
    return { before, after: await get(url) };
  }

  describe('paged pages', () => {
    it('home shows 24 places, links the next page with rel="next", and that page shows others', async () => {
      for (let i = 0; i < 27; i++) {
        await makePlace(t.db, { title: `Paged place ${i}`, date: `2019-01-${String(i + 1).padStart(2, '0')}` });
      }
      const home = await get('/en/home');
      expect(home.statusCode).toBe(200);
      const first = titles(home.body).filter((title) => title?.startsWith('Paged place'));
      expect(first.length).toBeLessThanOrEqual(24);
      const next = /<a[^>]*href="([^"]+)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]+)"/.exec(home.body);
      expect(next).not.toBeNull();
      const href = (next![1] ?? next![2]!).replace(/&amp;/g, '&').split('#')[0]!;
      expect(href).toMatch(/^\/en\/home\?cursor=[\w-]+$/);

      const second = await get(href);
      expect(second.statusCode).toBe(200);
      const more = titles(second.body);
      expect(more.length).toBeGreaterThan(0);
      expect(more.some((title) => first.includes(title))).toBe(false);
      expect(second.body).toMatch(/rel="prev"/);
      // a later page is a page of its own, canonical and in every language
      expect(second.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}${href}"`);
    });
  });

  describe('server rendering', () => {
    it('hands the browser only what its islands read, as the public API answers it, and the page’s text only as HTML', async () => {
      const place = await makePlace(t.db, {
        title: 'Rendered place',
        slug: 'rendered-place',
        location: 'Bergen',
        country: 'Norway',
      });
      await makePlaceTranslation(t.db, place.id, 'de', { title: 'Gerenderter Ort' });
      await makeHistory(t.db, place.id);
      await makeFacts(t.db, place.id, 'de');
      await makeGalleryImage(t.db, place.id);
      await makeGalleryImage(t.db, place.id);
      for (let i = 0; i < 7; i++)
        await makePlace(t.db, { location: 'Bergen', country: 'Norway', date: `2020-02-0${i + 1}` });
      await makePlace(t.db, { location: 'Oslo', country: 'Norway' });

      const html = (await get('/de/rendered-place')).body;
      const state = pageState(html);
      // the islands (navigation, language picker, save toggle, gallery, trivia, map) read the
      // interface text, the languages and the site's settings, each as the public API answers it
      expect([...state.keys()].sort()).toEqual(['/api/languages', '/api/site', '/api/translations/de']);
      for (const [path, data] of state) expect(data, path).toEqual((await get(path)).json());
      // the page's text is in its HTML only, not sent a second time as data
      expect(html).toContain('Gerenderter Ort');
      expect(JSON.stringify([...state.values()])).not.toContain('Gerenderter Ort');

      // a city page: its islands read the interface text and the languages
      const city = await makeCity(t.db, { name: 'Bergen', country: 'Norway', slug: 'bergen' });
      const cityState = pageState((await get(`/de/${city.slug}`)).body);
      expect([...cityState.keys()].sort()).toEqual(['/api/languages', '/api/translations/de']);
    });
  });

  describe('HTTP caching', () => {
    it('answers a place page and the place API 304 to If-None-Match', async () => {
      const place = await makePlace(t.db, { title: 'Validated place', slug: 'validated-place' });
      for (const url of [
        '/en/validated-place',
        '/api/places/by-slug/validated-place/translations/en',
        `/api/places/${place.id}/gallery`,
      ]) {
        const first = await get(url, { 'accept-encoding': 'br' });
        expect(first.statusCode).toBe(200);
        expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400, must-revalidate');
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]+"$/);
        const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
        expect(head.statusCode).toBe(200);
        expect(head.headers.etag).toBe(etag);
        expect(head.body).toBe('');
        const revalidated = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.body).toBe('');
        expect(revalidated.headers.etag).toBe(etag);
      }
    });

    it('compresses HTML and JSON with brotli or gzip, and the bytes are the same page', async () => {
      await makePlace(t.db, { title: 'Compressed place', slug: 'compressed-place' });
      for (const url of ['/en/compressed-place', '/api/places/translations/en']) {
        const plain = await get(url);
        expect(plain.headers['content-encoding']).toBeUndefined();
        const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toContain('Accept-Encoding');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        const gz = await get(url, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
        expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      }
    });

    it('answers a first render quickly compressed, and the same page smaller, under the same ETag, once asked again', async () => {
      await makePlace(t.db, { title: 'Recompressed place', slug: 'recompressed-place' });
      const url = '/de/recompressed-place';
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.headers['cache-status']).toContain('stored');
      const page = brotliDecompressSync(first.rawPayload).toString();
      const hit = await get(url, { 'accept-encoding': 'br' });
      expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(page);
      // the smaller body is made in the background after that hit
      await vi.waitFor(async () => {
        const later = await get(url, { 'accept-encoding': 'br' });
        expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
      });
      const later = await get(url, { 'accept-encoding': 'br' });
      expect(brotliDecompressSync(later.rawPayload).toString()).toBe(page);
      expect(later.headers.etag).toBe(first.headers.etag);
    });

    it('keeps a large answer only compressed, and still answers it whole to a client without encodings', async () => {
      const story = Array.from({ length: 6000 }, (_, i) => `Paragraph ${i} of a very long story.`).join('\n');
      await makePlace(t.db, { title: 'Long read', slug: 'long-read', fullDescription: story });
      const first = await get('/en/long-read', { 'accept-encoding': 'br' });
      expect(brotliDecompressSync(first.rawPayload).length).toBeGreaterThan(256 * 1024);
      const plain = await get('/en/long-read');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(brotliDecompressSync(first.rawPayload).toString());
      expect(plain.body).toContain('Paragraph 5999 of a very long story.');
      const gz = await get('/en/long-read', { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    });

    it('marks every admin answer private and no-store', async () => {
      for (const url of ['/api/admin/status', '/api/admin/places-with-translations', '/iladmin/edit-places']) {
        const response = await t.admin({ method: 'GET', url });
        expect(response.headers['cache-control'], url).toBe('private, no-store');
      }
      const anonymous = await get('/api/admin/cities');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('a write is visible on the very next request', () => {
    it('after an edit of a title: the place page and home show the new title', async () => {
      const place = await makePlace(t.db, { title: 'Old Title', slug: 'edited-place', date: '2031-01-01' });
      const edit = () =>
        t.admin({
          method: 'PUT',
          url: `/api/admin/places/${place.id}`,
          payload: {
            title: 'New Title',
            description: place.description,
            location: place.location,
            country: place.country,
            imageUrl: place.imageUrl,
            date: place.date,
          },
        });
      await get('/en/home');
      const { before, after } = await afterWrite('/en/edited-place', edit);
      expect(before.body).toContain('Old Title');
      expect(after.body).toContain('New Title');
      expect(after.body).not.toContain('Old Title');
      const home = await get('/en/home');
      expect(titles(home.body)).toContain('New Title');
      expect(titles(home.body)).not.toContain('Old Title');
    });

    it('after a delete: the page is 404 and home no longer links it', async () => {
      const place = await makePlace(t.db, { title: 'Soon Gone', slug: 'soon-gone', date: '2032-01-01' });
      expect((await get('/en/home')).body).toContain('/en/soon-gone');
      const { before, after } = await afterWrite('/en/soon-gone', () =>
        t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` }),
      );
      expect(before.statusCode).toBe(200);
      expect(after.statusCode).toBe(404);
      expect((await get('/en/home')).body).not.toContain('/en/soon-gone');
    });

    it('after an upload: home lists the new place', async () => {
      const photo = await makePhoto({
        gps: { latitude: 43.2965, longitude: 5.3698 },
        dateTaken: '2033:05:01 10:00:00',
      });
      const { after } = await afterWrite('/api/places/translations/en', () => t.admin(uploadRequest(photo)));
      expect(after.body).toContain('Harbour at First Light');
    });

    it('after translate, history and facts: the visitor’s language and sections change', async () => {
      const place = await makePlace(t.db, { title: 'Quiet Square', slug: 'quiet-square' });
      const translated = await afterWrite('/de/quiet-square', () =>
        t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate`, payload: {} }),
      );
      expect(translated.after.body).toContain('[German] Quiet Square');

      const history = await afterWrite(`/api/places/${place.id}/history?languageCode=en`, () =>
        t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/history`, payload: { languageCode: 'en' } }),
      );
      expect(history.before.body).toContain('"hasEvents":"no"');
      expect(history.after.body).toContain('Harbour built.');
      // the new history is translated into German in the background (a content write of its own)
      await whenSettled(t, 'place', place.id);

      const facts = await afterWrite(`/api/places/${place.id}/facts?languageCode=en`, () =>
        t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/facts`, payload: { languageCode: 'en' } }),
      );
      expect(facts.after.body).toContain('Nine metres.');
    });

    it('after a gallery upload and a gallery delete: the gallery changes', async () => {
      const place = await makePlace(t.db, { slug: 'gallery-place' });
      const image = await makePhoto({ width: 640, height: 480, seed: 7 });
      const boundary = 'cachetestboundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="g.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const added = await afterWrite(`/api/places/${place.id}/gallery`, () =>
        t.admin({
          method: 'POST',
          url: `/api/admin/places/${place.id}/gallery`,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        }),
      );
      expect(JSON.parse(added.before.body)).toEqual([]);
      const images = JSON.parse(added.after.body) as { id: string }[];
      expect(images).toHaveLength(1);

      const removed = await afterWrite(`/api/places/${place.id}/gallery`, () =>
        t.admin({ method: 'DELETE', url: `/api/admin/gallery/${images[0]!.id}` }),
      );
      expect(JSON.parse(removed.after.body)).toEqual([]);
    });

    it('after creating, editing and deleting a city: its page follows', async () => {
      await makePlace(t.db, { location: 'Valletta', country: 'Malta', imageUrl: '/media/web/valletta-1000.jpg' });
      const created = await afterWrite('/en/valletta', () =>
        t.admin({
          method: 'POST',
          url: '/api/admin/cities',
          payload: { name: 'Valletta', country: 'Malta', imageUrl: '/media/web/valletta-1000.jpg' },
        }),
      );
      expect(created.before.statusCode).toBe(404);
      expect(created.after.statusCode).toBe(200);
      const city = (await get('/api/cities/by-slug/valletta')).json<{ id: string }>();
      // its description and translations are written in the background (content writes of their own)
      await whenSettled(t, 'city', city.id);

      const edited = await afterWrite('/api/cities/by-slug/valletta/translations/en', () =>
        t.admin({
          method: 'PUT',
          url: `/api/admin/cities/${city.id}`,
          payload: {
            name: 'Valletta',
            country: 'Malta',
            description: 'Edited city text.',
            imageUrl: '/media/web/v.jpg',
          },
        }),
      );
      expect(edited.after.body).toContain('Edited city text.');
      await whenSettled(t, 'city', city.id);

      const deleted = await afterWrite('/api/cities/by-slug/valletta', () =>
        t.admin({ method: 'DELETE', url: `/api/admin/cities/${city.id}` }),
      );
      expect(deleted.after.statusCode).toBe(404);
    });

    it('after creating, editing and deleting a country: its page and the list follow', async () => {
      await makePlace(t.db, { location: 'Reykjavik', country: 'Iceland', imageUrl: '/media/web/iceland-1000.jpg' });
      const created = await afterWrite('/api/countries/translations/en', () =>
        t.admin({
          method: 'POST',
          url: '/api/admin/countries',
          payload: { name: 'Iceland', imageUrl: '/media/web/iceland-1000.jpg' },
        }),
      );
      expect(created.after.body).toContain('Iceland');
      const country = (await get('/api/countries/by-slug/iceland')).json<{ id: string }>();
      await whenSettled(t, 'country', country.id);

      const edited = await afterWrite('/en/iceland', () =>
        t.admin({
          method: 'PUT',
          url: `/api/admin/countries/${country.id}`,
          payload: { name: 'Iceland', description: 'Fire and ice, edited.', imageUrl: '/media/web/i.jpg' },
        }),
      );
      expect(edited.after.body).toContain('Fire and ice, edited.');
      await whenSettled(t, 'country', country.id);

      const deleted = await afterWrite('/api/countries/by-slug/iceland', () =>
        t.admin({ method: 'DELETE', url: `/api/admin/countries/${country.id}` }),
      );
      expect(deleted.after.statusCode).toBe(404);
    });

    it('after interface text changes straight in the database: the next request shows it (a trigger bumps the version)', async () => {
      const key = 'places.title';
      const before = await get('/api/translations/fr');
      expect((await get('/api/translations/fr')).body).toBe(before.body);
      const pageBefore = await get('/fr/home');
      expect(pageBefore.body).not.toContain('Derniers lieux (modifié)');
      await t.db.update(uiText).set({ value: 'Derniers lieux (modifié)' }).where(eq(uiText.key, key));
      // the page's interface text (read once per version for every render) follows too
      expect((await get('/fr/home')).body).toContain('Derniers lieux (modifié)');
      const after = await get('/api/translations/fr');
      expect(before.body).not.toContain('Derniers lieux (modifié)');
      expect(after.body).toContain('Derniers lieux (modifié)');
    });
  });

  describe('keys', () => {
    it('/ still redirects each visitor by their own language cookie', async () => {
      for (const lang of ['de', 'fr', 'zh']) {
        const response = await get('/', { cookie: `lang=${lang}` });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(`/${lang}/home`);
      }
      expect((await get('/')).headers.location).toBe('/en/home');
    });

    it('never mixes languages: a page without a language in its path follows each cookie', async () => {
      // (not '/no/…': 'no' is Norwegian, an unsupported language, which redirects to English)
      const german = await get('/nowhere/such/page', { cookie: 'lang=de' });
      const french = await get('/nowhere/such/page', { cookie: 'lang=fr' });
      expect(german.statusCode).toBe(404);
      expect(german.body).toContain('<html lang="de">');
      expect(french.body).toContain('<html lang="fr">');
      expect(german.headers.vary).toContain('Cookie');
      const sameGerman = await get('/nowhere/such/page', { cookie: 'lang=de' });
      expect(sameGerman.body).toBe(german.body);
      // a language in the path wins over any cookie, and such pages do not vary by cookie
      const city = await makeCity(t.db, { slug: 'cookie-city' });
      const path = await get(`/de/${city.slug}`, { cookie: 'lang=fr' });
      expect(path.body).toContain('<html lang="de">');
      expect(path.headers.vary).not.toContain('Cookie');
    });

    it('keeps pages in their own language: /de and /fr of one place are different entries', async () => {
      const country = await makeCountry(t.db, { name: 'Norway', slug: 'norway' });
      const de = await get(`/de/${country.slug}`);
      const fr = await get(`/fr/${country.slug}`);
      expect(de.body).toContain('<html lang="de">');
      expect(fr.body).toContain('<html lang="fr">');
    });
  });
});

describe('render limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { renderCacheBytes: 0, renderConcurrency: 1, renderQueueMs: 0 },
      { pages: { renderSource: sourceRenderSource() } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers renders beyond the limit 503 with Retry-After, never 500, and caches none of them', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.app.inject({ method: 'GET', url: `/en/busy-page-${i}` })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses).toContain(404); // the one that rendered: no such place
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    for (const busy of responses.filter((r) => r.statusCode === 503)) {
      expect(busy.headers['retry-after']).toBe('2');
      expect(busy.headers['cache-control']).toBe('no-store');
      expect(busy.json<{ error: string }>().error).toMatch(/busy/);
    }
    expect(statuses.every((s) => s < 500 || s === 503)).toBe(true);
  });
});
