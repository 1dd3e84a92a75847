import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../src/shared/api/uploads';
import { places } from '../src/server/db/schema';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Three photos in the streets of Sintra, away from its landmarks, all taken on one day. */
const SINTRA_STREETS = [
  { latitude: 38.80097, longitude: -9.37826 },
  { latitude: 38.8015, longitude: -9.379 },
  { latitude: 38.8003, longitude: -9.3775 },
];
const STORY =
  'Morning walk with the old camera, great light. We climbed the lanes above the palace and stopped for queijadas before the tour buses came up the hill.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // no AI key: the offline writer
});
afterAll(() => t.close());

describe('the offline writer, for a batch of photos with one story', () => {
  it('gives three photos of one town three different titles, whole names, short slugs and no coordinates', async () => {
    const uploaded: UploadResponse[] = [];
    for (const gps of SINTRA_STREETS) {
      const photo = await makePhoto({ gps, width: 1200, height: 800, dateTaken: '2024:05:17 09:12:00' });
      const response = await t.admin(uploadRequest(photo, { description: STORY }));
      expect(response.statusCode).toBe(200);
      uploaded.push(response.json<UploadResponse>());
    }
    const rows = await Promise.all(
      uploaded.map(async (body) => (await t.db.select().from(places).where(eq(places.id, body.place!.id)))[0]!),
    );
    const titles = rows.map((row) => row.title);
    expect(new Set(titles).size).toBe(3);
    expect(titles).toEqual(['Sintra', 'Sintra, 17 May 2024', 'Sintra (2)']);
    for (const row of rows) {
      expect(row.title).not.toMatch(/…$/);
      expect(row.title).not.toContain('Morning walk');
      expect(row.slug!.length).toBeLessThanOrEqual(64);
      expect(row.fullDescription).toContain(STORY);
      expect(row.fullDescription).not.toMatch(/38\.8|9\.37|°/);
      expect(row.description).not.toMatch(/38\.8|9\.37|°/);
    }
    // the photo rows carry the same titles as their places
    expect(uploaded.map((body) => body.photo!.title)).toEqual(titles);
  });

  it('tells a later photo of the same town apart by its day, else by a number', async () => {
    const upload = async (dateTaken: string) => {
      const photo = await makePhoto({ gps: SINTRA_STREETS[0], width: 1200, height: 800, dateTaken });
      return (await t.admin(uploadRequest(photo, { description: STORY }))).json<UploadResponse>();
    };
    expect((await upload('2024:06:02 18:00:00')).photo!.title).toBe('Sintra, 2 June 2024');
    const again = await upload('2024:06:02 19:00:00');
    expect(again.photo!.title).toBe('Sintra (3)');
    expect(again.place!.slug!.length).toBeLessThanOrEqual(64);
  });
});
