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
