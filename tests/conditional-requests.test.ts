import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 38, item 10: pages, API answers and media files follow one rule for If-None-Match (`*`, a
 * list, weak or strong tags) and one negotiation of Accept-Encoding (a `q=0` refusal holds, also
 * against `*`).
 */
describe('conditional requests and encodings', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    await makePlace(t.db, { title: 'Quiet Courtyard', slug: 'quiet-courtyard' });
    await t.app.storage.put('web/conditional-800.jpg', Buffer.from('the bytes of a photo'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a media file 304 to If-None-Match: *, to its tag in a list and to its weak tag; 200 to another tag', async () => {
    const url = '/media/web/conditional-800.jpg';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    for (const tags of ['*', etag, `W/${etag}`, `"other", ${etag}`]) {
      expect((await get(url, { 'if-none-match': tags })).statusCode, tags).toBe(304);
    }
    const other = await get(url, { 'if-none-match': '"other"', 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe('the bytes of a photo');
  });

  it('answers a page and an API answer 304 to If-None-Match: * and to any encoding’s tag, weak or strong', async () => {
    for (const url of ['/en/quiet-courtyard', '/api/places/translations/en']) {
      const br = await get(url, { 'accept-encoding': 'br' });
      const etag = String(br.headers.etag);
      for (const tags of ['*', etag, `W/${etag}`, `"other", ${etag.replace('-br"', '-gzip"')}`]) {
        expect((await get(url, { 'if-none-match': tags })).statusCode, `${url} ${tags}`).toBe(304);
      }
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
  });

  it('never answers in an encoding the client refused with q=0', async () => {
    const url = '/en/quiet-courtyard';
    const anyButGzip = await get(url, { 'accept-encoding': 'gzip;q=0, *' });
    expect(anyButGzip.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(anyButGzip.rawPayload).toString()).toContain('Quiet Courtyard');
    expect((await get(url, { 'accept-encoding': 'br;q=0, *' })).headers['content-encoding']).toBe('gzip');
    const neither = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0, *' });
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(neither.body).toContain('Quiet Courtyard');
    expect((await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0.2' })).headers['content-encoding']).toBe('gzip');
  });
});
