import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_MODEL_MESSAGE, type RewriteResponse } from '../src/shared/api/place-ai';
import type { UploadResponse } from '../src/shared/api/uploads';
import { places, placeTranslations, revisions } from '../src/server/db/schema';
import {
  answersAnalysis,
  chatModel,
  providerDown,
  startFakeChatCompletions,
  type FakeChatCompletions,
} from './helpers/fake-chat-completions';
import { rewriteAnalysis } from './helpers/ai-samples';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * "Write it again with the model" on an Edit Places card (issue 43): a place the offline writer
 * wrote after a model failure gets the model's text; a person's text is never written over; a
 * failure changes nothing (docs/decisions/033-model-failures.md).
 */

const MODEL_TEXT = rewriteAnalysis;
const goodModel = answersAnalysis(MODEL_TEXT);
const down = providerDown;

describe('write a place again with the model', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  let latitude = 41.89;

  beforeAll(async () => {
    fake = await startFakeChatCompletions(goodModel);
    t = await createTestApp({ ai: { ...chatModel(fake.baseUrl, 'retry-model'), timeoutMs: 800, imageTimeoutMs: 800 } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reply = goodModel;
  });

  /** An upload while the model is down: offline text, origin 'data', a draft. */
  async function offlinePlace() {
    fake.reply = () => down;
    latitude += 0.01;
    const photo = await makePhoto({ gps: { latitude, longitude: 12.4922 }, width: 1200, height: 900 });
    const response = await t.admin(uploadRequest(photo));
    fake.reply = goodModel;
    const body = response.json<UploadResponse>();
    const [place] = await t.db.select().from(places).where(eq(places.id, body.place!.id));
    expect(place).toMatchObject({ origin: 'data', state: 'draft' });
    return place!;
  }
  const rewrite = (id: string) => t.admin({ method: 'POST', url: `/api/admin/places/${id}/rewrite` });
  const reread = async (id: string) => (await t.db.select().from(places).where(eq(places.id, id)))[0]!;

  it('replaces the offline text with the model’s, marked as the model’s; a draft stays a draft, its address stays', async () => {
    const before = await offlinePlace();
    fake.requests.length = 0;
    await makePlaceTranslation(t.db, before.id, 'es', { sourceVersion: before.sourceVersion });
    const response = await rewrite(before.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<RewriteResponse>()).toMatchObject({ rewritten: true, title: MODEL_TEXT.title });
    // the model was shown the place's stored photo
    expect(JSON.stringify(fake.requests)).toContain('data:image/jpeg;base64,/9j/');
    const after = await reread(before.id);
    expect(after).toMatchObject({
      title: MODEL_TEXT.title,
      description: MODEL_TEXT.summary,
      fullDescription: MODEL_TEXT.travelArticle,
      origin: 'machine',
      state: 'draft',
      slug: before.slug,
      sourceVersion: before.sourceVersion + 1,
    });
    // the Spanish was made from the old English: it is outdated now
    const [es] = await t.db
      .select()
      .from(placeTranslations)
      .where(and(eq(placeTranslations.placeId, before.id), eq(placeTranslations.languageCode, 'es')));
    expect(es!.sourceVersion).toBeLessThan(after.sourceVersion);
    const written = await t.db.select().from(revisions).where(eq(revisions.entityId, before.id));
    expect(written.map((r) => r.author)).toContain('retry-model');
  });

  it('never writes over a person’s text: 409 with a plain sentence, nothing changed', async () => {
    const place = await makePlace(t.db, { title: 'Our Own Words', origin: 'person' });
    const response = await rewrite(place.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict', error: expect.stringMatching(/A person wrote/) });
    expect(await reread(place.id)).toMatchObject({ title: 'Our Own Words', origin: 'person' });
  });

  it('a model failure answers 502 with its sentence and code, and changes nothing', async () => {
    const before = await offlinePlace();
    fake.reply = () => down;
    const response = await rewrite(before.id);
    expect(response.statusCode).toBe(502);
    const body = response.json<{ error: string; code: string }>();
    expect(body.code).toBe('ai_unavailable');
    expect(body.error).toMatch(/^[A-Z][^[\]{}<>]*\.$/);
    expect(body.error).not.toMatch(/upstream|503/);
    expect(await reread(before.id)).toEqual(before);
  });

  it('an unknown place is a 404', async () => {
    const response = await rewrite('00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
  });
});

describe('without a model', () => {
  it('answers the plain no-model sentence and changes nothing', async () => {
    const t = await createTestApp();
    try {
      const place = await makePlace(t.db, { title: 'Written From Data', origin: 'data' });
      const response = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/rewrite` });
      expect(response.statusCode).toBe(200);
      expect(response.json<RewriteResponse>()).toEqual({
        rewritten: false,
        title: 'Written From Data',
        message: NO_MODEL_MESSAGE,
      });
      const [after] = await t.db.select().from(places).where(eq(places.id, place.id));
      expect(after).toMatchObject({ title: 'Written From Data', origin: 'data', sourceVersion: place.sourceVersion });
    } finally {
      await t.close();
    }
  });
});
