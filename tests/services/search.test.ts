import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX } from '../../src/shared/search-limits';
import { createSearchService } from '../../src/server/services/search';
import { makeCity, makeCityTranslation, makeCountry, makePlace, makePlaceTranslation } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * Search (docs/decisions/007-search.md) called straight on the service with a real database: places,
 * cities and countries found by their text in the visitor's language, paged, and bad input refused.
 */
let w: ServiceWorld;
let search: ReturnType<typeof createSearchService>;
beforeAll(async () => {
  w = await openServiceWorld();
  search = createSearchService({ db: w.db });
  await search.prepare();
  await makeCountry(w.db, { name: 'Portugal', slug: 'portugal', description: 'The far west of Europe.' });
  const lisbon = await makeCity(w.db, {
    name: 'Lisbon',
    country: 'Portugal',
    slug: 'lisbon',
    description: 'Seven hills by the river.',
  });
  await makeCityTranslation(w.db, lisbon.id, 'de', 'Lissabon');
  const tower = await makePlace(w.db, {
    slug: 'belem-tower',
    title: 'Belém Tower',
    description: 'A fortified tower guarding the mouth of the Tagus.',
    location: 'Lisbon',
    country: 'Portugal',
  });
  await makePlaceTranslation(w.db, tower.id, 'de', {
    title: 'Turm von Belém',
    description: 'Ein befestigter Turm an der Mündung des Tejo.',
    location: 'Lissabon',
    country: 'Portugal',
  });
  await makePlace(w.db, {
    slug: 'secret-tower',
    title: 'Secret Tower',
    description: 'A tower nobody may see yet.',
    state: 'draft',
  });
  for (const n of [1, 2, 3])
    await makePlace(w.db, {
      slug: `tagus-view-${n}`,
      title: `Tagus view ${n}`,
      description: 'The river Tagus from a hill.',
      location: 'Lisbon',
      country: 'Portugal',
    });
});
afterAll(() => w.close());

const slugs = async (q: string, lang = 'en') => (await search.search(q, lang, {})).items.map((item) => item.slug);

describe('search', () => {
  it('finds a place by a word of its title, with its town and a part of its text around the word', async () => {
    const { items } = await search.search('belem', 'en', {});
    expect(items[0]).toMatchObject({
      kind: 'place',
      slug: 'belem-tower',
      title: 'Belém Tower',
      subtitle: 'Lisbon, Portugal',
      titleLang: 'en',
    });
    expect(items[0]!.description).toContain('tower');
  });

  it('finds a place and a city by their names in the visitor’s language', async () => {
    const { items } = await search.search('Lissabon', 'de', {});
    expect(items.map((item) => [item.kind, item.slug])).toContainEqual(['city', 'lisbon']);
    const tower = (await search.search('Turm', 'de', {})).items[0]!;
    expect(tower).toMatchObject({ slug: 'belem-tower', title: 'Turm von Belém', titleLang: 'de' });
  });

  it('finds a country by its name', async () => {
    expect((await search.search('portugal', 'en', {})).items.map((item) => [item.kind, item.slug])).toContainEqual([
      'country',
      'portugal',
    ]);
  });

  it('never finds a draft', async () => {
    expect(await slugs('secret')).toEqual([]);
    expect(await slugs('tower')).not.toContain('secret-tower');
  });

  it('pages through the results, the next page following the first, and back', async () => {
    const first = await search.search('tagus', 'en', { limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.prev).toBeNull();
    const second = await search.search('tagus', 'en', { limit: 2, cursor: first.next! });
    const all = [...first.items, ...second.items].map((item) => item.slug);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(['tagus-view-1', 'tagus-view-2', 'tagus-view-3', 'belem-tower']));
    const back = await search.search('tagus', 'en', { limit: 2, cursor: second.prev! });
    expect(back.items.map((item) => item.slug)).toEqual(first.items.map((item) => item.slug));
  });

  it('answers no results for no text to look for, and refuses text too long, NUL or a forged cursor (400)', async () => {
    for (const q of [undefined, '', '   ', '!!!'])
      expect(await search.search(q, 'en', {}), String(q)).toMatchObject({ items: [], next: null });
    await expect(search.search('x'.repeat(SEARCH_TEXT_MAX + 1), 'en', {})).rejects.toMatchObject({ status: 400 });
    await expect(search.search('tower\u0000', 'en', {})).rejects.toMatchObject({ status: 400, code: 'nul_character' });
    for (const cursor of ['nope', 'o-1', 'o99999'])
      await expect(search.search('tower', 'en', { cursor }), cursor).rejects.toMatchObject({
        status: 400,
        code: 'invalid_cursor',
      });
  });
});
