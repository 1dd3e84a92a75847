import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/server/db/client';
import { pendingFiles, places } from '../src/server/db/schema';
import { openFileJournal } from '../src/server/media/file-journal';
import { processImage } from '../src/server/media/image-processing';
import type { StoredImage } from '../src/server/media/image-storage';
import { createLocalStorage } from '../src/server/media/storage';
import { PROJECT_ROOT } from '../src/server/paths';
import { createMediaFiles } from '../src/server/services/media-files';
import { makePlace } from './helpers/factories';
import { listFiles, unreferencedFiles } from './helpers/media-files';
import { multipart, uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { freePort } from './helpers/ports';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';
import { createServerDatabase, migratedPgliteFolder } from './helpers/test-database';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PARIS = { latitude: 48.8584, longitude: 2.2945 };
const LIMITS = { maxBytes: 20 * 1024 * 1024 };
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * One database opened again and again as successive processes would: a PGlite folder, or a new
 * database on the PostgreSQL server when TEST_DATABASE_URL names one (CI's second pass).
 */
async function reopenableDatabase(dir: string): Promise<{ open(): Promise<DatabaseHandle>; url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // the folder holds the run's migrated database before the first process opens it
    await migratedPgliteFolder(join(dir, 'db'));
    return { open: () => openDatabase({ pgliteDir: join(dir, 'db') }) };
  }
  const server = await createServerDatabase(serverUrl);
  cleanups.push(() => server.drop());
  return { open: () => openDatabase({ databaseUrl: server.url }), url: server.url };
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tp-files-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('replacing or deleting a picture', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function upload(seed: number) {
    const response = await t.admin(uploadRequest(await makePhoto({ gps: PARIS, seed, width: 1280, height: 960 })));
    expect(response.statusCode).toBe(200);
    return response.json<{ photo: { imageUrl: string }; place: { id: string } }>();
  }
  const put = (url: string, payload: object) => t.admin({ method: 'PUT', url, payload });
  const mediaDir = () => join(t.dataDir, 'media');

  it('removes the files nobody references any more, of places, galleries, cities and countries', async () => {
    t = await createTestApp();
    const a = await upload(40);
    const b = await upload(120);
    const c = await upload(200);
    const placeA = (await t.db.select().from(places).where(eq(places.id, a.place.id)))[0]!;

    // A gallery image becomes place A's picture, then leaves the gallery: the picture keeps it.
    const gallery = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${a.place.id}/gallery`,
      ...multipart([
        { name: 'image', filename: 'g.jpg', contentType: 'image/jpeg', data: await makePhoto({ seed: 9 }) },
      ]),
    });
    expect(gallery.statusCode).toBe(201);
    const galleryImage = gallery.json<{ id: string; imageUrl: string }>();
    const placeBody = {
      title: placeA.title,
      description: placeA.description,
      location: placeA.location,
      country: placeA.country,
      date: placeA.date,
    };
    expect(
      (await put(`/api/admin/places/${a.place.id}`, { ...placeBody, imageUrl: galleryImage.imageUrl })).statusCode,
    ).toBe(200);
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/gallery/${galleryImage.id}` })).statusCode).toBe(200);
    const galleryId = /[0-9a-f]{32}/.exec(galleryImage.imageUrl)![0];
    expect((await listFiles(mediaDir())).filter((f) => f.includes(galleryId))).toHaveLength(7);
    // Place A shows its own photo again: nothing shows the gallery image any more.
    expect(
      (await put(`/api/admin/places/${a.place.id}`, { ...placeBody, imageUrl: a.photo.imageUrl })).statusCode,
    ).toBe(200);
    expect((await listFiles(mediaDir())).filter((f) => f.includes(galleryId))).toEqual([]);

    // A city and a country show the photos of places B and C, which are then deleted.
    const city = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Lyon', country: 'France', imageUrl: b.photo.imageUrl },
    });
    expect(city.statusCode).toBe(201);
    const cityId = city.json<{ city: { id: string; description: string } }>().city;
    const country = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Belgium', imageUrl: c.photo.imageUrl },
    });
    expect(country.statusCode).toBe(201);
    const countryId = country.json<{ country: { id: string } }>().country.id;
    for (const id of [b.place.id, c.place.id]) {
      expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${id}` })).statusCode).toBe(200);
    }
    const idOf = (url: string) => /[0-9a-f]{32}/.exec(url)![0];
    const filesOf = async (url: string) => (await listFiles(mediaDir())).filter((f) => f.includes(idOf(url)));
    expect(await filesOf(b.photo.imageUrl)).toHaveLength(7);
    expect(await filesOf(c.photo.imageUrl)).toHaveLength(7);

    // The city's picture is replaced, the country is deleted: both photos go once the places and
    // the country have left the trash.
    const cityBody = {
      name: 'Lyon',
      country: 'France',
      description: cityId.description,
      imageUrl: '/media/web/lyon-1000.jpg',
    };
    expect((await put(`/api/admin/cities/${cityId.id}`, cityBody)).statusCode).toBe(200);
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/countries/${countryId}` })).statusCode).toBe(200);
    expect(await filesOf(b.photo.imageUrl)).toHaveLength(7);
    expect(await filesOf(c.photo.imageUrl)).toHaveLength(7);
    expect((await t.admin({ method: 'DELETE', url: '/api/admin/trash' })).statusCode).toBe(200);
    expect(await filesOf(b.photo.imageUrl)).toEqual([]);
    expect(await filesOf(c.photo.imageUrl)).toEqual([]);

    expect(await filesOf(a.photo.imageUrl)).toHaveLength(7);
    expect(await unreferencedFiles(t.db, mediaDir())).toEqual([]);
    expect(await t.db.select().from(pendingFiles)).toEqual([]);
  });
});

describe('a process that stops mid-way', () => {
  it('leaves records that the next start uses to remove every file no row references', async () => {
    const dir = await tempDir();
    const database = await reopenableDatabase(dir);
    const storage = createLocalStorage(join(dir, 'media'));
    const first = await database.open();
    const journal = await openFileJournal(first);
    const files = createMediaFiles({ db: first.db, storage, journal });
    const image = async (seed: number) => processImage(await makePhoto({ seed, width: 320, height: 240 }), LIMITS);
    const place = async (stored: StoredImage) => {
      await files.adopt(first.db, stored);
      return makePlace(first.db, { imageUrl: stored.imageUrl, originalImagePath: stored.originalImagePath });
    };

    // 1. Files written, the row never committed (killed between the two).
    const orphan = await files.write(await image(1));
    // 2. A file half-written when the process died.
    const [halfWritten] = (await image(2)).files;
    await journal.begin([halfWritten!.key]);
    await writeFile(join(dir, 'media', `${halfWritten!.key}.tmp`), halfWritten!.data.subarray(0, 100));
    // 3. A place saved for good.
    const kept = await files.write(await image(3));
    await place(kept);
    // 4. A place deleted, its files not yet removed when the process died.
    const deleted = await files.write(await image(4));
    const deletedPlace = await place(deleted);
    await first.db.transaction(async (tx) => {
      await tx.delete(places).where(eq(places.id, deletedPlace.id));
      expect(await files.release(tx, [deleted.imageUrl])).toHaveLength(12);
    });

    const mediaDir = join(dir, 'media');
    expect(await unreferencedFiles(first.db, mediaDir)).toHaveLength(7 + 1 + 7);

    if (database.url) {
      // Another instance starting while this one runs leaves its files alone: it may still commit them.
      const other = await database.open();
      const sweeping = createMediaFiles({ db: other.db, storage, journal: await openFileJournal(other) });
      expect(await sweeping.sweep()).toBe(0);
      expect(await exists(join(mediaDir, orphan.keys[0]!))).toBe(true);
      await other.close();
    }

    await first.close(); // the process is gone, and with its connection its lock
    const next = await database.open();
    cleanups.push(() => next.close());
    const restarted = createMediaFiles({ db: next.db, storage, journal: await openFileJournal(next) });
    // records: 7 written files, 1 half-written, 12 possible files of the deleted image (4 web sizes, the
    // card crop in two formats, 2 large WebP sizes, 4 original types)
    expect(await restarted.sweep()).toBe(7 + 1 + 12);

    expect(await unreferencedFiles(next.db, mediaDir)).toEqual([]);
    expect(await listFiles(mediaDir)).toEqual(expect.arrayContaining(kept.keys));
    expect(await listFiles(mediaDir)).toHaveLength(kept.keys.length);
    expect(await next.db.select().from(pendingFiles)).toEqual([]);
  });
});

/** The real server (src/server/main.ts) as its own process, answered when it says it is ready. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'error', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready at')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('kill -9 during uploads', () => {
  it('after a restart, every file under the data folder is referenced by a row', { timeout: 120_000 }, async () => {
    const dir = await tempDir();
    const database = await reopenableDatabase(dir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dir,
      ADMIN_PASSWORD: TEST_PASSWORD,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    let server = await startServer(env);
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await exited(server);
    });

    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const photos = await Promise.all(
      Array.from({ length: 12 }, (_, i) => makePhoto({ gps: PARIS, seed: 7 + 20 * i, width: 1600, height: 1200 })),
    );
    const answers: number[] = [];
    const uploads = photos.map(async (photo) => {
      const request = uploadRequest(photo);
      try {
        const response = await fetch(`${origin}${request.url}`, {
          method: 'POST',
          headers: { ...request.headers, origin, cookie },
          body: new Uint8Array(request.payload),
        });
        answers.push(response.status);
      } catch {
        answers.push(0); // the connection died with the server
      }
    });
    // Killed while uploads are being processed, written and saved: once the first has been saved.
    while (answers.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    server.kill('SIGKILL');
    await exited(server);
    await Promise.all(uploads);
    expect(answers.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(answers.filter((status) => status === 0).length).toBeGreaterThan(0);

    server = await startServer(env);
    server.kill('SIGTERM');
    await exited(server);

    const db = await database.open();
    cleanups.push(() => db.close());
    const mediaDir = join(dir, 'media');
    expect(await unreferencedFiles(db.db, mediaDir)).toEqual([]);
    expect(await db.db.select().from(pendingFiles)).toEqual([]);
    // ...and every saved place still has its files.
    const saved = await db.db.execute(sql`select count(*)::int as n from places`);
    const count = Number(rowsOf<{ n: number }>(saved)[0]!.n);
    expect(count).toBeGreaterThan(0);
    expect(await listFiles(mediaDir)).toHaveLength(count * 7);
  });
});
