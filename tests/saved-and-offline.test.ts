import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_PLACES_MAX } from '../src/shared/saved-places';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('saved places and the offline page (docs/decisions/023-saved-and-offline.md)', () => {
  let t: TestApp;
  let first: { id: string; slug: string | null };
  let second: { id: string; slug: string | null };
  let draft: { id: string };
  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    first = await makePlace(t.db, { title: 'Belém Tower' });
    second = await makePlace(t.db, { title: 'Jerónimos Monastery' });
    draft = await makePlace(t.db, { title: 'Not yet published', state: 'draft' });
    await makePlaceTranslation(t.db, first.id, 'de', { title: 'Turm von Belém' });
  });
  afterAll(() => t.close());

  it('answers the cards of the given ids in the order given, in the language asked, without drafts or unknown ids', async () => {
    const ids = [second.id, randomUUID(), draft.id, first.id].join(',');
    const response = await get(t, `/api/places/by-ids/translations/de?ids=${ids}`);
    expect(response.statusCode).toBe(200);
    const cards = response.json<{ id: string; title: string }[]>();
    expect(cards.map((card) => card.title)).toEqual(['Jerónimos Monastery', 'Turm von Belém']);
    expect(response.headers['cache-tag']).toContain(`place:${first.id}`);
  });

  it('refuses ids that are not place ids, or too many, with a plain 400', async () => {
    const tooMany = Array.from({ length: SAVED_PLACES_MAX + 1 }, () => randomUUID()).join(',');
    for (const ids of ['nope', `${first.id},1 OR 1=1`, tooMany]) {
      const response = await get(t, `/api/places/by-ids/translations/en?ids=${encodeURIComponent(ids)}`);
      expect(response.statusCode, ids.slice(0, 40)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain('place ids');
    }
    expect((await get(t, '/api/places/by-ids/translations/en')).statusCode).toBe(400);
  });

  it('renders a shared list at /{lang}/saved?ids= on the server, in the page language', async () => {
    const page = await get(t, `/de/saved?ids=${first.id},${second.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Gemerkte Orte');
    expect(page.body).toContain('Turm von Belém');
    expect(page.body).toContain('Jerónimos Monastery');
    expect(page.body).toContain('<meta name="robots" content="noindex"');
  });

  it('renders the device list as a page the browser fills', async () => {
    const page = await get(t, '/en/saved');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Saved places');
    expect(page.body).not.toContain('Belém Tower');
  });

  it('serves a valid web app manifest per language, linked from every public page', async () => {
    const response = await get(t, '/fr/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json<Record<string, unknown> & { icons: { src: string; sizes: string }[] }>();
    expect(manifest).toMatchObject({
      lang: 'fr',
      start_url: '/fr/home',
      display: 'standalone',
      theme_color: '#0f766e',
    });
    expect(typeof manifest.name).toBe('string');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const url of ['/fr/home', `/fr/${first.slug!}`, '/fr/saved']) {
      expect((await get(t, url)).body, url).toContain('<link rel="manifest" href="/fr/manifest.webmanifest"');
    }
  });

  it('serves the offline page in each language, listing the saved places from the device', async () => {
    const page = await get(t, '/es/offline');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Estás sin conexión');
    expect(page.body).toContain('<script src="/offline.js"></script>');
    // kept by the render cache like any public answer, with its type
    const again = await get(t, '/es/offline');
    expect(again.headers['cache-status']).toContain('hit');
    expect(again.headers['content-type']).toContain('text/html');
    const manifest = await get(t, '/es/manifest.webmanifest');
    expect((await get(t, '/es/manifest.webmanifest')).headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toContain('public');
  });

  it('keeps "saved" and "offline" out of the place, city and country addresses', async () => {
    for (const name of ['Saved', 'Offline']) {
      const created = await t.admin({
        method: 'POST',
        url: '/api/admin/cities',
        payload: { name, country: 'Portugal', imageUrl: '/media/web/city-1000.jpg' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json<{ city: { slug: string } }>().city.slug).not.toBe(name.toLowerCase());
    }
    expect((await get(t, '/en/saved')).body).toContain('Saved places');
  });
});
