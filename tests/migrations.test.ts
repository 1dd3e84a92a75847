import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { MIGRATIONS_DIR } from '../src/server/paths';
import { createServerDatabase } from './helpers/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('instances starting together on one new PostgreSQL database', () => {
  it('migrate it once between them, and all of them start', async () => {
    const server = await createServerDatabase(serverUrl!);
    try {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: server.url })));
      const handles = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
        // postgres-js answers the rows as an array
        const result = await handles[0]!.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const rows = result as { n: number }[];
        expect(rows[0]!.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    } finally {
      await server.drop();
    }
  });
});
