import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiFailureCode } from '../src/shared/ai-failures';
import type { TranslateResponse } from '../src/shared/api/place-ai';
import type { UploadResponse } from '../src/shared/api/uploads';
import { placeFacts, placeHistory, places, placeTranslations } from '../src/server/db/schema';
import {
  chatModel,
  schemaNameOf,
  startFakeChatCompletions,
  type ChatReply,
  type ChatRequest,
  type FakeChatCompletions,
} from './helpers/fake-chat-completions';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';
import { adminEntity, FAST_JOBS, fieldsOf, statuses, targetOf } from './helpers/translation-jobs';

/**
 * A model that misbehaves, in every phase where it is asked (issue 43, docs/decisions/033-model-failures.md):
 * an upload, Fetch History and Generate Trivia, Translate, and the queued translation jobs. Nothing
 * half-written, every message a plain sentence, one warn line per failure.
 */

const MISBEHAVIOUR: Record<Exclude<AiFailureCode, 'ai_wrong_language' | 'ai_not_set_up' | 'ai_setup'>, ChatReply> = {
  ai_bad_answer: { content: JSON.stringify({ not: 'what was asked' }) },
  ai_too_large: { bytes: 2 * 1024 * 1024 },
  ai_refused: { refusal: 'I cannot help with that.' },
  ai_timed_out: { hang: true },
  ai_rate_limited: { status: 429, headers: { 'retry-after': '120' } },
  ai_unavailable: { status: 503, body: JSON.stringify({ error: { message: 'upstream connect error' } }) },
};
const CLASSES = Object.entries(MISBEHAVIOUR) as Array<[AiFailureCode, ChatReply]>;

const ENGLISH = 'A quiet garden behind the palace walls offers shade, fountains and benches.';
const GERMAN = 'Ein ruhiger Garten hinter den Palastmauern bietet Schatten, Brunnen und Bänke.';
const IN_LANGUAGE: Record<string, string> = {
  es: 'Un jardín tranquilo detrás de los muros del palacio ofrece sombra, fuentes y bancos.',
  de: GERMAN,
  fr: 'Un jardin paisible derrière les murs du palais offre de l’ombre, des fontaines et des bancs.',
  zh: '宫殿围墙后面有一座安静的花园，有树荫、喷泉和长椅。',
};

/** A model that does its work well: a translation into each language is written in it. */
function goodModel(request: ChatRequest): ChatReply {
  switch (schemaNameOf(request)) {
    case 'historical_events':
      return { content: JSON.stringify({ hasEvents: 'yes', events: [{ year: '1889', description: 'Opened.' }] }) };
    case 'translation': {
      const lang = targetOf(request);
      const fields = fieldsOf(request);
      return {
        content: JSON.stringify(
          Object.fromEntries(
            Object.entries(fields).map(([k, v]) => [k, v === ENGLISH ? IN_LANGUAGE[lang] : `${v} ${lang}`]),
          ),
        ),
      };
    }
    default:
      return { status: 400 };
  }
}

/** A message a person reads: plain sentences, never brackets, JSON, markup or the provider's words. */
function expectPlain(message: string | null | undefined) {
  expect(message).toMatch(/^[A-Z][^[\]{}<>]*\.$/);
  expect(message).not.toMatch(/HTTP|\b\d{3}\b|upstream|cannot help|openai/i);
}

describe('a misbehaving model, phase by phase', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  const log: Array<Record<string, unknown>> = [];
  const warnings = () => log.filter((line) => line.level === 40 && line.msg === 'The AI provider failed');

  beforeAll(async () => {
    fake = await startFakeChatCompletions(goodModel);
    t = await createTestApp(
      {
        ai: { ...chatModel(fake.baseUrl, 'flaky-model'), timeoutMs: 800, imageTimeoutMs: 800 },
        translationJobs: FAST_JOBS,
        logLevel: 'warn',
      },
      { logStream: { write: (line) => void log.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reply = goodModel;
    log.length = 0;
  });

  describe('upload: the photo is saved with offline text, as a draft, whatever the failure', () => {
    let latitude = 41.89;
    it.each(CLASSES)('%s', async (code, reply) => {
      fake.reply = () => reply;
      latitude += 0.01; // a place of its own each time
      const photo = await makePhoto({ gps: { latitude, longitude: 12.4922 }, width: 1200, height: 900 });
      const response = await t.admin(uploadRequest(photo));
      expect(response.statusCode).toBe(200);
      const body = response.json<UploadResponse>();
      expect(body.success).toBe(true);
      expectPlain(body.aiWarning);
      expect(body.aiWarning).toMatch(/The photo was saved as a draft with text written offline/);
      // "publish at once" is the test app's mode: the offline text is still not published as the model's
      expect(body.place).toMatchObject({ state: 'draft' });
      expect(body.photo).toMatchObject({ city: 'Rome' });
      const [place] = await t.db.select().from(places).where(eq(places.id, body.place!.id));
      expect(place!.state).toBe('draft');
      expect(warnings()).toEqual([
        expect.objectContaining({ provider: 'openai-compatible', model: 'flaky-model', phase: 'photo', failure: code }),
      ]);
    });

    it('markup in the model’s answer never reaches the title, the slug or the article', async () => {
      fake.reply = () => ({
        content: JSON.stringify({
          title: 'Night view <script>alert("xss")</script><img src=x onerror=alert(1)> **bold**',
          summary: 'A *summary*.',
          travelArticle: '# Heading\n\nThe <b>article</b>.',
          imageDescription: 'A picture.',
          placeName: 'Trevi <i>Fountain</i>',
        }),
      });
      const photo = await makePhoto({ gps: { latitude: 41.9009, longitude: 12.4833 }, width: 1200, height: 900 });
      const body = (await t.admin(uploadRequest(photo))).json<UploadResponse>();
      expect(body.aiWarning).toBeNull();
      expect(body.photo).toMatchObject({ title: 'Night view bold', placeName: 'Trevi Fountain' });
      const [place] = await t.db.select().from(places).where(eq(places.id, body.place!.id));
      expect(place).toMatchObject({
        slug: 'night-view-bold',
        description: 'A summary.',
        fullDescription: 'Heading\n\nThe article.',
      });
    });
  });

  describe('Fetch History and Generate Trivia: 502 with the plain sentence and its code, nothing stored', () => {
    it.each(CLASSES)('%s', async (code, reply) => {
      const place = await makePlace(t.db);
      fake.reply = () => reply;
      for (const part of ['history', 'facts'] as const) {
        const response = await t.admin({
          method: 'POST',
          url: `/api/admin/places/${place.id}/${part}`,
          payload: { languageCode: 'en' },
        });
        expect(response.statusCode).toBe(502);
        const body = response.json<{ error: string; code: string }>();
        expect(body.code).toBe(code);
        expectPlain(body.error);
      }
      expect(await t.db.select().from(placeHistory).where(eq(placeHistory.placeId, place.id))).toEqual([]);
      expect(await t.db.select().from(placeFacts).where(eq(placeFacts.placeId, place.id))).toEqual([]);
      expect(warnings().map((w) => [w.phase, w.failure])).toEqual([
        ['history', code],
        ['trivia', code],
      ]);
    });

    it('a rate limit says when to try again', async () => {
      const place = await makePlace(t.db);
      fake.reply = () => MISBEHAVIOUR.ai_rate_limited;
      const response = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/history`, payload: {} });
      expect(response.json<{ error: string }>().error).toBe(
        'The AI provider is busy and asked us to wait. Please try again in about 2 minutes.',
      );
    });
  });

  describe('Translate: each language fails alone with a plain reason; the job waits as long as the provider asked', () => {
    it.each(CLASSES)('%s', async (code, reply) => {
      const place = await makePlace(t.db, { description: ENGLISH, fullDescription: ENGLISH });
      fake.reply = (request) =>
        schemaNameOf(request) === 'translation' && targetOf(request) === 'de' ? reply : goodModel(request);
      const started = Date.now();
      const response = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` });
      const body = response.json<TranslateResponse>();
      expect(body).toMatchObject({ translatedLanguages: ['es', 'fr', 'zh'], failedLanguages: ['de'] });
      expect(body.message).toMatch(/^Translated to Spanish, French, Chinese; failed for German\. /);
      expectPlain(body.message);
      const listed = await adminEntity(t, 'place', place.id);
      expect(listed.translations.languages[1]).toMatchObject({ languageCode: 'de', status: 'failed' });
      expectPlain(listed.translations.languages[1]!.reason);
      expectPlain(listed.translations.job!.lastError);
      const nextRun = new Date(listed.translations.job!.nextRunAt).getTime();
      if (code === 'ai_rate_limited') expect(nextRun).toBeGreaterThanOrEqual(started + 119_000);
      else expect(nextRun).toBeLessThan(started + 60_000);
      // (jobs of earlier tests may be retrying meanwhile: their lines are there too)
      expect(warnings()).toContainEqual(expect.objectContaining({ phase: 'translation', failure: code }));
    });

    it('a "German" translation in English is failed, never current, and visitors keep reading the German', async () => {
      const place = await makePlace(t.db, { description: ENGLISH, fullDescription: ENGLISH });
      fake.reply = (request) =>
        schemaNameOf(request) === 'translation' && targetOf(request) === 'de'
          ? { content: JSON.stringify(fieldsOf(request)) } // the English, unchanged
          : goodModel(request);
      const body = (
        await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` })
      ).json<TranslateResponse>();
      expect(body.failedLanguages).toEqual(['de']);
      expect(body.message).toContain(
        'The model answered in English instead of German, so the translation was not used. Please try again.',
      );
      const german = await t.db
        .select()
        .from(placeTranslations)
        .where(and(eq(placeTranslations.placeId, place.id), eq(placeTranslations.languageCode, 'de')));
      expect(german).toEqual([]);
      expect(statuses(await adminEntity(t, 'place', place.id))).toEqual(['current', 'failed', 'current', 'current']);
    });
  });

  describe('queued translation jobs after an edit', () => {
    async function editedPlace(reply: (request: ChatRequest) => ChatReply) {
      const place = await makePlace(t.db, { title: 'Palace garden', description: ENGLISH, fullDescription: ENGLISH });
      await makePlaceTranslation(t.db, place.id, 'de', { title: 'Palastgarten', description: GERMAN });
      fake.reply = reply;
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: {
          title: 'Palace garden',
          description: `${ENGLISH} Open every day.`,
          location: place.location,
          country: place.country,
          imageUrl: place.imageUrl,
          date: place.date,
        },
      });
      expect(response.statusCode).toBe(200);
      return place;
    }

    /** The place once its job has tried German and failed (it may be queued again, for later). */
    async function germanFailed(id: string) {
      await expect
        .poll(
          async () => {
            const { translations } = await adminEntity(t, 'place', id);
            return translations.languages[1]!.status === 'failed' && translations.job?.state !== 'running';
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBe(true);
      return adminEntity(t, 'place', id);
    }

    it.each(CLASSES)('%s: the German page keeps its German, the card says why', async (code, reply) => {
      const place = await editedPlace(() => reply);
      const settled = await germanFailed(place.id);
      expect(statuses(settled)[1]).toBe('failed');
      expectPlain(settled.translations.languages[1]!.reason);
      expectPlain(settled.translations.job!.lastError);
      const german = await t.app.inject({ url: `/api/places/by-slug/${place.slug}/translations/de` });
      expect(german.json()).toMatchObject({ title: 'Palastgarten', description: GERMAN });
      expect(warnings()).toContainEqual(expect.objectContaining({ phase: 'translation', failure: code }));
      if (code === 'ai_rate_limited') {
        // one attempt, then the job waits as long as the provider asked
        expect(settled.translations.job).toMatchObject({ state: 'queued', attempts: 1 });
        expect(new Date(settled.translations.job!.nextRunAt).getTime()).toBeGreaterThan(Date.now() + 100_000);
      }
    });

    it('a wrong-language answer: failed with its reason, the German stays', async () => {
      const place = await editedPlace((request) =>
        schemaNameOf(request) === 'translation' ? { content: JSON.stringify(fieldsOf(request)) } : goodModel(request),
      );
      const settled = await germanFailed(place.id);
      expect(settled.translations.languages[1]).toMatchObject({
        status: 'failed',
        reason: 'The model answered in English instead of German, so the translation was not used. Please try again.',
      });
      const german = await t.app.inject({ url: `/api/places/by-slug/${place.slug}/translations/de` });
      expect(german.json()).toMatchObject({ description: GERMAN });
    });
  });
});
