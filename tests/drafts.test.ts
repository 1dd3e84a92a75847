import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, PublicationResponse } from '../src/shared/api/publishing';
import type { UploadResponse } from '../src/shared/api/uploads';
import { makeCity, makePlace } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { crawl } from './helpers/sitemaps';
import { createTestApp, type TestApp } from './helpers/test-app';

const BELEM = { latitude: 38.6916, longitude: -9.216 };
const NEIGHBOUR = { latitude: 38.6979, longitude: -9.2068 };

describe('publish on purpose: a draft is invisible to visitors everywhere, until it is published', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() }, newUploads: 'default' });
  });
  afterAll(() => t.close());

  it('keeps uploads as drafts by default with the offline writer, and the setting can say otherwise', async () => {
    const read = await t.admin({ method: 'GET', url: '/api/admin/settings' });
    expect(read.json<AdminSettings>()).toEqual({
      newUploads: 'draft',
      newAreas: 'ask',
      groupWithinMeters: 0,
      aiModel: null,
    });
    const bad = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
    const saved = await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'publish' } });
    expect(saved.json<AdminSettings>()).toEqual({
      newUploads: 'publish',
      newAreas: 'ask',
      groupWithinMeters: 0,
      aiModel: null,
    });
    await t.admin({ method: 'PUT', url: '/api/admin/settings', payload: { newUploads: 'draft' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
  });

  it('an upload kept as a draft is on no public page, list, search, nearby or sitemap; publishing shows it on the next request', async () => {
    const neighbour = await makePlace(t.db, {
      title: 'Jerónimos Monastery',
      slug: 'jeronimos-monastery',
      location: 'Lisbon',
      country: 'Portugal',
      ...NEIGHBOUR,
    });
    const upload = await t.admin(uploadRequest(await makePhoto({ gps: BELEM }), { description: 'Belém Tower' }));
    expect(upload.statusCode).toBe(200);
    const body = upload.json<UploadResponse>();
    expect(body.success).toBe(true);
    expect(body.place?.state).toBe('draft');
    const { slug, id } = body.place!;
    const title = body.photo!.title;
    // the city page of the town the photo was found in
    await makeCity(t.db, { name: body.photo!.city, country: body.photo!.country, slug: 'the-town' });

    const hidden = async () => {
      for (const lang of ['en', 'zh']) expect((await get(`/${lang}/${slug}`)).statusCode, lang).toBe(404);
      expect((await get(`/api/places/${slug}?lang=en`)).statusCode).toBe(404);
      expect((await get(`/api/places/${id}/history?lang=en`)).statusCode).toBe(404);
      expect((await get('/en/home')).body).not.toContain(`/en/${slug}"`);
      expect((await get('/api/places/translations/en')).body).not.toContain(id);
      expect((await get('/en/the-town')).body).not.toContain(`/en/${slug}"`);
      expect((await get(`/api/search?q=${encodeURIComponent(title.split(' ')[0]!)}&lang=en`)).body).not.toContain(id);
      expect((await get(`/api/places/${neighbour.id}/nearby?lang=en`)).body).not.toContain(id);
      expect((await crawl(t)).allLocs.some((loc) => loc.endsWith(`/${slug}`))).toBe(false);
    };
    await hidden();
    // The admin finds it in Edit Places, marked as a draft, by its title.
    const listed = await t.admin({
      method: 'GET',
      url: `/api/admin/places-with-translations?q=${encodeURIComponent(title.split(' ')[0]!)}`,
    });
    expect(listed.json<Array<{ id: string; state: string }>>().find((p) => p.id === id)?.state).toBe('draft');

    // The admin's preview shows it, with a draft bar, noindex and never stored by a cache.
    const preview = await t.admin({ method: 'GET', url: `/iladmin/preview/de/${slug}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.body).toContain('Draft preview: visitors cannot see this page until you publish it.');
    expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(preview.body).toContain('<html lang="de">');
    expect(preview.body).toContain(title);
    // Without a session: the sign-in screen, nothing of the draft.
    const stranger = await get(`/iladmin/preview/de/${slug}`);
    expect(stranger.statusCode).toBe(302);
    expect(stranger.headers.location).toBe('/iladmin/login');
    expect(stranger.body).not.toContain(title);

    const published = await t.admin({ method: 'POST', url: `/api/admin/places/${id}/publish` });
    expect(published.statusCode).toBe(200);
    expect(published.json<PublicationResponse>()).toMatchObject({ state: 'published' });
    for (const lang of ['en', 'zh']) expect((await get(`/${lang}/${slug}`)).statusCode, lang).toBe(200);
    expect((await get('/en/home')).body).toContain(`/en/${slug}"`);
    expect((await get('/en/the-town')).body).toContain(`/en/${slug}"`);
    expect((await get(`/api/places/${neighbour.id}/nearby?lang=en`)).body).toContain(id);
    expect((await crawl(t)).allLocs.some((loc) => loc.endsWith(`/en/${slug}`))).toBe(true);
    const publishedPreview = await t.admin({ method: 'GET', url: `/iladmin/preview/en/${slug}` });
    expect(publishedPreview.body).toContain('Preview: this place is published');

    // Unpublishing hides it again at once.
    const unpublished = await t.admin({ method: 'POST', url: `/api/admin/places/${id}/unpublish` });
    expect(unpublished.json<PublicationResponse>()).toMatchObject({ state: 'draft' });
    await hidden();
  });

  it('publishing a place that does not exist is a plain 404', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/places/00000000-0000-4000-8000-000000000000/publish',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toContain('Place not found');
  });
});
