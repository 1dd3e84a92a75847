import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPlacesPage, placesKeyset } from '../../src/server/db/repos/places-repo';
import { decodeCursor, encodeCursor, pageOfList, readPage } from '../../src/server/services/paging';
import { makePlace } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/**
 * Paging (paging.ts) on a real database: a city's places newest first, page after page and back,
 * by keyset cursors; a short list held in memory (the countries) by position; a forged cursor is
 * a 400, never an SQL error or a wrong page.
 */
let w: ServiceWorld;
beforeAll(async () => {
  w = await openServiceWorld();
  for (const day of [1, 2, 3, 4, 5])
    await makePlace(w.db, { title: `Évora ${day}`, location: 'Évora', country: 'Portugal', date: `2024-03-0${day}` });
  await makePlace(w.db, { title: 'Évora draft', location: 'Évora', country: 'Portugal', state: 'draft' });
});
afterAll(() => w.close());

/** One page of Évora's places as its city page lists them. */
const evora = (limit: number, cursor?: string) =>
  readPage(placesKeyset, { limit, cursor }, (seek, n) =>
    listPlacesPage(w.db, 'en', { location: 'Évora', country: 'Portugal' }, seek, n),
  );
const titles = (page: { items: Array<{ title: string }> }) => page.items.map((item) => item.title);

describe('pages of a list kept in the database', () => {
  it('walks a city’s places newest first, each once, to the last page', async () => {
    const first = await evora(2);
    expect(titles(first)).toEqual(['Évora 5', 'Évora 4']);
    expect(first.prev).toBeNull();
    const second = await evora(2, first.next!);
    expect(titles(second)).toEqual(['Évora 3', 'Évora 2']);
    const last = await evora(2, second.next!);
    expect(titles(last)).toEqual(['Évora 1']);
    expect(last.next).toBeNull();
    // the rows carry no paging key of their own
    expect(Object.keys(last.items[0]!)).not.toContain('pageKey');
  });

  it('goes back a page, and a page back to the newest is the first page, full', async () => {
    const first = await evora(2);
    const second = await evora(2, first.next!);
    const last = await evora(2, second.next!);
    expect(titles(await evora(2, last.prev!))).toEqual(['Évora 3', 'Évora 2']);
    const back = await evora(2, second.prev!);
    expect(titles(back)).toEqual(['Évora 5', 'Évora 4']);
    expect(back.prev).toBeNull();
    // with three a page: back from the second page is the whole first page again
    const rest = await evora(3, (await evora(3)).next!);
    expect(titles(rest)).toEqual(['Évora 2', 'Évora 1']);
    expect(titles(await evora(3, rest.prev!))).toEqual(['Évora 5', 'Évora 4', 'Évora 3']);
  });

  it('refuses a forged cursor with a 400, never reading a wrong page', async () => {
    const real = decodeCursor(placesKeyset, (await evora(2)).next!);
    const forged = [
      'not-a-cursor',
      encodeCursor({ direction: 'after', key: ['2024-03-04'] }),
      encodeCursor({ ...real, key: [real.key[0]!, '2024-02-30T10:00:00.000000Z', real.key[2]!] }),
      encodeCursor({ ...real, key: [real.key[0]!, real.key[1]!, 'not-a-uuid'] }),
      encodeCursor({ ...real, key: ['x'.repeat(501), real.key[1]!, real.key[2]!] }),
    ];
    for (const cursor of forged)
      await expect(evora(2, cursor), cursor).rejects.toMatchObject({ status: 400, code: 'invalid_cursor' });
  });
});

describe('pages of a short list held in memory', () => {
  const countries = ['Austria', 'Belgium', 'Croatia', 'Denmark', 'Estonia'];

  it('pages by position, with the way back to the first page', () => {
    const first = pageOfList(countries, { limit: 2 });
    expect(first).toEqual({ items: ['Austria', 'Belgium'], next: '2', prev: null });
    const second = pageOfList(countries, { limit: 2, cursor: first.next! });
    expect(second).toEqual({ items: ['Croatia', 'Denmark'], next: '4', prev: '' });
    expect(pageOfList(countries, { limit: 2, cursor: second.next! })).toEqual({
      items: ['Estonia'],
      next: null,
      prev: '2',
    });
  });

  it('refuses a position outside the list with a 400', () => {
    for (const cursor of ['0', '5', '-1', 'x', '1234567'])
      expect(() => pageOfList(countries, { limit: 2, cursor }), cursor).toThrow(
        expect.objectContaining({ status: 400, code: 'invalid_cursor' }),
      );
  });
});
