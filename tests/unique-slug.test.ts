import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/client';
import { uniqueSlug } from '../src/server/services/slugs';
import { makeCity, makeCountry, makePlace } from './helpers/factories';
import { openTestDatabase } from './helpers/test-database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('uniqueSlug', () => {
  it('answers the plain slug when nothing uses it', async () => {
    expect(await uniqueSlug(handle.db, 'Sagrada Família')).toBe('sagrada-familia');
  });

  it('is unique across places, cities and countries together', async () => {
    await makeCountry(handle.db, { name: 'Lisbonia', slug: 'lisbon' });
    expect(await uniqueSlug(handle.db, 'Lisbon')).toBe('lisbon-2');
    await makeCity(handle.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon-2' });
    expect(await uniqueSlug(handle.db, 'Lisbon')).toBe('lisbon-3');
    await makePlace(handle.db, { slug: 'lisbon-3' });
    expect(await uniqueSlug(handle.db, 'Lisbon')).toBe('lisbon-4');
  });

  it('treats LIKE wildcards in existing slugs literally', async () => {
    await makePlace(handle.db, { slug: 'old-town' });
    expect(await uniqueSlug(handle.db, 'Old_Town')).toBe('old-town-2');
    expect(await uniqueSlug(handle.db, 'Old Tower')).toBe('old-tower');
  });

  it('never shadows the home or countries pages', async () => {
    expect(await uniqueSlug(handle.db, 'Home')).toBe('home-2');
    expect(await uniqueSlug(handle.db, 'Countries')).toBe('countries-2');
  });
});
