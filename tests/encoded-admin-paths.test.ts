import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Issue 38, item 6: the router decodes percent-escapes, so `/api/%61dmin/cities` is the admin API
 * and `/%69ladmin/dashboard` an admin screen. Whatever the spelling, an admin answer is private and
 * never stored, a session is needed, and a cross-site write is refused. Requests go over a real
 * socket, with the path exactly as written (no client normalises it first).
 */
describe('admin addresses in other spellings', () => {
  let t: TestApp;
  let port: number;
  let session: string;

  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((done, fail) => {
      const request = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body }));
      });
      request.on('error', fail);
      request.end();
    });

  beforeAll(async () => {
    t = await createTestApp({ renderCacheBytes: 8 * 1024 * 1024 }, { pages: { renderSource: sourceRenderSource() } });
    session = await t.login();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t.close();
  });

  const API = [
    '/api/%61dmin/cities',
    '/%61pi/admin/cities',
    '/api/ad%6Din/places-with-translations',
    '/api/%61dmin/status',
  ];
  const SCREENS = ['/%69ladmin/dashboard', '/iladmin/%64ashboard', '/ILADMIN/dashboard'];

  it('answers the signed-in admin privately, and no cache keeps any of it', async () => {
    const entries = t.app.responseCacheStats().entries;
    for (const path of [...API, ...SCREENS]) {
      const answer = await send('GET', path, { cookie: session });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
      expect(answer.headers['surrogate-key'], path).toBeUndefined();
      expect(answer.headers['cache-status'], path).toBeUndefined();
    }
    const cities = await send('GET', '/api/%61dmin/cities', { cookie: session });
    expect(Array.isArray(JSON.parse(cities.body))).toBe(true);
    expect(t.app.responseCacheStats().entries).toBe(entries);
  });

  it('asks for a session on every spelling of the admin API, privately', async () => {
    for (const path of API.filter((p) => !p.endsWith('status'))) {
      const answer = await send('GET', path);
      expect(answer.status, path).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Please sign in to continue.', code: 'unauthorized' });
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
    const forged = await send('GET', '/api/%61dmin/cities', { cookie: 'tp_session=forged' });
    expect(forged.status).toBe(401);
  });

  it('refuses a cross-site write at an encoded address, and the same write from the site goes through', async () => {
    const place = await makePlace(t.db, { title: 'Encoded Door', slug: 'encoded-door' });
    const path = `/api/%61dmin/places/${place.id}`;
    const crossSites: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const crossSite of crossSites) {
      const refused = await send('DELETE', path, { cookie: session, ...crossSite });
      expect(refused.status).toBe(403);
      expect(refused.headers['cache-control']).toBe('private, no-store');
    }
    expect((await send('GET', '/en/encoded-door')).status).toBe(200);
    const own = await send('DELETE', path, { cookie: session, origin: t.config.publicUrl });
    expect(own.status, own.body).toBe(200);
    expect((await send('GET', '/en/encoded-door')).status).toBe(404);
  });
});
