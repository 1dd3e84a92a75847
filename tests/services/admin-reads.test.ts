import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client';
import { createAdminMemo } from '../../src/server/services/admin-memo';
import { translatedPagesAppear } from '../../src/server/services/translated-pages';
import { makePlace } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/** The admin's costly reads kept between writes, and the editor's desk's line, called directly. */
let w: ServiceWorld;
beforeAll(async () => {
  w = await openServiceWorld();
});
afterAll(() => w.close());

describe('kept admin reads (admin-memo)', () => {
  it('answers a kept count until a place is written, then counts again: never stale after a write', async () => {
    const memo = createAdminMemo(w.db);
    let computed = 0;
    const countPlaces = () =>
      memo('places', async () => {
        computed += 1;
        const [row] = rowsOf<{ n: number }>(await w.db.execute(sql`select count(*)::int as n from places`));
        return row!.n;
      });
    const before = await countPlaces();
    expect(await countPlaces()).toBe(before);
    expect(computed).toBe(1);

    await makePlace(w.db, { title: 'Ribeira', location: 'Porto', country: 'Portugal' });
    expect(await countPlaces()).toBe(before + 1);
    expect(computed).toBe(2);
  });

  it('does not keep a failed read: the next call tries again', async () => {
    const memo = createAdminMemo(w.db);
    await expect(memo('broken', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await memo('broken', () => Promise.resolve(7))).toBe(7);
  });
});

describe('when translated pages appear (translated-pages)', () => {
  it('promises machine translation only when a model is set up', () => {
    const without = translatedPagesAppear('place', false);
    expect(without).toMatch(/no AI model is set up, so nothing is translated by machine/);
    expect(without).not.toMatch(/press Translate/);
    expect(translatedPagesAppear('place', true)).toMatch(/press Translate/);
    expect(translatedPagesAppear('city', true)).toMatch(/translated the city in the background/);
    for (const line of [without, translatedPagesAppear('country', true)]) {
      expect(line).toMatch(/Until then visitors read the English/);
    }
  });
});

describe('Edit Places search over more places than it looks up one by one (admin-places)', () => {
  /** Every page of a search, walked with its cursors: the titles in the order shown. */
  async function searchAll(search: string, limit: number): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const page = await w.services.adminPlaces.list({ search }, 'uploaded', { limit, cursor });
      titles.push(...page.items.map((item) => item.title));
      if (!page.next) return titles;
      cursor = page.next;
    }
    throw new Error('the pages never ended');
  }

  beforeAll(async () => {
    // 240 places, oldest first: "Fado" in the two newest and the four oldest (a rare word), "Azulejo"
    // in every tenth (common enough to fill a page among the newest), "Quinta" only in the oldest three.
    const started = Date.parse('2020-01-01T00:00:00Z');
    for (let n = 0; n < 240; n++) {
      const words = [n < 4 || n >= 238 ? 'Fado' : '', n % 10 === 0 ? 'Azulejo' : '', n < 3 ? 'Quinta' : ''].filter(
        Boolean,
      );
      await makePlace(w.db, {
        title: `Lisbon ${n} ${words.join(' ')}`.trim(),
        location: 'Lisbon',
        country: 'Portugal',
        createdAt: new Date(started + n * 60_000),
      });
    }
  });

  it('finds a rare word beyond the newest places, page after page, newest first', async () => {
    expect(await searchAll('quinta', 2)).toEqual([
      'Lisbon 2 Fado Quinta',
      'Lisbon 1 Fado Quinta',
      'Lisbon 0 Fado Azulejo Quinta',
    ]);
    expect(await searchAll('fado', 3)).toEqual([
      'Lisbon 239 Fado',
      'Lisbon 238 Fado',
      'Lisbon 3 Fado',
      'Lisbon 2 Fado Quinta',
      'Lisbon 1 Fado Quinta',
      'Lisbon 0 Fado Azulejo Quinta',
    ]);
  });

  it('walks a common word through every page once, each in its place', async () => {
    const expected = Array.from({ length: 24 }, (_, i) => 230 - i * 10).map((n) =>
      [`Lisbon ${n}`, n < 4 || n >= 238 ? 'Fado' : '', 'Azulejo', n < 3 ? 'Quinta' : ''].filter(Boolean).join(' '),
    );
    expect(await searchAll('azulejo', 5)).toEqual(expected);
  });
});
