import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths';
import { reuseStatements } from './pglite-statements';

/**
 * reuseStatements reaches into PGlite's private side (`_runExclusiveQuery`, `_runExclusiveTransaction`)
 * and its protocol helpers. package.json pins the exact version; these checks fail with a plain
 * message when an upgrade takes them away or changes what they do, before anything else breaks.
 */
describe('the PGlite internals the statement reuse relies on', () => {
  const upgrade = (what: string) =>
    `PGlite ${installedVersion()} ${what}; src/server/db/pglite-statements.ts relies on it. ` +
    'Check that file against the new PGlite (or go back to the version package.json pinned) before upgrading.';

  function installedVersion(): string {
    const file = join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }

  it('is the exact version package.json pins (no range)', () => {
    const pinned = (
      JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      }
    ).dependencies['@electric-sql/pglite'];
    expect(pinned, 'package.json must pin @electric-sql/pglite to one exact version').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installedVersion(), 'the installed PGlite is not the one package.json pins: run npm install').toBe(pinned);
  });

  it('still has the private methods and protocol helpers, of the same shape', () => {
    const proto = PGlite.prototype as unknown as Record<string, unknown>;
    for (const name of ['_runExclusiveQuery', '_runExclusiveTransaction']) {
      expect(typeof proto[name], upgrade(`has no method ${name}`)).toBe('function');
      expect((proto[name] as (...args: unknown[]) => unknown).length, upgrade(`changed ${name}(fn)`)).toBe(1);
    }
    for (const name of ['execProtocolStream', 'isInTransaction', 'syncToFs']) {
      expect(typeof proto[name], upgrade(`has no method ${name}`)).toBe('function');
    }
    for (const name of ['parseResults', 'parseDescribeStatementResults'] as const) {
      expect(typeof parse[name], upgrade(`has no parse.${name}`)).toBe('function');
    }
    for (const name of ['parse', 'describe', 'bind', 'execute', 'sync', 'close'] as const) {
      expect(typeof protocol.serialize[name], upgrade(`has no protocol.serialize.${name}`)).toBe('function');
    }
  });

  it('_runExclusiveQuery answers its callback’s value and holds other queries until it ends', async () => {
    const db = new PGlite();
    try {
      await db.waitReady;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const order: string[] = [];
      const exclusive = db._runExclusiveQuery(async () => {
        await held;
        order.push('exclusive');
        return 42;
      });
      const other = db.query('select 1').then(() => order.push('query'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order, upgrade('no longer makes other queries wait for _runExclusiveQuery')).toEqual([]);
      release();
      expect(await exclusive, upgrade('no longer answers the value of _runExclusiveQuery’s callback')).toBe(42);
      await other;
      expect(order, upgrade('no longer makes other queries wait for _runExclusiveQuery')).toEqual([
        'exclusive',
        'query',
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('named statements on embedded PGlite', () => {
  let client: PGlite;
  let plain: PGlite;

  beforeAll(async () => {
    // the same schema twice: one instance as PGlite answers by itself, one with statements reused
    client = new PGlite();
    plain = new PGlite();
    for (const db of [client, plain]) {
      await db.exec(`create table notes (id serial primary key, title text not null unique, tags text[],
        meta jsonb, created_at timestamptz not null default '2024-05-01T10:00:00Z')`);
    }
    reuseStatements(client);
    // two fresh embedded databases take a few seconds each on a busy machine
  }, 60_000);
  afterAll(async () => {
    await client.close();
    await plain.close();
  });

  const insert =
    'insert into notes (title, tags, meta) values ($1, $2, $3) returning id, title, tags, meta, created_at';
  const select = 'select id, title, tags, meta, created_at from notes where title like $1 order by id';

  it('answers a query asked again and again exactly as PGlite does', async () => {
    for (const [i, title] of ['alpha', 'beta', 'gamma', 'delta'].entries()) {
      const params = [title, i % 2 ? null : ['x', `t${i}`], { n: i, nested: [true, null] }];
      expect(await client.query(insert, params)).toEqual(await plain.query(insert, params));
    }
    for (const pattern of ['%a%', 'b%', 'zzz', '%']) {
      expect(await client.query(select, [pattern])).toEqual(await plain.query(select, [pattern]));
      const arrays = { rowMode: 'array' as const };
      expect(await client.query(select, [pattern], arrays)).toEqual(await plain.query(select, [pattern], arrays));
    }
  });

  it('reports an error of a repeated statement with its query, as PGlite does', async () => {
    const failures: unknown[] = [];
    for (let i = 0; i < 3; i++) failures.push(await client.query(insert, ['alpha', null, null]).catch((e) => e));
    const expected = await plain.query(insert, ['alpha', null, null]).catch((e: unknown) => e);
    for (const failure of failures) {
      expect(failure).toMatchObject({ message: (expected as Error).message, code: '23505', query: insert });
    }
    // the statement still works after its errors
    expect((await client.query(select, ['alpha'])).rows).toHaveLength(1);
  });

  it('sees a table that changed shape after its statement was made', async () => {
    const all = 'select * from notes where id = $1';
    await client.query(all, [1]);
    await client.query(all, [1]);
    await client.exec(`alter table notes add column body text default 'empty'`);
    const [row] = (await client.query<{ body: string }>(all, [1])).rows;
    expect(row?.body).toBe('empty');
    expect((await client.query<{ body: string }>(all, [1])).rows[0]?.body).toBe('empty');
  });

  it('never runs inside another caller’s transaction', async () => {
    const count = 'select count(*)::int as n from notes where title = $1';
    await client.query(count, ['omega']);
    await client.query(count, ['omega']);
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into notes (title) values ('omega')`);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.rollback();
    });
    await entered;
    // asked while the transaction holds an uncommitted row: answered after its rollback
    const { rows } = await client.query<{ n: number }>(count, ['omega']);
    await transaction.catch(() => undefined);
    expect(rows[0]?.n).toBe(0);
  });

  it('stays right with more distinct repeated queries than it keeps', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 230; i++) {
        const { rows } = await client.query<{ v: number }>(`select $1::int + ${i} as v`, [round]);
        expect(rows[0]?.v).toBe(round + i);
      }
    }
  });
});
