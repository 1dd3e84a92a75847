import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import type { DatabaseHandle } from '../src/server/db/client';
import { adminSessions, countries } from '../src/server/db/schema';
import { makeCountry } from './helpers/factories';
import { openTestDatabase } from './helpers/test-database';

const PASSWORD_A = 'first admin password';
const PASSWORD_B = 'second admin password';

/**
 * Sessions belong to the password they were made under: a new ADMIN_PASSWORD ends them on every
 * instance sharing the database, and "Sign out everywhere" ends them all at once.
 */
describe('ending admin sessions', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  const open: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'tp-sessions-'));
  });
  afterEach(async () => {
    for (const app of open.splice(0)) await app.close();
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The app as `npm start` builds it, with this password, on the shared database. */
  async function start(adminPassword: string | undefined, announced: string[] = []) {
    const config = testConfig({ dataDir, adminPassword });
    const app = await buildApp(config, {
      database,
      loginDelayPerFailureMs: 0,
      announcePassword: (p) => announced.push(p),
    });
    await app.ready();
    open.push(app);
    return app;
  }

  async function stop(app: FastifyInstance) {
    open.splice(open.indexOf(app), 1);
    await app.close();
  }

  async function signIn(app: FastifyInstance, password: string) {
    const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { password } });
    const session = response.cookies.find((c) => c.name === 'tp_session');
    return { response, cookie: session ? `tp_session=${session.value}` : undefined };
  }

  const isAuthenticated = async (app: FastifyInstance, cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } })).json<{
      isAuthenticated: boolean;
    }>().isAuthenticated;

  /** An admin write: deleting a country. Answers the status and whether the country is still there. */
  async function deleteCountry(app: FastifyInstance, cookie: string) {
    const country = await makeCountry(database.db);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/admin/countries/${country.id}`,
      headers: { cookie, origin: app.config.publicUrl },
    });
    const left = await database.db.select().from(countries).where(eq(countries.id, country.id));
    return { status: response.statusCode, body: response.body, stillThere: left.length === 1 };
  }

  it('keeps a session across a restart with the same password, and ends it when the password changes', async () => {
    const first = await start(PASSWORD_A);
    const { cookie } = await signIn(first, PASSWORD_A);
    await stop(first);

    // the same password again: the session still works, reads and writes
    const again = await start(PASSWORD_A);
    expect(await isAuthenticated(again, cookie!)).toBe(true);
    expect(await deleteCountry(again, cookie!)).toMatchObject({ status: 200, stillThere: false });
    await stop(again);

    // a new password: the session made under the old one is refused everywhere
    const changed = await start(PASSWORD_B);
    expect(await isAuthenticated(changed, cookie!)).toBe(false);
    const write = await deleteCountry(changed, cookie!);
    expect(write).toMatchObject({ status: 401, stillThere: true });
    expect(JSON.parse(write.body)).toEqual({ error: 'Please sign in to continue.', code: 'unauthorized' });
    // the old password no longer signs in; the new one does
    const old = await signIn(changed, PASSWORD_A);
    expect(old.response.statusCode).toBe(401);
    expect(old.cookie).toBeUndefined();
    const fresh = await signIn(changed, PASSWORD_B);
    expect(fresh.response.statusCode).toBe(200);
    await stop(changed);

    // going back to the first password does not bring the old session back
    const back = await start(PASSWORD_A);
    expect(await isAuthenticated(back, cookie!)).toBe(false);
    expect(await isAuthenticated(back, fresh.cookie!)).toBe(false);
  });

  it('a second instance starting with the same password keeps the first one’s sessions', async () => {
    const a = await start(PASSWORD_A);
    const { cookie } = await signIn(a, PASSWORD_A);
    const b = await start(PASSWORD_A);
    expect(await isAuthenticated(b, cookie!)).toBe(true);
    expect(await isAuthenticated(a, cookie!)).toBe(true);
  });

  it('two instances starting together with a new password agree on it', async () => {
    const [a, b] = await Promise.all([start(PASSWORD_B), start(PASSWORD_B)]);
    const onA = (await signIn(a, PASSWORD_B)).cookie!;
    const onB = (await signIn(b, PASSWORD_B)).cookie!;
    for (const app of [a, b]) {
      expect(await isAuthenticated(app, onA)).toBe(true);
      expect(await isAuthenticated(app, onB)).toBe(true);
    }
  });

  it('an instance still running with the old password stops accepting and issuing sessions', async () => {
    const old = await start(PASSWORD_A);
    const { cookie } = await signIn(old, PASSWORD_A);
    expect(await isAuthenticated(old, cookie!)).toBe(true);

    const updated = await start(PASSWORD_B);
    // the old instance still knows only the old password, but sessions under it are over
    expect(await isAuthenticated(old, cookie!)).toBe(false);
    expect(await deleteCountry(old, cookie!)).toMatchObject({ status: 401, stillThere: true });
    const late = await signIn(old, PASSWORD_A);
    expect(late.response.statusCode).toBe(401);
    expect(late.cookie).toBeUndefined();
    // the new instance works as usual
    const current = await signIn(updated, PASSWORD_B);
    expect(await isAuthenticated(updated, current.cookie!)).toBe(true);
  });

  it('setting ADMIN_PASSWORD ends the sessions of the generated password', async () => {
    const announced: string[] = [];
    const generated = await start(undefined, announced);
    // an earlier test of this file set ADMIN_PASSWORD; without it, the generated password applies
    const password = announced[0]!;
    const { cookie } = await signIn(generated, password);
    expect(await isAuthenticated(generated, cookie!)).toBe(true);
    await stop(generated);

    const configured = await start(PASSWORD_A);
    expect(await isAuthenticated(configured, cookie!)).toBe(false);
  });

  describe('sign out everywhere', () => {
    it('ends every session, the caller’s included, and says so', async () => {
      const app = await start(PASSWORD_A);
      const laptop = (await signIn(app, PASSWORD_A)).cookie!;
      const phone = (await signIn(app, PASSWORD_A)).cookie!;

      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/logout-everywhere',
        headers: { cookie: laptop, origin: app.config.publicUrl },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Every device has been signed out, this one included.',
      });
      // the caller's cookie is cleared in its browser too
      const cleared = response.cookies.find((c) => c.name === 'tp_session');
      expect(cleared?.value).toBe('');

      for (const cookie of [laptop, phone]) {
        expect(await isAuthenticated(app, cookie)).toBe(false);
        expect(await deleteCountry(app, cookie)).toMatchObject({ status: 401, stillThere: true });
      }
      expect(await database.db.select().from(adminSessions)).toEqual([]);
      // signing in again works as before
      const again = (await signIn(app, PASSWORD_A)).cookie!;
      expect(await isAuthenticated(app, again)).toBe(true);
    });

    it('ends the sessions of every instance sharing the database', async () => {
      const a = await start(PASSWORD_A);
      const b = await start(PASSWORD_A);
      const onA = (await signIn(a, PASSWORD_A)).cookie!;
      const onB = (await signIn(b, PASSWORD_A)).cookie!;
      const response = await b.inject({
        method: 'POST',
        url: '/api/admin/logout-everywhere',
        headers: { cookie: onB, origin: b.config.publicUrl },
      });
      expect(response.statusCode).toBe(200);
      expect(await isAuthenticated(a, onA)).toBe(false);
      expect(await isAuthenticated(b, onB)).toBe(false);
    });

    it('refuses a visitor without a session and a cross-site request, ending nothing', async () => {
      const app = await start(PASSWORD_A);
      const cookie = (await signIn(app, PASSWORD_A)).cookie!;

      const anonymous = await app.inject({ method: 'POST', url: '/api/admin/logout-everywhere' });
      expect(anonymous.statusCode).toBe(401);
      const crossSite = await app.inject({
        method: 'POST',
        url: '/api/admin/logout-everywhere',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      const fetchedCrossSite = await app.inject({
        method: 'POST',
        url: '/api/admin/logout-everywhere',
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(fetchedCrossSite.statusCode).toBe(403);
      expect(await isAuthenticated(app, cookie)).toBe(true);
    });
  });
});
