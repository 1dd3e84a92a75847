import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_MODEL_MESSAGE } from '../../src/shared/api/place-ai';
import { places, revisions, translationJobs } from '../../src/server/db/schema';
import { createStorage } from '../../src/server/media/storage';
import type { Storage } from '../../src/server/media/storage';
import { createPlaceRewriteService } from '../../src/server/services/place-rewrite';
import {
  answersAnalysis,
  chatModel,
  providerDown,
  startFakeChatCompletions,
  type FakeChatCompletions,
} from '../helpers/fake-chat-completions';
import { rewriteAnalysis } from '../helpers/ai-samples';
import { makePlace, makePlaceTranslation } from '../helpers/factories';
import { makePhoto } from '../helpers/photos';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * "Write it again with the model" (place-rewrite.ts) called directly on a real database, with a
 * fake Chat Completions model at the HTTP boundary: the offline writer's place gets the model's
 * text; a person's text is never written over; a failure changes nothing.
 */

const MODEL_TEXT = rewriteAnalysis;
const goodModel = answersAnalysis(MODEL_TEXT);
const down = providerDown;

let fake: FakeChatCompletions;
let w: ServiceWorld;
let storage: Storage;
let rewriter: ReturnType<typeof createPlaceRewriteService>;
let photos = 0;

beforeAll(async () => {
  fake = await startFakeChatCompletions(goodModel);
  w = await openServiceWorld({
    ai: { ...chatModel(fake.baseUrl, 'rewrite-model'), timeoutMs: 800, imageTimeoutMs: 800 },
  });
  // the same media folder the services store uploads in
  storage = await createStorage(w.config);
  rewriter = createPlaceRewriteService({
    db: w.db,
    ai: w.services.ai,
    storage,
    queue: w.services.translationQueue,
  });
});
afterAll(async () => {
  await w.close();
  await fake.close();
});
beforeEach(() => {
  fake.reply = goodModel;
  fake.requests.length = 0;
});

/** A place the offline writer wrote from its photo's data, with its web image stored. */
async function offlinePlace(overrides: Parameters<typeof makePlace>[1] = {}) {
  const key = `web/rewrite-${++photos}-1000.jpg`;
  await storage.put(key, await makePhoto({ width: 400, height: 300 }));
  return makePlace(w.db, {
    title: 'Place in Rome',
    origin: 'data',
    state: 'draft',
    location: 'Rome',
    country: 'Italy',
    latitude: 41.8902,
    longitude: 12.4922,
    imageUrl: `/media/${key}`,
    ...overrides,
  });
}
const reread = async (id: string) => (await w.db.select().from(places).where(eq(places.id, id)))[0]!;
const revisionsOf = (id: string) => w.db.select().from(revisions).where(eq(revisions.entityId, id));
const jobsOf = (id: string) => w.db.select().from(translationJobs).where(eq(translationJobs.entityId, id));

describe('write a place again with the model', () => {
  it('gives the offline writer’s place the model’s text, marked as the model’s; its state and address stay', async () => {
    const before = await offlinePlace();
    const answer = await rewriter.rewrite(before.id);
    expect(answer).toEqual({
      rewritten: true,
      title: MODEL_TEXT.title,
      message: `The model wrote this place again: “${MODEL_TEXT.title}”.`,
    });
    // the model was shown the place's stored photo, and told where it is
    const asked = JSON.stringify(fake.requests);
    expect(asked).toContain('data:image/jpeg;base64,/9j/');
    expect(asked).toContain('Rome');
    expect(await reread(before.id)).toMatchObject({
      title: MODEL_TEXT.title,
      description: MODEL_TEXT.summary,
      fullDescription: MODEL_TEXT.travelArticle,
      origin: 'machine',
      state: 'draft',
      slug: before.slug,
      sourceVersion: before.sourceVersion + 1,
    });
    const kept = await revisionsOf(before.id);
    expect(kept.map((r) => [r.author, r.summary])).toEqual([['rewrite-model', 'Text written again by machine']]);
    // no translation to bring up to date: no job
    expect(await jobsOf(before.id)).toEqual([]);
  });

  it('queues the translations made from the old English, which are outdated now', async () => {
    const before = await offlinePlace({ state: 'published' });
    await makePlaceTranslation(w.db, before.id, 'es', { sourceVersion: before.sourceVersion });
    await rewriter.rewrite(before.id);
    const jobs = await jobsOf(before.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ entityType: 'place', allLanguages: false, describe: false });
    expect((await reread(before.id)).state).toBe('published');
  });

  it('never writes over a person’s text, nor writes a model’s text again: 409, nothing asked, nothing changed', async () => {
    const person = await offlinePlace({ title: 'Our Own Words', origin: 'person' });
    await expect(rewriter.rewrite(person.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^A person wrote this place’s English/),
    });
    const machine = await offlinePlace({ title: 'The Model’s Words', origin: 'machine' });
    await expect(rewriter.rewrite(machine.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^The model already wrote/),
    });
    expect(fake.requests).toEqual([]);
    expect(await reread(person.id)).toEqual(person);
    expect(await reread(machine.id)).toEqual(machine);
  });

  it('keeps a person’s edit made while the model was writing: 409, the person’s text stays', async () => {
    const before = await offlinePlace();
    fake.reply = (request) => ({ ...(goodModel(request) as { content: string }), delayMs: 400 });
    const rewriting = rewriter.rewrite(before.id);
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await w.db.update(places).set({ title: 'Edited by hand', origin: 'person' }).where(eq(places.id, before.id));
    await expect(rewriting).rejects.toMatchObject({ status: 409 });
    expect(await reread(before.id)).toMatchObject({ title: 'Edited by hand', origin: 'person' });
    expect(
      await w.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.entityId, before.id), eq(revisions.author, 'rewrite-model'))),
    ).toEqual([]);
  });

  it('answers a model failure with 502, its plain sentence and code, and changes nothing', async () => {
    const before = await offlinePlace();
    fake.reply = () => down;
    const failure = await rewriter.rewrite(before.id).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, code: 'ai_unavailable' });
    const message = (failure as Error).message;
    expect(message).toMatch(/^[A-Z][^[\]{}<>]*\.$/);
    expect(message).not.toMatch(/upstream|503/);
    expect(await reread(before.id)).toEqual(before);
    expect(await revisionsOf(before.id)).toEqual([]);
  });

  it('answers 404 for a place that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id'])
      await expect(rewriter.rewrite(id), id).rejects.toMatchObject({ status: 404 });
    expect(fake.requests).toEqual([]);
  });
});

describe('without a model', () => {
  it('answers the plain no-model sentence and changes nothing', async () => {
    const offline = await openServiceWorld();
    try {
      const service = createPlaceRewriteService({
        db: offline.db,
        ai: offline.services.ai,
        storage: await createStorage(offline.config),
        queue: offline.services.translationQueue,
      });
      const place = await makePlace(offline.db, { title: 'Written From Data', origin: 'data' });
      expect(await service.rewrite(place.id)).toEqual({
        rewritten: false,
        title: 'Written From Data',
        message: NO_MODEL_MESSAGE,
      });
      const [after] = await offline.db.select().from(places).where(eq(places.id, place.id));
      expect(after).toEqual(place);
    } finally {
      await offline.close();
    }
  });
});
