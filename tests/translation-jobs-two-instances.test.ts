import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { placeTranslations, translationJobs } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { TEST_PASSWORD } from './helpers/test-app';
import { createServerDatabase } from './helpers/test-database';
import { FAST_JOBS, fieldsOf, targetOf, translatingModel } from './helpers/translation-jobs';

const serverUrl = process.env.TEST_DATABASE_URL;
const PLACES = 12;
const LANGUAGES = ['es', 'de', 'fr', 'zh'];

/** One translation request as the model saw it: which instance sent it, for what, and when. */
interface Call {
  instance: string;
  place: string;
  language: string;
  start: number;
  end: number;
}

/**
 * Two server instances on one PostgreSQL database, each running its translation worker: they
 * share the queue (FOR UPDATE SKIP LOCKED), so no job is done twice and no place is translated
 * by both at once.
 */
describe.skipIf(!serverUrl)('translation workers of two instances on one PostgreSQL', () => {
  let server: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let fake: FakeChatCompletions;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const calls: Call[] = [];

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    dataDir = await mkdtemp(join(tmpdir(), 'tp-two-jobs-'));
    fake = await startFakeChatCompletions();
    const model = translatingModel({ delayMs: 80 });
    fake.reply = (request) => {
      if (schemaNameOf(request) === 'translation') {
        const start = Date.now();
        calls.push({
          // each instance names its own model, so the requests say who sent them
          instance: request.model,
          place: /^(Shared place \d+)/.exec(fieldsOf(request).title ?? '')?.[1] ?? '?',
          language: targetOf(request),
          start,
          end: start + 80,
        });
      }
      return model(request);
    };
    for (const name of ['instance-a', 'instance-b']) {
      const database = await openDatabase({ databaseUrl: server.url });
      handles.push(database);
      const config = testConfig({
        dataDir,
        adminPassword: TEST_PASSWORD,
        ai: chatModel(fake.baseUrl, name),
        translationJobs: { ...FAST_JOBS, pollMs: 30 },
      });
      const app = await buildApp(config, { database, loginDelayPerFailureMs: 0 });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await fake?.close();
    await server?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never run one job twice, nor two jobs of one place at once, and finish every job', async () => {
    const db = handles[0]!.db;
    const made = [];
    for (let i = 0; i < PLACES; i++) {
      const place = await makePlace(db, {
        title: `Shared place ${i}`,
        date: `2030-01-${String(i + 1).padStart(2, '0')}`,
      });
      for (const code of LANGUAGES) await makePlaceTranslation(db, place.id, code);
      made.push(place);
    }
    const sessions = await Promise.all(
      apps.map(async (app) => {
        const login = await app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password: TEST_PASSWORD },
        });
        return {
          cookie: `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`,
          origin: app.config.publicUrl,
        };
      }),
    );
    // Every place is edited through one instance or the other, all at once.
    await Promise.all(
      made.map(async (place, i) => {
        const edit = await apps[i % 2]!.inject({
          method: 'PUT',
          url: `/api/admin/places/${place.id}`,
          headers: sessions[i % 2]!,
          payload: {
            title: `${place.title} renamed`,
            description: place.description,
            location: place.location,
            country: place.country,
            imageUrl: place.imageUrl,
            date: place.date,
          },
        });
        expect(edit.json()).toMatchObject({ translationQueued: true });
      }),
    );

    const ids = made.map((place) => place.id);
    await expect
      .poll(
        async () =>
          (await db.select().from(translationJobs).where(inArray(translationJobs.entityId, ids))).every(
            (job) => job.state === 'done',
          ),
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);

    // Each place and language was translated exactly once.
    expect(calls).toHaveLength(PLACES * LANGUAGES.length);
    const seen = new Set(calls.map((c) => `${c.place}/${c.language}`));
    expect(seen.size).toBe(PLACES * LANGUAGES.length);
    // Both instances worked, and never on the same place at the same time.
    expect(new Set(calls.map((c) => c.instance))).toEqual(new Set(['instance-a', 'instance-b']));
    for (const place of new Set(calls.map((c) => c.place))) {
      const mine = calls.filter((c) => c.place === place);
      for (const a of mine) {
        for (const b of mine) {
          if (a.instance !== b.instance) expect(a.end <= b.start || b.end <= a.start, `${place} overlaps`).toBe(true);
        }
      }
    }
    const rows = await db.select().from(placeTranslations).where(inArray(placeTranslations.placeId, ids));
    expect(rows.every((row) => row.title.endsWith(`renamed [${row.languageCode}]`))).toBe(true);
    expect(rows.every((row) => row.sourceVersion === 2)).toBe(true);
  });
});
