import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyPlaceDto } from '../src/shared/api/nearby';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { migratedPgliteFolder } from './helpers/test-database';
import { createTestApp, type TestApp } from './helpers/test-app';

const GOLDEN_PAVILION = { latitude: 35.0394, longitude: 135.7292 };

/** "Near me": the nearest published places to a visitor's position (docs/decisions/022-companion-exports.md). */
describe('near me', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const kyoto = { location: 'Kyoto', country: 'Japan' };
    const pavilion = await makePlace(t.db, {
      ...kyoto,
      title: 'Golden Pavilion',
      latitude: 35.0394,
      longitude: 135.7292,
    });
    await makePlaceTranslation(t.db, pavilion.id, 'de', {
      title: 'Goldener Pavillon',
      location: 'Kyoto',
      country: 'Japan',
    });
    await makePlace(t.db, { ...kyoto, title: 'Fushimi Inari', latitude: 34.9671, longitude: 135.7727 });
    await makePlace(t.db, {
      location: 'Osaka',
      country: 'Japan',
      title: 'Osaka Castle',
      latitude: 34.6873,
      longitude: 135.5262,
    });
    await makePlace(t.db, {
      location: 'Tokyo',
      country: 'Japan',
      title: 'Senso-ji',
      latitude: 35.7148,
      longitude: 139.7967,
    });
    await makePlace(t.db, {
      ...kyoto,
      title: 'Draft in Kyoto',
      state: 'draft',
      latitude: 35.0394,
      longitude: 135.7293,
    });
    // far away: more than 1,000 km
    await makePlace(t.db, { title: 'Eiffel Tower' });
  });

  afterAll(() => t.close());

  const nearMe = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/near-me', payload: payload as object });

  it('lists the nearest published places first, in the language asked, with their distance, never cached', async () => {
    const response = await nearMe({ ...GOLDEN_PAVILION, lang: 'de' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['cache-status']).toBeUndefined();
    const places = response.json<NearbyPlaceDto[]>();
    expect(places.map((p) => p.title)).toEqual(['Goldener Pavillon', 'Fushimi Inari', 'Osaka Castle', 'Senso-ji']);
    expect(places[0]!.distanceMeters).toBe(0);
    expect(places[1]!.location).toBe('Kyoto');
    expect(places[1]!.distanceMeters).toBeGreaterThan(8_000);
    expect(places[1]!.distanceMeters).toBeLessThan(10_000);
  });

  it('answers an empty list far from every place', async () => {
    const response = await nearMe({ latitude: -77.85, longitude: 166.67 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses a position out of range or missing with a plain 400', async () => {
    for (const [payload, message] of [
      [{ latitude: 91, longitude: 0 }, 'latitude must be from -90 to 90'],
      [{ latitude: 0, longitude: -180.5 }, 'longitude must be from -180 to 180'],
      [{ latitude: 'here', longitude: 0 }, 'latitude'],
      [{ longitude: 0 }, 'latitude'],
    ] as const) {
      const response = await nearMe(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/near-me?latitude=35&longitude=135' })).statusCode).toBe(404);
  });

  it('never writes the position into the server log', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tp-near-me-'));
    try {
      await migratedPgliteFolder(join(dataDir, 'db'));
      const probe = join(import.meta.dirname, 'helpers/near-me-log-probe.ts');
      const tsx = join(import.meta.dirname, '../node_modules/.bin/tsx');
      const { stdout, stderr } = await promisify(execFile)(
        tsx,
        [probe, dataDir, String(GOLDEN_PAVILION.latitude), String(GOLDEN_PAVILION.longitude)],
        { env: { ...process.env, TEST_DATABASE_URL: '' }, maxBuffer: 16 * 1024 * 1024 },
      );
      expect(stderr).toContain('answered 200');
      expect(stderr).toContain('answered 400');
      // the requests were logged (at trace level), their position was not
      expect(stdout).toContain('/api/near-me');
      expect(stdout).not.toMatch(/35\.039|135\.729|135\.03/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
