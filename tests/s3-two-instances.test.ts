import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../src/shared/api/uploads';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import type { Storage, StoredObject } from '../src/server/media/storage';
import { listFiles } from './helpers/media-files';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { TEST_PASSWORD } from './helpers/test-app';
import { createServerDatabase, openTestDatabase } from './helpers/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;

async function objectsIn(storage: Storage): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const object of storage.list()) objects.push(object);
  return objects.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Two server instances with their own data folders, one database and one bucket: whatever one
 * uploads, the other serves, and nothing lands on either machine's disk. On PGlite the two share
 * one database handle; on PostgreSQL (TEST_DATABASE_URL) each connects to the same database.
 */
describe('two instances on one bucket', () => {
  let s3: S3TestServer;
  let drop: (() => Promise<void>) | undefined;
  const handles: DatabaseHandle[] = [];
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    s3 = await startS3Server('shared-media');
    if (serverUrl) {
      const database = await createServerDatabase(serverUrl);
      drop = () => database.drop();
      for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: database.url }));
    } else {
      const shared = await openTestDatabase();
      handles.push(shared, shared);
    }
    for (const database of handles) {
      const dataDir = await mkdtemp(join(tmpdir(), 'tp-s3-two-'));
      dataDirs.push(dataDir);
      const config = testConfig({ dataDir, adminPassword: TEST_PASSWORD, s3: s3.config });
      const app = await buildApp(config, {
        database,
        loginDelayPerFailureMs: 0,
        pages: { renderSource: sourceRenderSource() },
      });
      await app.ready();
      apps.push(app);
    }
    // Uploads are published at once (docs/product.md §10.2): one setting for both, in their database.
    // No city or country pages are made (§18): a city's picture would keep the photo's file in the bucket.
    await apps[0]!.services.publishing.saveSettings({ newUploads: 'publish', newAreas: 'ask' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of new Set(handles)) await handle.close();
    await drop?.();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    await s3?.close();
  });

  it('a photo uploaded through A is stored in the bucket only, served by B, and deleted through B', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const login = await a.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_PASSWORD } });
    const cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;

    // B has its home page in its render cache before the upload
    const homeBefore = await b.inject({ method: 'GET', url: '/en/home' });
    expect(homeBefore.statusCode).toBe(200);
    expect(homeBefore.body).not.toContain('Belém Tower at dusk');

    const photo = await makePhoto({ gps: { latitude: 38.6916, longitude: -9.216 }, width: 2400, height: 1800 });
    const request = uploadRequest(photo, { description: 'Belém Tower at dusk' });
    const upload = await a.inject({ ...request, headers: { ...request.headers, cookie, origin: a.config.publicUrl } });
    expect(upload.statusCode, upload.body).toBe(200);
    const { photo: stored, place } = upload.json<UploadResponse>();
    const id = /web\/([0-9a-f]{32}_\d+x\d+)-1000\.jpg$/.exec(stored!.imageUrl)![1]!;

    // every file in the bucket, none on either machine
    const objects = await objectsIn(a.storage);
    expect(objects.map((o) => o.key)).toEqual(
      [
        `originals/${id}.jpg`,
        `web/${id}-1000.jpg`,
        `web/${id}-1000.webp`,
        `web/${id}-480.jpg`,
        `web/${id}-480.webp`,
        `web/${id}-1600.webp`,
        `web/${id}-card.jpg`,
        `web/${id}-card.webp`,
      ].sort(),
    );
    for (const dir of dataDirs) expect(await listFiles(dir)).toEqual([]);

    // B's home lists the new place on the very next request
    const homeAfter = await b.inject({ method: 'GET', url: '/en/home' });
    expect(homeAfter.body).toContain(`/en/${place!.slug}`);

    // B renders the page and serves the web image and the original, in part too
    const page = await b.inject({ method: 'GET', url: `/en/${place!.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(stored!.imageUrl);
    const web = await b.inject({ method: 'GET', url: stored!.imageUrl });
    expect(web.statusCode).toBe(200);
    expect(web.headers['content-type']).toBe('image/jpeg');
    expect(web.rawPayload.length).toBe(objects.find((o) => o.key === `web/${id}-1000.jpg`)!.size);
    const original = await b.inject({ method: 'GET', url: stored!.originalImagePath });
    const originalSize = objects.find((o) => o.key === `originals/${id}.jpg`)!.size;
    expect(original.rawPayload.length).toBe(originalSize);
    const tail = await b.inject({ method: 'GET', url: stored!.originalImagePath, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${originalSize - 100}-${originalSize - 1}/${originalSize}`);
    expect(tail.rawPayload.equals(original.rawPayload.subarray(originalSize - 100))).toBe(true);

    // A's session is valid on B; a delete through B hides the place on A at once, and emptying the
    // trash through B removes the objects
    const status = await b.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } });
    expect(status.json()).toEqual({ isAuthenticated: true });
    expect((await a.inject({ method: 'GET', url: `/en/${place!.slug}` })).statusCode).toBe(200);
    const removed = await b.inject({
      method: 'DELETE',
      url: `/api/admin/places/${place!.id}`,
      headers: { cookie, origin: b.config.publicUrl },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await a.inject({ method: 'GET', url: `/en/${place!.slug}` })).statusCode).toBe(404);
    expect(await objectsIn(a.storage)).not.toEqual([]);
    const emptied = await b.inject({
      method: 'DELETE',
      url: '/api/admin/trash',
      headers: { cookie, origin: b.config.publicUrl },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(await objectsIn(a.storage)).toEqual([]);
    expect((await a.inject({ method: 'GET', url: stored!.imageUrl })).statusCode).toBe(404);
  });
});
