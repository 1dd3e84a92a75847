import { parse, protocol, type PGlite, type QueryOptions } from '@electric-sql/pglite';
import { concatBytes } from '../../shared/bytes';

const { serialize } = protocol;

/** Statements kept per instance: the app's repeated reads are a few dozen; others come and go. */
const MAX_STATEMENTS = 200;
/** Texts remembered as "asked once" before the memory starts again. */
const MAX_SEEN = 2000;
/** PostgreSQL's answer when a prepared statement's tables changed shape since it was prepared. */
const STALE_STATEMENT = /cached plan must not change result type/;

type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

interface Statement {
  name: string;
  /** Parameter type OIDs as PostgreSQL inferred them (for PGlite's serializers). */
  types: number[];
  /** The statement's row description; none for a statement that returns no rows. */
  rowDescription: Messages[number] | undefined;
}

/**
 * Embedded PGlite runs every query as an unnamed statement: parsed, analysed and planned again on
 * each call, which for the place page's one read costs four times its execution (measured 5.9 ->
 * 1.3 ms CPU). A PostgreSQL server gets named statements from postgres-js, which prepares each
 * query text once per connection. This does the same for PGlite: a query text asked a second time
 * becomes a named statement (parse and describe once), and each later call only binds and executes
 * it in one message, with PostgreSQL's own plan cache choosing custom or generic plans as on a
 * server. Queries inside `client.transaction` (their own `tx.query`) and COPY-style queries with a
 * blob run as before. The results are parsed by PGlite's own parser with the instance's parsers.
 */
export function reuseStatements(client: PGlite): void {
  const query = client.query.bind(client);
  const statements = new Map<string, Statement>();
  const seen = new Set<string>();
  const closing: string[] = [];
  let counter = 0;

  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Statement> => {
    const name = `tp_s${++counter}`;
    const messages = await client.execProtocolStream(
      concatBytes([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return {
      name,
      types: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
  };

  const run = async (text: string, params: unknown[], options: QueryOptions | undefined) => {
    let statement = statements.get(text);
    if (statement) {
      // least recently used last out
      statements.delete(text);
    } else {
      statement = await prepare(text, options);
      if (statements.size >= MAX_STATEMENTS) {
        const [oldest, old] = statements.entries().next().value as [string, Statement];
        statements.delete(oldest);
        closing.push(old.name);
      }
    }
    statements.set(text, statement);
    const { types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      // as PGlite's own query does for a type without a serializer
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const closes = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
    const messages = await client.execProtocolStream(
      concatBytes([
        ...closes,
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const [result] = parse.parseResults(
      statement.rowDescription ? [statement.rowDescription, ...messages] : messages,
      client.parsers,
      options,
    );
    return result!;
  };

  client.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (options?.blob || !statements.has(text)) {
      if (options?.blob || !seen.has(text)) {
        if (seen.size >= MAX_SEEN) seen.clear();
        seen.add(text);
        return query(text, params, options);
      }
      seen.delete(text);
    }
    // The same locks PGlite's own query takes: never between another caller's transaction statements.
    const answer = await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          const result = await run(text, params, options);
          if (!client.isInTransaction()) await client.syncToFs();
          return result;
        } catch (error) {
          const prepared = statements.get(text);
          if (prepared && error instanceof Error && STALE_STATEMENT.test(error.message)) {
            // A table changed under the statement: it is made again on a later call.
            statements.delete(text);
            closing.push(prepared.name);
            return undefined;
          }
          // Every error carries its query, as PGlite's own do.
          if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      }),
    );
    return answer ?? query(text, params, options);
  }) as PGlite['query'];
}
