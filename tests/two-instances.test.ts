import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createServerDatabase } from './helpers/test-database';
import { TEST_PASSWORD } from './helpers/test-app';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Two server instances on one PostgreSQL database, each with its own render cache: a write
 * through one is seen by the other on its very next request (each reads the content version).
 */
describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  let server: { url: string; drop(): Promise<void> };
  let dataDir: string;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    dataDir = await mkdtemp(join(tmpdir(), 'tp-two-'));
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: server.url });
      handles.push(database);
      const config = testConfig({ dataDir, adminPassword: TEST_PASSWORD, renderCacheBytes: 16 * 1024 * 1024 });
      const app = await buildApp(config, {
        database,
        loginDelayPerFailureMs: 0,
        pages: { renderSource: sourceRenderSource() },
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await server.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an edit through A shows on B’s next request of the page and of home, every time', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const login = await a.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_PASSWORD } });
    const cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
    const place = await makePlace(handles[0]!.db, { title: 'Round 0', slug: 'shared-place', date: '2040-01-01' });

    for (let round = 1; round <= 10; round++) {
      // B has the page and home in its cache
      expect((await b.inject({ method: 'GET', url: '/en/shared-place' })).body).toContain(`Round ${round - 1}`);
      expect((await b.inject({ method: 'GET', url: '/en/home' })).body).toContain(`Round ${round - 1}`);
      const edit = await a.inject({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        headers: { cookie, origin: a.config.publicUrl },
        payload: { ...place, title: `Round ${round}`, fullDescription: undefined, originalImagePath: undefined },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const page = await b.inject({ method: 'GET', url: '/en/shared-place' });
      expect(page.body, `round ${round}`).toContain(`Round ${round}`);
      const home = await b.inject({ method: 'GET', url: '/en/home' });
      expect(home.body).toContain(`Round ${round}`);
    }
  });

  it('a session made on A is valid on B, and a delete through B is 404 on A at once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const login = await a.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_PASSWORD } });
    const cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
    const place = await makePlace(handles[0]!.db, { slug: 'gone-everywhere' });
    expect((await a.inject({ method: 'GET', url: '/en/gone-everywhere' })).statusCode).toBe(200);
    const removed = await b.inject({
      method: 'DELETE',
      url: `/api/admin/places/${place.id}`,
      headers: { cookie, origin: b.config.publicUrl },
    });
    expect(removed.statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/en/gone-everywhere' })).statusCode).toBe(404);
  });

  it('publishing through A shows a draft on B’s next request, and unpublishing hides it there at once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const login = await a.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_PASSWORD } });
    const cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
    const place = await makePlace(handles[0]!.db, { title: 'Quiet draft', slug: 'quiet-draft', state: 'draft' });
    expect((await b.inject({ method: 'GET', url: '/en/quiet-draft' })).statusCode).toBe(404);
    expect((await b.inject({ method: 'GET', url: '/en/home' })).body).not.toContain('Quiet draft');
    for (const [action, status] of [
      ['publish', 200],
      ['unpublish', 404],
    ] as const) {
      const done = await a.inject({
        method: 'POST',
        url: `/api/admin/places/${place.id}/${action}`,
        headers: { cookie, origin: a.config.publicUrl },
      });
      expect(done.statusCode).toBe(200);
      expect((await b.inject({ method: 'GET', url: '/en/quiet-draft' })).statusCode, action).toBe(status);
      expect((await b.inject({ method: 'GET', url: '/en/home' })).body.includes('Quiet draft'), action).toBe(
        status === 200,
      );
    }
  });

  it('an edit of one place through A drops it on B at once, and B keeps its cached page of another place', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const login = await a.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_PASSWORD } });
    const cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
    const edited = await makePlace(handles[0]!.db, {
      title: 'Edited far away',
      slug: 'edited-far-away',
      location: 'Tromsø',
      country: 'Norway',
      latitude: 69.65,
      longitude: 18.96,
    });
    await makePlace(handles[0]!.db, {
      title: 'Left alone',
      slug: 'left-alone',
      location: 'Lisbon',
      country: 'Portugal',
      latitude: 38.72,
      longitude: -9.14,
    });
    for (const url of ['/en/edited-far-away', '/en/left-alone']) await b.inject({ method: 'GET', url });
    const edit = await a.inject({
      method: 'PUT',
      url: `/api/admin/places/${edited.id}`,
      headers: { cookie, origin: a.config.publicUrl },
      payload: { ...edited, title: 'Edited once', fullDescription: undefined, originalImagePath: undefined },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const page = await b.inject({ method: 'GET', url: '/en/edited-far-away' });
    expect(page.body).toContain('Edited once');
    expect(page.headers['cache-status']).toMatch(/fwd=miss/);
    const other = await b.inject({ method: 'GET', url: '/en/left-alone' });
    expect(other.headers['cache-status']).toBe('travel-places; hit');
  });
});
