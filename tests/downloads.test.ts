import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGalleryImage, makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Downloads are saved under a name a person recognises, not the stored file's hash (review item 11). */
describe('photo downloads', () => {
  let t: TestApp;
  const ORIGINAL = 'originals/9ab0368888c3d1e2f4a5b6c7d8e9f0a1_2400x1600.jpg';

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    await mkdir(join(t.dataDir, 'media', 'originals'), { recursive: true });
    await writeFile(join(t.dataDir, 'media', ORIGINAL), 'full resolution');
    const place = await makePlace(t.db, {
      slug: 'belem-tower',
      title: 'Belém Tower',
      originalImagePath: `/media/${ORIGINAL}`,
    });
    await makeGalleryImage(t.db, place.id);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("saves a photo as the place's address and its position in the gallery", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/en/belem-tower' });
    expect(page.statusCode).toBe(200);
    const link = /<a href="([^"]+)" download="([^"]+)"[^>]*class="gallery-download"/.exec(page.body);
    expect(link, 'the download link of the first photo').not.toBeNull();
    const [, href, fileName] = link!;
    expect(fileName).toBe('belem-tower-1.jpg');
    expect(href).toBe(`/media/${ORIGINAL}?download=1&amp;name=belem-tower-1`);

    const download = await t.app.inject({ method: 'GET', url: href!.replace('&amp;', '&') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="belem-tower-1.jpg"');
    expect(download.body).toBe('full resolution');

    const third = await t.app.inject({ method: 'GET', url: `/media/${ORIGINAL}?download=1&name=belem-tower-3` });
    expect(third.headers['content-disposition']).toBe('attachment; filename="belem-tower-3.jpg"');
  });

  it('keeps the stored name without a name, and refuses a name that is not a plain file name', async () => {
    const plain = await t.app.inject({ method: 'GET', url: `/media/${ORIGINAL}?download=1` });
    expect(plain.headers['content-disposition']).toBe(`attachment; filename="${ORIGINAL.split('/')[1]}"`);
    for (const name of ['..%2Fx', 'a%22b', 'Belem', 'x'.repeat(121), '']) {
      const response = await t.app.inject({ method: 'GET', url: `/media/${ORIGINAL}?download=1&name=${name}` });
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ error: string }>().error, name).toMatch(/download name/);
      expect(response.headers['content-disposition'], name).toBeUndefined();
    }
  });
});
