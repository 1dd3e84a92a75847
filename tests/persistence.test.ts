import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import { uiText } from '../src/server/db/schema';
import { makePlace } from './helpers/factories';
import { migratedPgliteFolder } from './helpers/test-database';

/** The embedded database on disk: what `npm start` uses. */
describe('embedded database in DATA_DIR', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  async function start(dataDir: string, announced: string[] = []) {
    // no ADMIN_PASSWORD: the first start generates one
    return buildApp(testConfig({ dataDir, adminPassword: undefined }), {
      announcePassword: (p) => announced.push(p),
    });
  }

  it('generates a password once, keeps data and sessions across a restart, and never reprints it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tp-restart-'));
    dirs.push(dataDir);
    const announced: string[] = [];

    const first = await start(dataDir, announced);
    expect(announced).toHaveLength(1);
    const password = announced[0]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    const login = await first.inject({ method: 'POST', url: '/api/admin/login', payload: { password } });
    expect(login.statusCode).toBe(200);
    const cookie = `tp_session=${login.cookies[0]!.value}`;
    const placesBefore = await first.inject({ method: 'GET', url: '/api/places' });
    await first.close();

    const second = await start(dataDir, announced);
    expect(announced).toHaveLength(1);
    const status = await second.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } });
    expect(status.json()).toEqual({ isAuthenticated: true });
    const again = await second.inject({ method: 'POST', url: '/api/admin/login', payload: { password } });
    expect(again.statusCode).toBe(200);
    expect((await second.inject({ method: 'GET', url: '/api/places' })).json()).toEqual(placesBefore.json());
    await second.close();
  });

  it('adds missing interface text on restart without overwriting edited values', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tp-seed-'));
    dirs.push(dataDir);
    const { openDatabase } = await import('../src/server/db/client');
    const { eq, and } = await import('drizzle-orm');
    // a migrated database without any interface text yet (the test above starts from nothing)
    await migratedPgliteFolder(join(dataDir, 'db'));

    const first = await start(dataDir);
    const count = (await first.inject({ method: 'GET', url: '/api/translations/de' })).json<unknown[]>().length;
    await first.close();

    // an administrator edits one text and another one goes missing
    const handle = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    await handle.db
      .update(uiText)
      .set({ value: 'Unsere Startseite' })
      .where(and(eq(uiText.key, 'nav.home'), eq(uiText.languageCode, 'de')));
    await handle.db.delete(uiText).where(and(eq(uiText.key, 'hero.title'), eq(uiText.languageCode, 'de')));
    await makePlace(handle.db, { title: 'Kept across restarts' });
    await handle.close();

    const second = await start(dataDir);
    const texts = (await second.inject({ method: 'GET', url: '/api/translations/de' })).json<
      { key: string; value: string }[]
    >();
    expect(texts).toHaveLength(count);
    expect(texts.find((t) => t.key === 'nav.home')?.value).toBe('Unsere Startseite');
    expect(texts.find((t) => t.key === 'hero.title')?.value).toBe('Entdecke die verborgenen Schätze der Welt');
    const places = (await second.inject({ method: 'GET', url: '/api/places' })).json<{ title: string }[]>();
    expect(places.map((p) => p.title)).toContain('Kept across restarts');
    await second.close();
  });
});
