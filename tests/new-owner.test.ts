import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../src/shared/api/publishing';
import type { UploadResponse } from '../src/shared/api/uploads';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 44's acceptance as a new owner meets it: no AI key and every setting as a fresh install
 * has it (drafts, grouping within 100 m, cities and countries made with their places).
 */
const SPOT = { latitude: 40.4153, longitude: -3.6845 }; // Madrid, Retiro
const SPOT_30M = { latitude: SPOT.latitude + 30 / 111_195, longitude: SPOT.longitude };
const PHOTOS = [
  SPOT,
  SPOT_30M,
  { latitude: 40.4238, longitude: -3.7122 }, // Madrid, 2.5 km away: a place of its own
  { latitude: 48.8606, longitude: 2.3376 }, // Paris
  { latitude: 41.8902, longitude: 12.4922 }, // Rome
  { latitude: 38.6916, longitude: -9.216 }, // Lisbon
];

const breadcrumbLinks = (html: string) =>
  [
    ...(/<nav aria-label="[^"]*" class="breadcrumbs">(.*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]*)"/g),
  ].map((m) => m[1]);

describe('a new owner with no AI key: six photos in four towns become a catalogue', () => {
  let t: TestApp;
  const answers: UploadResponse[] = [];
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        pages: { renderSource: sourceRenderSource() },
        newUploads: 'default',
        groupWithinMeters: 'default',
        newAreas: 'default',
      },
    );
  });
  afterAll(() => t.close());

  it('starts with the settings a fresh install has', async () => {
    const settings = (await t.admin({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
    expect(settings).toEqual({ newUploads: 'draft', newAreas: 'create', groupWithinMeters: 100, aiModel: null });
  });

  it('groups the two photos taken 30 m apart into one place, and the rest become places of their own', async () => {
    for (const [i, gps] of PHOTOS.entries()) {
      const photo = await makePhoto({ gps, dateTaken: `2024:05:1${i} 10:00:00` });
      const response = await t.admin(uploadRequest(photo, { filename: `photo-${i}.jpg` }));
      expect(response.statusCode, response.body).toBe(200);
      answers.push(response.json<UploadResponse>());
    }
    const [first, second] = answers;
    expect(second!.addedTo).toBe(first!.place!.id);
    expect(second!.galleryImage?.distanceMeters).toBeGreaterThan(20);
    expect(second!.galleryImage?.distanceMeters).toBeLessThan(40);
    const made = answers.filter((a) => !a.addedTo).map((a) => a.place!.id);
    expect(new Set(made).size).toBe(5);
    // drafts without a model: no public page of any kind yet
    expect((await get('/en/spain')).statusCode).toBe(404);
  });

  it('after publishing, countries list their cities and cities their places in five languages, with full breadcrumbs', async () => {
    for (const answer of answers.filter((a) => !a.addedTo)) {
      const published = await t.admin({ method: 'POST', url: `/api/admin/places/${answer.place!.id}/publish` });
      expect(published.statusCode, published.body).toBe(200);
    }
    const places = answers.filter((a) => !a.addedTo);
    const byCountry = new Map<string, Set<string>>();
    for (const answer of answers.filter((a) => !a.addedTo)) {
      const { city, country } = answer.photo!;
      byCountry.set(country, (byCountry.get(country) ?? new Set()).add(city));
    }
    expect([...byCountry.keys()].sort()).toEqual(['France', 'Italy', 'Portugal', 'Spain']);
    const slugOf = async (kind: 'cities' | 'countries', name: string) => {
      const rows = (await t.admin({ method: 'GET', url: `/api/admin/${kind}` })).json<
        { items?: Array<{ name: string; slug: string }> } | Array<{ name: string; slug: string }>
      >();
      const list = Array.isArray(rows) ? rows : (rows.items ?? []);
      const found = list.find((row) => row.name === name);
      expect(found, `${kind} ${name}`).toBeDefined();
      return found!.slug;
    };

    for (const lang of LANGUAGE_CODES) {
      const list = await get(`/${lang}/countries`);
      expect(list.statusCode).toBe(200);
      for (const [country, towns] of byCountry) {
        const countrySlug = await slugOf('countries', country);
        expect(list.body, `${lang} ${country}`).toContain(`href="/${lang}/${countrySlug}"`);
        const countryPage = await get(`/${lang}/${countrySlug}`);
        expect(countryPage.statusCode, `${lang}/${countrySlug}`).toBe(200);
        for (const town of towns) {
          const citySlug = await slugOf('cities', town);
          expect(countryPage.body, `${lang} ${town}`).toContain(`href="/${lang}/${citySlug}"`);
          const cityPage = await get(`/${lang}/${citySlug}`);
          expect(cityPage.statusCode).toBe(200);
          expect(breadcrumbLinks(cityPage.body)).toEqual([`/${lang}/home`, `/${lang}/${countrySlug}`]);
          for (const { place } of places.filter((a) => a.photo!.city === town)) {
            expect(cityPage.body, `${lang} ${place!.slug}`).toContain(`href="/${lang}/${place!.slug}"`);
            const placePage = await get(`/${lang}/${place!.slug}`);
            expect(placePage.statusCode).toBe(200);
            expect(breadcrumbLinks(placePage.body)).toEqual([
              `/${lang}/home`,
              `/${lang}/${countrySlug}`,
              `/${lang}/${citySlug}`,
            ]);
          }
        }
      }
    }
    // the grouped place shows both photos: its own and the one that joined its gallery
    const grouped = await get(`/en/${answers[0]!.place!.slug}`);
    expect(grouped.body).toContain(answers[0]!.photo!.imageUrl.replace(/\.jpg$/, ''));
    expect(grouped.body).toContain(answers[1]!.galleryImage!.imageUrl.replace(/\.jpg$/, ''));
  });
});
