/**
 * The machinery of tests/abuse/abuse.test.ts: route discovery, state snapshots (database and media
 * folder) and the checks made on every answer.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { connect } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { rowsOf, type Database } from '../../src/server/db/client';
import { MARKER_TAG } from './corpus';

export interface RouteInfo {
  method: string;
  url: string;
  /** The zod body schema, when the route declares one. */
  body?: unknown;
  /** The zod querystring schema, when the route declares one. */
  querystring?: unknown;
}

/** `admin.all('/api/admin/*')` registers every method Fastify knows; these carry meaning. */
const WILDCARD_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * An `onRoute` hook that records every route as it is registered (Fastify's own HEAD twins of GET
 * routes are left out: HEAD is sent to every address as a method variant).
 */
export function collectRoutes(into: RouteInfo[]) {
  return async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const wildcard = route.url.endsWith('*');
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        if (wildcard && route.url.startsWith('/api/') && !WILDCARD_METHODS.has(method)) continue;
        if (into.some((r) => r.method === method && r.url === route.url)) continue;
        into.push({ method, url: route.url, body: route.schema?.body, querystring: route.schema?.querystring });
      }
    });
  };
}

/** The parameter names of a route address, `*` included. */
export function paramsOf(url: string): string[] {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  if (url.endsWith('*')) names.push('*');
  return names;
}

/** The route's address with each parameter taken from `values` (`*` for the wildcard). */
export function fillUrl(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? 'x').replace(/\*$/, values['*'] ?? 'x');
}

// ---------------------------------------------------------------------------------------------
// Snapshots

/** Rows of a raw query on either engine. */
async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Columns that change on reads by design: a session's last use (updated at most once a minute). */
const TOUCH_COLUMNS = new Set(['last_seen_at']);

export interface Snapshot {
  /** table name -> "rows:hash of the rows" (tables not yet read are absent) */
  tables: Map<string, string>;
  /** every file under the media folder, as a path relative to it */
  files: string[];
}

/** Cheap marks taken after every request: has any table been written, has any media folder changed? */
interface Mark {
  /** table name -> statements that wrote to it so far */
  writes: Map<string, number>;
  /** media folder (relative path) -> its modification time in nanoseconds */
  folders: Map<string, bigint>;
}

/** What a request did to the state. */
export interface Check {
  /** Net differences: tables whose rows differ, files added or removed. */
  changed: string[];
  /** Tables some statement wrote to (even if the rows came out the same). */
  written: string[];
  /** Some media folder changed (even if its files came out the same). */
  filesMoved: boolean;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A folder's entries; none when it is gone. */
function listEntries(path: string) {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * Watches the database and the media folder for changes, cheaply enough to look after every one
 * of thousands of requests:
 * - every table of the public schema (from information_schema, so a new table is covered without
 *   a change here) gets statement triggers that count the statements writing to it (INSERT,
 *   DELETE, TRUNCATE, and UPDATE of any column but `last_seen_at`), even those that touch no row,
 *   in a table of a separate `abuse_audit` schema;
 * - every folder under the media folder is watched by its modification time, which every file
 *   created, removed or renamed in it changes (files are written as `<key>.tmp`, then renamed).
 * Only when a mark changed are the tables written to compared in full (row count and a hash of
 * every row: `content_version` is one of them whenever a content table was written) and the
 * changed folders listed, so a request that wrote and then undid its writes (a journal record made
 * and removed) counts as unchanged.
 */
export async function createStateWatcher(db: Database, mediaDir: string) {
  const tables = (
    await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => r.table_name);
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const columnsOf = (table: string) =>
    columns.filter((c) => c.table_name === table && !TOUCH_COLUMNS.has(c.column_name)).map((c) => c.column_name);

  await db.execute(sql.raw('create schema if not exists abuse_audit'));
  await db.execute(
    sql.raw('create table if not exists abuse_audit.writes (table_name text primary key, n bigint not null)'),
  );
  await db.execute(
    sql.raw(`create or replace function abuse_audit.count_write() returns trigger language plpgsql as $$
      begin
        insert into abuse_audit.writes values (TG_TABLE_NAME, 1)
          on conflict (table_name) do update set n = abuse_audit.writes.n + 1;
        return null;
      end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql.raw(`create trigger abuse_audit_write after insert or delete or truncate on public.${quote(table)}
        for each statement execute function abuse_audit.count_write()`),
    );
    await db.execute(
      sql.raw(`create trigger abuse_audit_update after update of ${columnsOf(table).map(quote).join(', ')}
        on public.${quote(table)} for each statement execute function abuse_audit.count_write()`),
    );
  }

  const tableQuery = (table: string) => {
    const row = `md5(row(${columnsOf(table)
      .map((c) => `x.${quote(c)}`)
      .join(', ')})::text)`;
    return sql.raw(
      `select count(*)::int as n, coalesce(md5(string_agg(${row}, '' order by ${row})), '') as h from public.${quote(table)} x`,
    );
  };
  const readTable = async (table: string) => {
    const [row] = await queryRows<{ n: number; h: string }>(db, tableQuery(table));
    return `${row!.n}:${row!.h}`;
  };

  const subfolders = new Map<string, { mtimeNs: bigint; names: string[] }>();
  const mark = async (): Promise<Mark> => {
    const writes = new Map(
      (
        await queryRows<{ table_name: string; n: string | number }>(
          db,
          sql.raw('select table_name, n from abuse_audit.writes'),
        )
      ).map((r) => [r.table_name, Number(r.n)]),
    );
    const folders = new Map<string, bigint>();
    // Synchronous: a handful of folders after each of thousands of requests, where a round trip
    // through libuv's thread pool per folder cost more than the calls themselves.
    const visit = (dir: string) => {
      const info = statSync(join(mediaDir, dir), { bigint: true, throwIfNoEntry: false });
      if (!info) return;
      folders.set(dir, info.mtimeNs);
      // A folder's subfolders are listed again only when the folder itself changed.
      let known = subfolders.get(dir);
      if (!known || known.mtimeNs !== info.mtimeNs) {
        const entries = listEntries(join(mediaDir, dir));
        known = { mtimeNs: info.mtimeNs, names: entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name)) };
        subfolders.set(dir, known);
      }
      for (const sub of known.names) visit(sub);
    };
    visit('');
    return { writes, folders };
  };

  const listFolder = (dir: string) =>
    listEntries(join(mediaDir, dir))
      .filter((e) => !e.isDirectory())
      .map((e) => join(dir, e.name));

  /** Everything, read in full: the starting point. */
  const full = async (): Promise<{ mark: Mark; snapshot: Snapshot }> => {
    const current = await mark();
    const snapshot: Snapshot = { tables: new Map(), files: [] };
    for (const table of tables) snapshot.tables.set(table, await readTable(table));
    for (const dir of current.folders.keys()) snapshot.files.push(...listFolder(dir));
    snapshot.files.sort();
    return { mark: current, snapshot };
  };

  let last = await full();

  return {
    tables,
    /**
     * The state now, compared with the last call: the tables and files that changed (empty when
     * nothing did). Tables and folders are read in full only when their mark moved.
     */
    async check(ignoreTables: ReadonlySet<string> = new Set()): Promise<Check> {
      const current = await mark();
      const writtenTables = tables.filter((t) => (current.writes.get(t) ?? 0) !== (last.mark.writes.get(t) ?? 0));
      const movedFolders = [...current.folders.keys()].filter(
        (d) => current.folders.get(d) !== last.mark.folders.get(d),
      );
      const goneFolders = [...last.mark.folders.keys()].filter((d) => !current.folders.has(d));
      if (!writtenTables.length && !movedFolders.length && !goneFolders.length) {
        return { changed: [], written: [], filesMoved: false };
      }
      const snapshot: Snapshot = { tables: new Map(last.snapshot.tables), files: last.snapshot.files };
      for (const table of writtenTables) snapshot.tables.set(table, await readTable(table));
      if (movedFolders.length || goneFolders.length) {
        const refreshed = new Set([...movedFolders, ...goneFolders]);
        const kept = last.snapshot.files.filter((f) => !refreshed.has(dirOf(f)));
        for (const dir of movedFolders) kept.push(...listFolder(dir));
        snapshot.files = kept.sort();
      }
      const changed = differences(last.snapshot, snapshot, ignoreTables);
      last = { mark: current, snapshot };
      return { changed, written: writtenTables, filesMoved: movedFolders.length + goneFolders.length > 0 };
    },
    /** Starts over from the state as it is now (after the test itself wrote something). */
    async reset(): Promise<void> {
      last = await full();
    },
    get snapshot(): Snapshot {
      return last.snapshot;
    },
  };
}

const dirOf = (file: string) => {
  const index = file.lastIndexOf('/');
  return index < 0 ? '' : file.slice(0, index);
};

/** What changed between two snapshots ("table places", "file web/x.jpg"), ignoring `ignoreTables`. */
export function differences(
  before: Snapshot,
  after: Snapshot,
  ignoreTables: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  for (const [table, value] of after.tables) {
    if (ignoreTables.has(table)) continue;
    const old = before.tables.get(table);
    if (old === value) continue;
    const [rowsBefore, rowsAfter] = [old?.split(':')[0] ?? '0', value.split(':')[0]];
    out.push(
      `table ${table} (${rowsBefore === rowsAfter ? `rows changed, ${rowsAfter} rows` : `${rowsBefore} -> ${rowsAfter} rows`})`,
    );
  }
  const oldFiles = new Set(before.files);
  const newFiles = new Set(after.files);
  for (const file of after.files) if (!oldFiles.has(file)) out.push(`file added ${file}`);
  for (const file of before.files) if (!newFiles.has(file)) out.push(`file removed ${file}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Checks on one answer

/** A stack frame, a source or dependency path, or the machine's own folders. */
const LEAKS: RegExp[] = [
  /\n\s+at \S/,
  /\bat [\w$.<>[\] ]+ \([^)]*:\d+:\d+\)/,
  /\bat (?:file|node):[^\s]*:\d+/,
  /node_modules/,
  /\/src\/(?:server|shared)\//,
  /file:\/\//,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError): /,
  /\b(?:invalid input syntax|violates|relation "|column "|duplicate key|syntax error at or near)\b/,
];

export interface Sent {
  options: InjectOptions;
  /** Statuses this request must get exactly (401 without a session, 403 across sites). */
  expect?: number[];
}

/** The parts of an answer the checks read (app.inject's answer, or one read from a socket). */
export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The address of a request (the cases always give it as a string). */
export const urlOf = (options: InjectOptions): string => (typeof options.url === 'string' ? options.url : '');

/** Everything wrong with one answer, as sentences (empty when it is fine). */
export function problemsWith(sent: Sent, response: Answer, cwd: string): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  const method = (sent.options.method ?? 'GET').toUpperCase();
  const url = urlOf(sent.options);
  if (status >= 500) problems.push(`status ${status}`);
  if (sent.expect && !sent.expect.includes(status))
    problems.push(`status ${status}, expected ${sent.expect.join(' or ')}`);

  const body = response.body;
  const sentText = `${url} ${JSON.stringify(sent.options.headers ?? {})} ${
    typeof sent.options.payload === 'string' || Buffer.isBuffer(sent.options.payload)
      ? sent.options.payload.toString()
      : JSON.stringify(sent.options.payload ?? '')
  }`;
  for (const pattern of [...LEAKS, new RegExp(cwd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]) {
    const match = pattern.exec(body);
    if (match && !sentText.includes(match[0])) problems.push(`body leaks ${JSON.stringify(match[0].slice(0, 80))}`);
  }

  const contentType = response.headers['content-type'];
  const type = typeof contentType === 'string' ? contentType : '';
  if (type.startsWith('text/html') && body.includes(MARKER_TAG))
    problems.push('HTML answer contains the markup it was sent');

  // The address as the router sees it (app.inject resolves "." and ".." segments like a browser).
  const path = url.startsWith('/') ? new URL(url, 'http://localhost').pathname : url;
  if (path.startsWith('/api/') && status >= 400 && method !== 'HEAD') {
    if (!type.startsWith('application/json')) problems.push(`API error is ${type || 'untyped'}, not JSON`);
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        problems.push('API error body is not valid JSON');
      }
      const message = parsed as { error?: unknown; message?: unknown } | undefined;
      if (parsed !== undefined && typeof message?.error !== 'string' && typeof message?.message !== 'string') {
        problems.push(`API error has no message: ${body.slice(0, 120)}`);
      }
    }
  }
  return problems;
}

/** A short, exact description of a request for the report. */
export function describeRequest(sent: Sent, session: boolean): string {
  const { method = 'GET', headers = {}, payload } = sent.options;
  const url = urlOf(sent.options);
  const shownUrl = url.length > 200 ? `${url.slice(0, 200)}…(${url.length} chars)` : url;
  const shownHeaders = Object.entries(headers as Record<string, string>)
    .filter(([name]) => name !== 'cookie' || !session)
    .map(([name, value]) => `${name}: ${String(value).slice(0, 80)}`);
  const size =
    payload === undefined
      ? ''
      : ` body ${typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.length : JSON.stringify(payload).length} bytes`;
  return `${method} ${shownUrl}${session ? ' [signed in]' : ''}${shownHeaders.length ? ` {${shownHeaders.join('; ')}}` : ''}${size}`;
}

/**
 * Sends `request` as it is over a new connection to `port` and reads the answer until the server
 * closes the connection (or `timeoutMs` passes): undefined when nothing came back.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 3000): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.end(request);
    });
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!status) return resolve(undefined);
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ statusCode: Number(status[1]), headers, body: split < 0 ? '' : text.slice(split + 4) });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', () => {});
  });
}
