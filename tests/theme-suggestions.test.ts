import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlaceThemesDto } from '../src/shared/api/themes';
import {
  chatModel,
  schemaNameOf,
  startFakeChatCompletions,
  type ChatRequest,
  type FakeChatCompletions,
} from './helpers/fake-chat-completions';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Themes suggested on upload (decision 041): the offline writer's from the landmark list, the
 * model's from its photo analysis; both marked as suggested until the owner confirms, and never
 * anything outside the taxonomy.
 */
const themesOf = async (t: TestApp, id: string) =>
  (await t.admin({ method: 'GET', url: `/api/admin/places/${id}/themes` })).json<AdminPlaceThemesDto>().themes;

async function upload(t: TestApp, gps: { latitude: number; longitude: number }, seed: number) {
  const answer = await t.admin(uploadRequest(await makePhoto({ gps, seed }), { fields: { newPlace: 'true' } }));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ place: { id: string } }>().place.id;
}

describe('themes suggested on upload', () => {
  describe('by the offline writer', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('suggests the kind of a landmark it knows, and nothing for a photo elsewhere', async () => {
      const castle = await upload(t, { latitude: 55.9486, longitude: -3.1999 }, 1); // Edinburgh Castle
      expect(await themesOf(t, castle)).toEqual([{ id: 'castles', origin: 'suggested', suggestedBy: 'offline' }]);
      const field = await upload(t, { latitude: 47.1, longitude: 2.4 }, 2);
      expect(await themesOf(t, field)).toEqual([]);
    });
  });

  describe('by a model', () => {
    let fake: FakeChatCompletions;
    let t: TestApp;
    let asked: ChatRequest | undefined;
    beforeAll(async () => {
      fake = await startFakeChatCompletions((request) => {
        if (schemaNameOf(request) !== 'image_analysis') return { status: 400 };
        asked = request;
        return {
          content: JSON.stringify({
            title: 'Rose garden by the river',
            summary: 'Roses along the water.',
            travelArticle: 'One.\n\nTwo.',
            imageDescription: 'Roses in bloom.',
            placeName: 'Rose garden',
            themes: ['gardens', 'made-up', 'water', 'gardens'],
          }),
        };
      });
      t = await createTestApp({ ai: chatModel(fake.baseUrl, 'vision-test') });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it('asks for themes of the taxonomy and keeps those it knows, marked as the model’s suggestion', async () => {
      const id = await upload(t, { latitude: 48.1, longitude: 11.6 }, 3);
      expect(JSON.stringify(asked?.response_format?.json_schema?.schema)).toContain('themes');
      expect(await themesOf(t, id)).toEqual([
        { id: 'gardens', origin: 'suggested', suggestedBy: 'vision-test' },
        { id: 'water', origin: 'suggested', suggestedBy: 'vision-test' },
      ]);
      // confirming one makes it the owner's
      const put = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${id}/themes`,
        payload: { themes: ['water'] },
      });
      expect(put.json<AdminPlaceThemesDto>().themes).toEqual([{ id: 'water', origin: 'person', suggestedBy: null }]);
    });
  });
});
