import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type DatabaseHandle } from '../src/server/db/client';
import { refreshStaleDocuments } from '../src/server/db/repos/search-repo';
import { places, settings } from '../src/server/db/schema';
import { makePlace } from './helpers/factories';
import { openTestDatabase } from './helpers/test-database';

/**
 * The background rewrite of the search documents (after new country names) beside an admin who
 * saves places meanwhile. Only a database server runs two transactions at once (embedded PGlite
 * has one connection), so this runs in CI's PostgreSQL pass.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'the background rewrite of search documents beside an admin write',
  () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database.close());

    /** Until a transaction of this database waits for a lock another one holds. */
    async function untilOneWaits() {
      for (let tries = 0; tries < 200; tries++) {
        const waiting = rowsOf<{ n: number }>(
          await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          ),
        );
        if ((waiting[0]?.n ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('no transaction ever waited');
    }

    it('an edit saved while the documents are rewritten keeps its new titles in search, and the rewrite still finishes (no deadlock)', async () => {
      const { db } = database;
      const [low, high] = [await makePlace(db, { title: 'Alpha' }), await makePlace(db, { title: 'Beta' })].sort(
        (a, b) => (a.id < b.id ? -1 : 1),
      );
      await db.insert(settings).values({ key: 'search_documents_stale', value: '' });

      // The admin's transaction saves the place the rewrite reaches last, and waits...
      let firstSaved!: () => void;
      const saved = new Promise<void>((resolve) => (firstSaved = resolve));
      let goOn!: () => void;
      const gate = new Promise<void>((resolve) => (goOn = resolve));
      const edit = db.transaction(async (tx) => {
        await tx.update(places).set({ title: 'Beta edited' }).where(eq(places.id, high!.id));
        firstSaved();
        await gate;
        await tx.update(places).set({ title: 'Alpha edited' }).where(eq(places.id, low!.id));
      });
      await saved;
      // ...while the rewrite starts on both places' documents, then saves the other place.
      const rewrite = refreshStaleDocuments(db, () => true);
      await untilOneWaits();
      goOn();
      await expect(edit).resolves.toBeUndefined();
      await expect(rewrite).resolves.toBeGreaterThanOrEqual(2);

      const titles = rowsOf<{ title: string }>(
        await db.execute(
          sql`select title from search_documents where kind = 'place' and language_code = 'en' order by title`,
        ),
      ).map((row) => row.title);
      expect(titles).toEqual(['Alpha edited', 'Beta edited']);
      const marks = rowsOf(await db.execute(sql`select 1 from settings where key = 'search_documents_stale'`));
      expect(marks).toHaveLength(0);
    });
  },
);
