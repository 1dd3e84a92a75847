import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, countries, galleryImages, places } from '../src/server/db/schema';
import { IMAGE_ADDRESS_MESSAGE } from '../src/shared/image-address';
import { makeCity, makeCountry, makeGalleryImage, makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Addresses a browser would fetch from another site (`/\` and `/<tab>/` both read as `//`). */
const HOSTILE = [
  '/\\evil.example/x.jpg',
  '/\t/evil.example/x.jpg',
  '//evil.example/x.jpg',
  'https://evil.example/x.jpg',
  '\\\\evil.example/x.jpg',
];

/** Every attribute value in a page that holds evil.example: where a browser would go. */
const attributesNaming = (html: string, host: string) =>
  [...html.matchAll(/\s[\w:-]+="([^"]*)"/g)].map((m) => m[1]!).filter((value) => value.includes(host));

describe('image addresses of places, cities and countries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  it('refuses another site’s address for a place with 400 and the message, and changes nothing', async () => {
    const place = await makePlace(t.db, { imageUrl: '/media/web/kept-1000.jpg', date: '2024-06-21' });
    const [before] = await t.db.select().from(places).where(eq(places.id, place.id));
    for (const imageUrl of HOSTILE) {
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/places/${place.id}`,
        payload: {
          title: 'Changed',
          description: place.description,
          location: place.location,
          country: place.country,
          imageUrl,
          date: '2024-06-21',
        },
      });
      expect(response.statusCode, JSON.stringify(imageUrl)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(IMAGE_ADDRESS_MESSAGE);
    }
    const [after] = await t.db.select().from(places).where(eq(places.id, place.id));
    expect(after).toEqual(before);
  });

  it('refuses another site’s address for a city with 400 and the message, and changes nothing', async () => {
    const city = await makeCity(t.db, { name: 'Lyon', country: 'France', imageUrl: '/media/web/lyon-1000.jpg' });
    const [before] = await t.db.select().from(cities).where(eq(cities.id, city.id));
    for (const imageUrl of HOSTILE) {
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/cities/${city.id}`,
        payload: { name: 'Lyon', country: 'France', description: 'Changed', imageUrl },
      });
      expect(response.statusCode, JSON.stringify(imageUrl)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(IMAGE_ADDRESS_MESSAGE);
    }
    const [after] = await t.db.select().from(cities).where(eq(cities.id, city.id));
    expect(after).toEqual(before);
  });

  it('refuses another site’s address for a country with 400 and the message, and changes nothing', async () => {
    const country = await makeCountry(t.db, { name: 'Portugal', imageUrl: '/media/web/pt-1000.jpg' });
    const [before] = await t.db.select().from(countries).where(eq(countries.id, country.id));
    for (const imageUrl of HOSTILE) {
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/countries/${country.id}`,
        payload: { name: 'Portugal', description: 'Changed', imageUrl },
      });
      expect(response.statusCode, JSON.stringify(imageUrl)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(IMAGE_ADDRESS_MESSAGE);
    }
    const [after] = await t.db.select().from(countries).where(eq(countries.id, country.id));
    expect(after).toEqual(before);
  });

  it('refuses it when adding a city or a country too', async () => {
    const city = await t.admin({
      method: 'POST',
      url: '/api/admin/cities',
      payload: { name: 'Porto', country: 'Portugal', imageUrl: '/\\evil.example/x.jpg' },
    });
    expect(city.statusCode).toBe(400);
    expect(city.json<{ error: string }>().error).toContain(IMAGE_ADDRESS_MESSAGE);
    const country = await t.admin({
      method: 'POST',
      url: '/api/admin/countries',
      payload: { name: 'Spain', imageUrl: '/\\evil.example/x.jpg' },
    });
    expect(country.statusCode).toBe(400);
    expect(await t.db.select().from(cities).where(eq(cities.name, 'Porto'))).toEqual([]);
    expect(await t.db.select().from(countries).where(eq(countries.name, 'Spain'))).toEqual([]);
  });

  it('never puts an address stored before the rule into a page: no image, preload or download from elsewhere', async () => {
    // written straight into the database, as an older version or a hand edit could have
    const country = await makeCountry(t.db, { name: 'Evilland', imageUrl: '/\\evil-country.example/c.jpg' });
    const city = await makeCity(t.db, {
      name: 'Eviltown',
      country: 'Evilland',
      imageUrl: 'https://evil-city.example/c.jpg',
    });
    const place = await makePlace(t.db, {
      title: 'Evil square',
      location: 'Eviltown',
      country: 'Evilland',
      imageUrl: '/\\evil-place.example/p.jpg',
      originalImagePath: '/\t/evil-original.example/o.jpg',
      date: '2024-06-21',
    });
    const gallery = await makeGalleryImage(t.db, place.id);
    await t.db
      .update(galleryImages)
      .set({ imageUrl: '//evil-gallery.example/g.jpg', originalImagePath: null })
      .where(eq(galleryImages.id, gallery.id));

    for (const path of [`/en/${place.slug}`, `/en/${city.slug}`, `/en/${country.slug}`, '/en/home', '/en/countries']) {
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode, path).toBe(200);
      for (const host of ['evil-country', 'evil-city', 'evil-place', 'evil-original', 'evil-gallery']) {
        expect(attributesNaming(page.body, host), `${path}: ${host}`).toEqual([]);
      }
    }
    // the place page still shows its text, and its social preview falls back to the site's picture
    const placePage = await t.app.inject({ method: 'GET', url: `/en/${place.slug}` });
    expect(placePage.body).toContain('Evil square');
    expect(placePage.body).toMatch(/<meta property="og:image" content="http:\/\/[^"/]+\/og-image\.jpg"/);
  });
});
