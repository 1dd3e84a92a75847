import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPlaceDto } from '../src/shared/api/admin-places';
import {
  NO_MODEL_MESSAGE,
  type FactsResponse,
  type HistoryResponse,
  type TranslateResponse,
} from '../src/shared/api/place-ai';
import type { AdminSettings } from '../src/shared/api/publishing';
import type { DashboardDto } from '../src/shared/api/review';
import type { UploadResponse } from '../src/shared/api/uploads';
import {
  placeFacts,
  placeHistory,
  places,
  placeTranslations,
  revisions,
  translationFailures,
} from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  userText,
  type ChatRequest,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';
import { codeOf, fakeTranslation } from './helpers/fake-translation';

const SPANISH: Record<string, string> = {
  title: 'Torre Eiffel al atardecer',
  description: 'La torre brilla.',
  location: 'París',
  fullDescription: 'Artículo completo.',
};

/** A model that answers each kind of request the way a real one would. */
function model(request: ChatRequest) {
  switch (schemaNameOf(request)) {
    case 'image_analysis':
      return {
        content: JSON.stringify({
          title: 'Eiffel Tower at Dusk',
          summary: 'The iron lattice tower glowing over the Seine.',
          travelArticle: 'Paris at dusk.\n\nClimb early to avoid queues.',
          imageDescription: 'The Eiffel Tower lit up against a pink sky.',
          placeName: 'Eiffel Tower',
        }),
      };
    case 'historical_events':
      return {
        content: JSON.stringify({
          hasEvents: 'yes',
          events: [
            { year: '1887', description: 'Construction begins.' },
            { year: '1889', description: 'Opens for the World’s Fair.' },
          ],
        }),
      };
    case 'trivia_facts':
      return {
        content: JSON.stringify({
          hasFacts: 'yes',
          facts: [{ question: 'How tall is it?', answer: 'About 330 metres.' }],
        }),
      };
    case 'translation': {
      const text = userText(request);
      const fields = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, string>;
      const language = /into (\w+)/.exec(text)![1]!;
      return {
        content: JSON.stringify(
          Object.fromEntries(
            Object.keys(fields).map((k) => [
              k,
              (language === 'Spanish' && SPANISH[k]) ||
                fakeTranslation(fields[k]!, codeOf(language), (t) => `[${language}] ${t}`),
            ]),
          ),
        ),
      };
    }
    default:
      return { status: 400 };
  }
}

describe('with AI_PROVIDER=openai-compatible (local Chat Completions server)', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeChatCompletions(model);
    t = await createTestApp({
      ai: chatModel(fake.baseUrl, 'llava'),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reply = model;
    fake.requests.length = 0;
  });

  let placeId: string;

  it('stores the model’s title, summary and article for an uploaded photo', async () => {
    const photo = await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, width: 1600, height: 1200 });
    const response = await t.admin(uploadRequest(photo, { description: 'We went up at dusk.' }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.aiWarning).toBeNull();
    expect(body.photo).toMatchObject({ title: 'Eiffel Tower at Dusk', placeName: 'Eiffel Tower', city: 'Paris' });
    placeId = body.place!.id;
    const [place] = await t.db.select().from(places).where(eq(places.id, placeId));
    expect(place).toMatchObject({
      title: 'Eiffel Tower at Dusk',
      slug: 'eiffel-tower-at-dusk',
      description: 'The iron lattice tower glowing over the Seine.',
    });
    // the model saw the 1000 px JPEG and the traveller's notes
    const sent = JSON.stringify(fake.requests[0]!.messages);
    expect(sent).toContain('data:image/jpeg;base64,');
    expect(sent).toContain('We went up at dusk.');
    expect(sent).toContain('Paris');
  });

  it('generates history once, then answers it from the cache', async () => {
    const first = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${placeId}/history`,
      payload: { languageCode: 'en' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<HistoryResponse>()).toEqual({
      history: {
        hasEvents: 'yes',
        events: [
          { year: '1887', description: 'Construction begins.' },
          { year: '1889', description: 'Opens for the World’s Fair.' },
        ],
      },
      fromCache: false,
    });
    const second = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${placeId}/history`,
      payload: { languageCode: 'en' },
    });
    expect(second.json<HistoryResponse>().fromCache).toBe(true);
    expect(fake.requests).toHaveLength(1);
    const stored = await t.db.select().from(placeHistory).where(eq(placeHistory.placeId, placeId));
    expect(stored).toHaveLength(1);
    const publicRead = await t.app.inject({ method: 'GET', url: `/api/places/${placeId}/history?languageCode=en` });
    expect(publicRead.json()).toMatchObject({ hasEvents: 'yes' });
  });

  it('generates trivia facts once, then answers them from the cache', async () => {
    const first = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${placeId}/facts`,
      payload: { languageCode: 'en' },
    });
    expect(first.json<FactsResponse>()).toEqual({
      facts: { hasFacts: 'yes', facts: [{ question: 'How tall is it?', answer: 'About 330 metres.' }] },
      fromCache: false,
    });
    const second = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${placeId}/facts`,
      payload: { languageCode: 'en' },
    });
    expect(second.json<FactsResponse>()).toMatchObject({ fromCache: true, facts: { hasFacts: 'yes' } });
    expect(fake.requests).toHaveLength(1);
    expect(await t.db.select().from(placeFacts).where(eq(placeFacts.placeId, placeId))).toHaveLength(1);
  });

  it('translates a place, its history and its trivia into every missing language and stores the model’s text', async () => {
    const response = await t.admin({ method: 'POST', url: `/api/admin/places/${placeId}/translate` });
    expect(response.statusCode).toBe(200);
    expect(response.json<TranslateResponse>()).toMatchObject({
      translatedLanguages: ['es', 'de', 'fr', 'zh'],
      failedLanguages: [],
    });
    // Text, history and trivia: one call each per language.
    expect(fake.requests.filter((r) => schemaNameOf(r) === 'translation')).toHaveLength(12);
    const germanHistory = await t.app.inject({ url: `/api/places/${placeId}/history?languageCode=de` });
    expect(germanHistory.json()).toMatchObject({
      languageCode: 'de',
      events: [{ year: '1887', description: '[German] Construction begins.' }, { year: '1889' }],
    });
    const listed = (await t.admin({ url: '/api/admin/places-with-translations' })).json<AdminPlaceDto[]>();
    const state = listed.find((p) => p.id === placeId)!.translations;
    expect(state.languages.map((l) => l.status)).toEqual(['current', 'current', 'current', 'current']);
    expect(state.job).toMatchObject({ state: 'done' });
    const [es] = await t.db
      .select()
      .from(placeTranslations)
      .where(and(eq(placeTranslations.placeId, placeId), eq(placeTranslations.languageCode, 'es')));
    // country names come from CLDR (offline), everything else from the model
    expect(es).toMatchObject({
      title: 'Torre Eiffel al atardecer',
      location: 'París',
      country: 'Francia',
      fullDescription: 'Artículo completo.',
    });
    const zh = await t.app.inject({ method: 'GET', url: `/api/places/by-slug/eiffel-tower-at-dusk/translations/zh` });
    expect(zh.json()).toMatchObject({
      country: '法国',
      title: fakeTranslation('Eiffel Tower at Dusk', 'zh', (text) => `[Chinese] ${text}`),
    });

    const again = await t.admin({ method: 'POST', url: `/api/admin/places/${placeId}/translate` });
    expect(again.json<TranslateResponse>()).toEqual({
      translatedLanguages: [],
      failedLanguages: [],
      keptLanguages: [],
      message: 'All languages already translated',
    });
  });

  it('says "All languages already translated" when there is nothing to do', async () => {
    const place = await makePlace(t.db);
    for (const lang of ['es', 'de', 'fr', 'zh']) await makePlaceTranslation(t.db, place.id, lang);
    const response = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` });
    expect(response.json<TranslateResponse>().message).toBe('All languages already translated');
  });

  it('reports the languages the model failed to translate and keeps the others', async () => {
    const place = await makePlace(t.db, { country: 'Italy', location: 'Rome' });
    fake.reply = (request) => (/into German/.test(userText(request)) ? { status: 500 } : model(request));
    const response = await t.admin({ method: 'POST', url: `/api/admin/places/${place.id}/translate` });
    const body = response.json<TranslateResponse>();
    expect(body.translatedLanguages).toEqual(['es', 'fr', 'zh']);
    expect(body.failedLanguages).toEqual(['de']);
    expect(body.message).toMatch(/failed for German/);
    // The German badge says failed, and why; the job will try German again later.
    const listed = (await t.admin({ url: '/api/admin/places-with-translations' })).json<AdminPlaceDto[]>();
    const state = listed.find((p) => p.id === place.id)!.translations;
    expect(state.languages[1]).toMatchObject({ languageCode: 'de', status: 'failed' });
    expect(state.languages[1]!.reason).toBe(
      'The AI provider is not answering right now. Please try again in a few minutes.',
    );
    expect(state.job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(new Date(state.job!.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('saves an upload with offline text when the model fails, and says so', async () => {
    fake.reply = (request) =>
      schemaNameOf(request) === 'image_analysis' ? { content: 'not json at all' } : model(request);
    const photo = await makePhoto({ gps: { latitude: 51.5007, longitude: -0.1246 }, width: 1200, height: 900 });
    const response = await t.admin(uploadRequest(photo, { description: 'Big Ben at noon.' }));
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body.success).toBe(true);
    expect(body.aiWarning).toBe(
      'The model’s answer was not in the expected form. The photo was saved as a draft with text written offline from its place and date: check it in Edit Places, then publish it.',
    );
    // offline text is never published as the model's, even with "publish at once"
    expect(body.place).toMatchObject({ state: 'draft' });
    expect(body.photo).toMatchObject({ city: 'London', country: 'United Kingdom', title: 'Big Ben' });
    expect(fake.requests).toHaveLength(2); // the first answer, then one retry
  });

  it('answers 502 with the reason when the model cannot produce history', async () => {
    const place = await makePlace(t.db);
    fake.reply = () => ({ status: 503 });
    const response = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${place.id}/history`,
      payload: { languageCode: 'en' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json<{ error: string }>().error).toMatch(/AI provider/);
    expect(await t.db.select().from(placeHistory).where(eq(placeHistory.placeId, place.id))).toEqual([]);
  });
});

describe('with the default offline provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('completes an upload without any network; History, Trivia and Translate write, record and fail nothing', async () => {
    const photo = await makePhoto({ gps: { latitude: 41.4036, longitude: 2.1744 }, width: 1200, height: 900 });
    const upload = (
      await t.admin(uploadRequest(photo, { description: 'Inside the basilica, the light was unreal.' }))
    ).json<UploadResponse>();
    expect(upload).toMatchObject({
      success: true,
      aiWarning: null,
      photo: { city: 'Barcelona', country: 'Spain', title: 'Sagrada Família' },
    });
    const id = upload.place!.id;
    const revisionsBefore = await t.db.select().from(revisions).where(eq(revisions.entityId, id));
    const settings = (await t.admin({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
    expect(settings.aiModel).toBeNull();

    // Twice each: nothing is stored, so the second answer is no "(from cache)" either.
    for (let round = 0; round < 2; round++) {
      const history = await t.admin({
        method: 'POST',
        url: `/api/admin/places/${id}/history`,
        payload: { languageCode: 'en' },
      });
      expect(history.statusCode).toBe(200);
      expect(history.json<HistoryResponse>()).toEqual({
        history: { hasEvents: 'no', events: [] },
        fromCache: false,
        message: NO_MODEL_MESSAGE,
      });
      const facts = await t.admin({
        method: 'POST',
        url: `/api/admin/places/${id}/facts`,
        payload: { languageCode: 'en' },
      });
      expect(facts.json<FactsResponse>()).toEqual({
        facts: { hasFacts: 'no', facts: [] },
        fromCache: false,
        message: NO_MODEL_MESSAGE,
      });
      const translate = await t.admin({ method: 'POST', url: `/api/admin/places/${id}/translate` });
      expect(translate.statusCode).toBe(200);
      expect(translate.json<TranslateResponse>()).toEqual({
        translatedLanguages: [],
        failedLanguages: [],
        keptLanguages: [],
        message: NO_MODEL_MESSAGE,
      });
    }
    // plain words for the administrator, no setup words meant for developers
    expect(NO_MODEL_MESSAGE).toMatch(/^No AI model is configured, so nothing was written or translated\./);
    expect(NO_MODEL_MESSAGE).not.toMatch(/AI_PROVIDER|openai|anthropic/);

    // Nothing recorded: no history or trivia rows, no "written by machine" revision, no failed language.
    expect(await t.db.select().from(placeHistory).where(eq(placeHistory.placeId, id))).toEqual([]);
    expect(await t.db.select().from(placeFacts).where(eq(placeFacts.placeId, id))).toEqual([]);
    expect(await t.db.select().from(revisions).where(eq(revisions.entityId, id))).toEqual(revisionsBefore);
    expect(await t.db.select().from(translationFailures).where(eq(translationFailures.entityId, id))).toEqual([]);
    const dashboard = (await t.admin({ method: 'GET', url: '/api/admin/dashboard' })).json<DashboardDto>();
    expect(dashboard.failedTranslations).toBe(0);
    const card = (await t.admin({ method: 'GET', url: '/api/admin/places-with-translations' }))
      .json<AdminPlaceDto[]>()
      .find((p) => p.id === id)!;
    expect(card.translations.languages.map((l) => l.status)).not.toContain('failed');
  });

  it('answers 404 for a place that does not exist', async () => {
    for (const action of ['history', 'facts', 'translate']) {
      const response = await t.admin({ method: 'POST', url: `/api/admin/places/not-a-place/${action}`, payload: {} });
      expect(response.statusCode).toBe(404);
    }
  });
});
