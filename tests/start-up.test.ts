import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import { rowsOf, type DatabaseHandle } from '../src/server/db/client';
import { openTestDatabase } from './helpers/test-database';
import { makePlace } from './helpers/factories';

const STEPS = [
  'seed languages and interface texts',
  'repair addresses',
  'sweep unfinished media files',
  'empty expired trash',
  'check admin password and sessions',
  'prepare search',
];

/** What an operator reads at a start: each step on one line, with what it did and how long it took. */
describe('a start', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  const open: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'tp-start-up-'));
  });
  afterEach(async () => {
    for (const app of open.splice(0)) await app.close();
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The app as `npm start` builds it, logging at info level into `messages`. */
  async function start(adminPassword: string, messages: string[] = []) {
    const app = await buildApp(testConfig({ dataDir, adminPassword, logLevel: 'info' }), {
      database,
      loginDelayPerFailureMs: 0,
      logStream: { write: (line) => void messages.push((JSON.parse(line) as { msg: string }).msg) },
    });
    await app.ready();
    open.push(app);
    return { app, steps: () => messages.filter((line) => line.startsWith('Start-up: ')) };
  }

  it('runs its steps in order, each on one timed line, before the server answers', async () => {
    const { app, steps } = await start('first admin password');
    expect(steps().map((line) => /^Start-up: ([^:(]+?)(?::.*)? \(\d+ ms\)$/.exec(line)?.[1])).toEqual(STEPS);
    // a new database: the interface texts of all five languages are added
    expect(steps()[0]).toMatch(/^Start-up: seed languages and interface texts: \d+ texts added \(\d+ ms\)$/);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('says how many admin sessions a new password ended', async () => {
    const first = await start('first admin password');
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: 'first admin password' },
    });
    expect(login.statusCode).toBe(200);
    await first.app.close();
    open.splice(open.indexOf(first.app), 1);

    const { steps } = await start('second admin password');
    // seeded already: the line says only how long it took
    expect(steps()[0]).toMatch(/^Start-up: seed languages and interface texts \(\d+ ms\)$/);
    expect(steps()).toContainEqual(
      expect.stringMatching(
        /^Start-up: check admin password and sessions: 1 admin session made under another password ended; sign in with the current password \(\d+ ms\)$/,
      ),
    );
  });

  it('answers before the search documents are rewritten for new country names, and rewrites them after', async () => {
    const first = await start('first admin password');
    await makePlace(database.db, { slug: 'colosseum', title: 'Colosseum', location: 'Rome', country: 'Italy' });
    await first.app.close();
    open.splice(open.indexOf(first.app), 1);
    // as after an upgrade of Node whose ICU names countries differently: the stored names differ
    await database.db.execute(sql`delete from search_country_names`);
    await database.db.execute(
      sql`update search_documents set subtitle = 'stale', name_norm = 'stale', tsv = ''::tsvector`,
    );

    const messages: string[] = [];
    const { app } = await start('first admin password', messages);
    // the start is over and answering; the rewrite is the service's background work
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.services.search.refreshed();
    expect(messages).toContainEqual(
      expect.stringMatching(/^Search documents of \d+ places, cities and countries rewritten in the background/),
    );
    const marks = await database.db.execute(sql`select 1 from settings where key = 'search_documents_stale'`);
    expect(rowsOf(marks)).toHaveLength(0);
    // the German page finds the place by its country's German name again
    const found = await app.inject({ method: 'GET', url: '/api/search?q=italien&lang=de' });
    expect(found.json<Array<{ slug: string }>>().map((r) => r.slug)).toContain('colosseum');
  });
});
