import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { checkArchive } from '../src/server/backup/archive-check';
import { restoreArchive } from '../src/server/backup/restore';
import type { AdminPlaceDto } from '../src/shared/api/admin-places';
import type { RevisionList } from '../src/shared/api/revisions';
import type { VisitDto, VisitFactsResponse } from '../src/shared/api/visit-facts';
import { BELEM_VISIT_FACTS, makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { testConfig } from './helpers/test-config';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

/**
 * Visit facts (issue 40, docs/decisions/043-visit-facts.md): the owner's PUT, its refusals, the
 * public answer in a language, the revision it keeps, the caches it drops, and a backup's round trip.
 */
const FACTS = BELEM_VISIT_FACTS;

describe('visit facts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  const put = (id: string, payload: object) =>
    t.admin({ method: 'PUT', url: `/api/admin/places/${id}/visit`, payload });
  const visitIn = async (id: string, lang: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/places/${id}/visit?languageCode=${lang}` });
    expect(response.statusCode).toBe(200);
    return response.json<VisitDto | null>();
  };
  const adminPlace = async (id: string) => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/places-with-translations?limit=100' });
    return response.json<AdminPlaceDto[]>().find((place) => place.id === id)!;
  };

  it('the owner saves every fact: the admin list shows them, visitors read them, and the page has a "Plan your visit" box', async () => {
    const place = await makePlace(t.db, { title: 'Belém Tower' });
    expect(await visitIn(place.id, 'en')).toBeNull();
    const before = await t.app.inject({ method: 'GET', url: `/en/${place.slug}` });
    expect(before.body).not.toContain('id="visit-title"');

    const saved = await put(place.id, FACTS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<VisitFactsResponse>().visit).toMatchObject({ ...FACTS, translations: {} });
    expect((await adminPlace(place.id)).visit).toMatchObject(FACTS);

    const english = await visitIn(place.id, 'en');
    expect(english).toMatchObject({ ...FACTS, priceText: null, englishFields: [] });
    // No German texts yet: the English ones are shown, and said to be English.
    const german = await visitIn(place.id, 'de');
    expect(german?.englishFields.sort()).toEqual(['accessibility', 'hoursNote']);

    // The cached page was dropped by the write: the next request shows the box.
    const page = await t.app.inject({ method: 'GET', url: `/en/${place.slug}` });
    expect(page.body).toContain('<h2 id="visit-title" class="section-title">Plan your visit</h2>');
    expect(page.body).toContain('€12.50');
    expect(page.body).toContain('1 hour, 30 minutes');
    expect(page.body).toContain('(next day)');
    expect(page.body).toContain('href="https://www.torrebelem.gov.pt/" rel="nofollow noopener"');
    const de = await t.app.inject({ method: 'GET', url: `/de/${place.slug}` });
    expect(de.body).toContain('<h2 id="visit-title" class="section-title">Besuch planen</h2>');
    expect(de.body).toContain('12,50\u00a0€');
    expect(de.body).toMatch(/Di\.?–So\.?/);
    expect(de.body).toContain('1 Stunde, 30 Minuten');
  });

  it('the editor writes German texts at the desk: German visitors read them, other languages keep the English', async () => {
    const place = await makePlace(t.db);
    expect((await put(place.id, { ...FACTS, price: { text: 'Donations welcome' } })).statusCode).toBe(200);
    const desk = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/visit/translations/de`,
      payload: { hoursNote: 'Am 1. Januar geschlossen.', priceText: 'Spenden willkommen' },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json<VisitFactsResponse>().visit?.translations).toEqual({
      de: { hoursNote: 'Am 1. Januar geschlossen.', priceText: 'Spenden willkommen' },
    });
    const german = await visitIn(place.id, 'de');
    expect(german).toMatchObject({ hoursNote: 'Am 1. Januar geschlossen.', priceText: 'Spenden willkommen' });
    expect(german?.englishFields).toEqual(['accessibility']);
    expect((await visitIn(place.id, 'fr'))?.priceText).toBe('Donations welcome');
  });

  it.each([
    ['an http website', { website: 'http://example.com/' }],
    ['a time that is not HH:MM', { openingHours: [{ days: ['mo'], opens: '9', closes: '17:00' }] }],
    ['the same opening and closing time', { openingHours: [{ days: ['mo'], opens: '09:00', closes: '09:00' }] }],
    ['an unknown weekday', { openingHours: [{ days: ['xx'], opens: '09:00', closes: '17:00' }] }],
    ['a weekday twice', { openingHours: [{ days: ['mo', 'mo'], opens: '09:00', closes: '17:00' }] }],
    ['a currency that is no ISO 4217 code', { price: { amount: 5, currency: 'XYZ' } }],
    ['a negative price', { price: { amount: -1, currency: 'EUR' } }],
    ['a price both free and an amount', { price: { free: true, amount: 3, currency: 'EUR' } }],
    ['a duration that is not ISO 8601', { duration: '2 hours' }],
    ['a field the API does not know', { phone: '+351 213 620 034' }],
  ])('refuses %s with 400 validation_failed and changes nothing', async (_name, payload) => {
    const place = await makePlace(t.db);
    expect((await put(place.id, FACTS)).statusCode).toBe(200);
    const refused = await put(place.id, { ...FACTS, ...payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ code: string }>().code).toBe('validation_failed');
    expect(await visitIn(place.id, 'en')).toMatchObject(FACTS);
  });

  it('answers 404 for a place that does not exist, and 401 without a session', async () => {
    expect((await put('00000000-0000-4000-8000-000000000000', FACTS)).statusCode).toBe(404);
    const place = await makePlace(t.db);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/places/${place.id}/visit`,
      payload: FACTS,
      headers: { origin: t.config.publicUrl },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a revision of each change: restoring the first version gives back the facts as they were', async () => {
    const place = await makePlace(t.db);
    expect((await put(place.id, FACTS)).statusCode).toBe(200);
    expect((await put(place.id, { ...FACTS, price: { free: true }, website: '' })).statusCode).toBe(200);
    const list = await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions` });
    const revisions = list.json<RevisionList>().revisions;
    expect(revisions.map((r) => [r.summary, r.author])).toEqual([
      ['Visit facts changed', 'person'],
      ['Visit facts changed', 'person'],
    ]);
    expect((await visitIn(place.id, 'en'))?.price).toEqual({ free: true });
    const restore = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${place.id}/revisions/${revisions[0]!.id}/restore`,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await visitIn(place.id, 'en')).toMatchObject(FACTS);
  });

  it('a GPX and a KML download of the place list its opening times and price in the file language', async () => {
    const place = await makePlace(t.db);
    expect((await put(place.id, FACTS)).statusCode).toBe(200);
    const gpx = await t.app.inject({ method: 'GET', url: `/de/${place.slug}/places.gpx` });
    expect(gpx.statusCode).toBe(200);
    expect(gpx.body).toMatch(/Öffnungszeiten: Di\.?–So\.? 10:00–18:30/);
    expect(gpx.body).toContain('Eintritt: 12,50\u00a0€');
    const kml = await t.app.inject({ method: 'GET', url: `/en/${place.slug}/places.kml` });
    expect(kml.body).toContain('Price: €12.50');
    expect(kml.body).toContain('Official website: https://www.torrebelem.gov.pt/');
  });

  it('a backup holds the facts: restored into a new data folder, visitors read the same facts in every language', async () => {
    const place = await makePlace(t.db);
    expect((await put(place.id, FACTS)).statusCode).toBe(200);
    const desk = `/api/admin/places/${place.id}/visit/translations/fr`;
    const french = { accessibility: 'Rez-de-chaussée accessible par une rampe.' };
    expect((await t.admin({ method: 'PUT', url: desk, payload: french })).statusCode).toBe(200);
    const archive = join(t.dataDir, 'visit-backup.tar');
    const download = await t.app.services.backups.download();
    await pipeline(download.stream, createWriteStream(archive));
    const dataDir = join(t.dataDir, 'restored');
    await restoreArchive(await checkArchive(archive), { dataDir, databaseUrl: undefined });
    const restored = await buildApp(testConfig({ dataDir, adminPassword: TEST_PASSWORD }), {
      pages: { renderSource: sourceRenderSource() },
    });
    try {
      for (const lang of ['en', 'fr']) {
        const url = `/api/places/${place.id}/visit?languageCode=${lang}`;
        const [then, now] = await Promise.all([t.app.inject({ url }), restored.inject({ url })]);
        expect(now.statusCode).toBe(200);
        expect(now.json()).toEqual(then.json());
      }
      const fr = await restored.inject({ url: `/api/places/${place.id}/visit?languageCode=fr` });
      expect(fr.json<VisitDto>().accessibility).toBe(french.accessibility);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
