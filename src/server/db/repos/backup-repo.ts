import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx, type Tx } from '../client';
import { themeById } from '@/shared/themes';
import { readSitemapChunk, type SitemapKind } from './sitemap-repo';
import { countPublishedByTheme } from './themes-repo';

/**
 * The SQL of backups and restores (src/server/backup/, docs/decisions/021-backups.md). Tables are
 * found in the catalogue, not listed here, so a table a later migration adds is backed up too.
 * Rows travel as JSON (`row_to_json` out, `json_populate_recordset` in): PostgreSQL's own text
 * forms of every type, the same on PGlite and on a server.
 */

/**
 * Tables whose rows belong to the running server, not to the site: sessions (a restored site is
 * signed in to afresh), failed sign-ins, and the file journal of uploads in progress.
 */
const NOT_BACKED_UP = new Set(['admin_sessions', 'login_failures', 'pending_files']);

/** The settings row that records the last scheduled backup: about this server, not the site. */
export const BACKUP_RESULT_SETTING = 'backup_last_result';

/**
 * The admin password's hashes (services/auth.ts, auth-repo.ts): left out of backups, and of
 * restores of archives made before that, so an archive holds no credential and a restored site asks
 * for ADMIN_PASSWORD or generates one, as a fresh install does (docs/decisions/025-backups-without-password.md).
 */
const PASSWORD_SETTINGS = ['admin_password_hash', 'admin_password_current'];

/** Rows of a table left out of a backup. */
const LEFT_OUT: Record<string, string> = {
  settings: `key not in (${[BACKUP_RESULT_SETTING, ...PASSWORD_SETTINGS].map((key) => `'${key}'`).join(', ')})`,
};

/** Removes the admin password's hashes a restored archive made before they were left out may hold. */
export async function forgetAdminPassword(tx: Tx): Promise<void> {
  await tx.execute(
    sql`delete from settings where key in (${sql.join(
      PASSWORD_SETTINGS.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const quoted = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new Error(`Unexpected table or column name: ${name}`);
  return `"${name}"`;
};

export interface BackupTable {
  name: string;
  /** Columns a row is written with (generated columns are computed again). */
  columns: string[];
  /** Its primary key: rows are read in this order. */
  key: string[];
}

/** Every table of the site in the public schema, parents before the tables that reference them. */
export async function listBackupTables(db: DbOrTx): Promise<BackupTable[]> {
  const columns = rowsOf<{ table: string; column: string; generated: boolean; key: boolean }>(
    await db.execute(sql`
      select c.relname as "table", a.attname as "column", a.attgenerated <> '' as generated,
             coalesce(a.attnum = any(i.indkey), false) as key
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where c.relkind in ('r', 'p')
      order by c.relname, a.attnum`),
  );
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`),
  );
  const tables = new Map<string, BackupTable>();
  for (const row of columns) {
    if (NOT_BACKED_UP.has(row.table)) continue;
    const table = tables.get(row.table) ?? { name: row.table, columns: [], key: [] };
    tables.set(row.table, table);
    if (!row.generated) table.columns.push(row.column);
    if (row.key) table.key.push(row.column);
  }
  // Parents first: a table is placed once every table it references is.
  const ordered: BackupTable[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name) || !tables.has(name)) return;
    path.add(name);
    for (const ref of references) if (ref.child === name && ref.parent !== name) place(ref.parent, path);
    placed.add(name);
    ordered.push(tables.get(name)!);
  };
  for (const name of [...tables.keys()].sort()) place(name, new Set());
  return ordered;
}

/**
 * Reads a table's rows in key order through a cursor, `batch` at a time, as JSON text. Inside the
 * caller's transaction, so every table is read as of the same moment.
 */
export async function readTableRows(
  tx: Tx,
  table: BackupTable,
  batch: number,
  onRows: (lines: string[]) => Promise<void>,
): Promise<void> {
  const where = LEFT_OUT[table.name] ? ` where ${LEFT_OUT[table.name]}` : '';
  const order = table.key.length > 0 ? ` order by ${table.key.map(quoted).join(', ')}` : '';
  await tx.execute(
    sql.raw(
      `declare backup_rows no scroll cursor for select row_to_json(t)::text as line from public.${quoted(table.name)} t${where}${order}`,
    ),
  );
  for (;;) {
    const rows = rowsOf<{ line: string }>(await tx.execute(sql.raw(`fetch forward ${batch} from backup_rows`)));
    if (rows.length > 0) await onRows(rows.map((row) => row.line));
    if (rows.length < batch) break;
  }
  await tx.execute(sql.raw('close backup_rows'));
}

/** The last value of every sequence of the public schema (null: never used). */
export async function readSequences(db: DbOrTx): Promise<Record<string, number | null>> {
  const rows = rowsOf<{ name: string; last: string | number | null }>(
    await db.execute(
      sql`select sequencename as name, last_value as last from pg_sequences where schemaname = 'public' order by 1`,
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.last === null ? null : Number(row.last)]));
}

/** The applied migrations as drizzle records them: how many, and the time of the last. */
export async function readAppliedMigrations(db: DbOrTx): Promise<{ count: number; when: number | null }> {
  const exists = rowsOf<{ found: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`),
  );
  if (!exists[0]?.found) return { count: 0, when: null };
  const [row] = rowsOf<{ count: number | string; when: string | number | null }>(
    await db.execute(sql`select count(*) as count, max(created_at) as when from drizzle.__drizzle_migrations`),
  );
  return { count: Number(row?.count ?? 0), when: row?.when == null ? null : Number(row.when) };
}

/**
 * Every media address a row holds (the same columns as referencedUrls in admin-places-repo.ts, the
 * trash's files included): what a backup must carry for the restored site to show everything.
 */
export async function referencedMediaUrls(tx: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ url: string }>(
    await tx.execute(sql`
      select url from (
        select image_url as url from cities
        union select image_url from countries
        union select image_url from places
        union select original_image_path from places
        union select image_url from gallery_images
        union select original_image_path from gallery_images
        union select original_image_path from photos
        union select thumbnail_path from photos
        union select unnest(media_urls) from trash
      ) used where url is not null order by url`),
  );
  return rows.map((row) => row.url);
}

/**
 * The addresses (after the language) of every public page made from the data: countries, cities
 * and places as the sitemaps list them, the map of every place, and the themes with published places.
 */
export async function publicSlugs(tx: DbOrTx): Promise<string[]> {
  const slugs: string[] = ['map'];
  for (const kind of ['countries', 'cities', 'places'] as SitemapKind[]) {
    const entries = await readSitemapChunk(tx, kind, Number.MAX_SAFE_INTEGER, 1);
    for (const entry of entries ?? []) slugs.push(entry.slug);
  }
  for (const { theme } of await countPublishedByTheme(tx)) {
    const known = themeById(theme);
    if (known) slugs.push(`themes/${known.slug}`);
  }
  return slugs;
}

/** Does the database hold no table of ours and no migration yet (a target a restore may fill)? */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ tables: number | string }>(
    await db.execute(sql`
      select count(*) as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')`),
  );
  return Number(row?.tables ?? 0) === 0;
}

/**
 * Switches the table's own triggers (search documents, content changes, updated_at) off or on for
 * a restore, which writes the rows exactly as they were. Foreign keys stay checked.
 */
export async function setTableTriggers(tx: Tx, table: string, enabled: boolean): Promise<void> {
  await tx.execute(sql.raw(`alter table public.${quoted(table)} ${enabled ? 'enable' : 'disable'} trigger user`));
}

/** Empties a table of a database being restored (the rows its migrations wrote). */
export async function deleteAllRows(tx: Tx, table: string): Promise<void> {
  await tx.execute(sql.raw(`delete from public.${quoted(table)}`));
}

/** Inserts rows given as a JSON array of objects (as `row_to_json` wrote them), identity values included. */
export async function insertJsonRows(tx: Tx, table: BackupTable, jsonArray: string): Promise<void> {
  const columns = table.columns.map(quoted).join(', ');
  await tx.execute(
    sql`${sql.raw(`insert into public.${quoted(table.name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::public.${quoted(table.name)}, `)}${jsonArray}::json)`,
  );
}

/** Sets a sequence to the value it had (null: as if never used). */
export async function setSequence(tx: Tx, name: string, last: number | null): Promise<void> {
  const target = `public.${quoted(name)}`;
  if (last === null) {
    await tx.execute(
      sql`select setval(${target}::regclass, (select start_value from pg_sequences where schemaname = 'public' and sequencename = ${name}), false)`,
    );
  } else {
    await tx.execute(sql`select setval(${target}::regclass, ${last}::bigint, true)`);
  }
}

/** The last scheduled backup's result (JSON), or undefined before the first. */
export async function readBackupResult(db: DbOrTx): Promise<string | undefined> {
  const [row] = rowsOf<{ value: string }>(
    await db.execute(sql`select value from settings where key = ${BACKUP_RESULT_SETTING}`),
  );
  return row?.value;
}

export async function writeBackupResult(db: DbOrTx, value: string): Promise<void> {
  await db.execute(sql`
    insert into settings (key, value, updated_at) values (${BACKUP_RESULT_SETTING}, ${value}, now())
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
}
