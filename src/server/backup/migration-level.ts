import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import type { MigrationLevel } from './archive-format';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

interface Journal {
  entries: JournalEntry[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/**
 * The level of a database drizzle migrated: its count of migrations and the time of the last
 * (drizzle records each migration's journal `when`), named by the tag this code gives that time.
 * A time this code does not know is a migration newer than the code: its tag is "unknown".
 */
export async function migrationLevelOf(applied: { count: number; when: number | null }): Promise<MigrationLevel> {
  const { entries } = await readJournal();
  const last = entries.find((entry) => entry.when === applied.when);
  return {
    count: applied.count,
    tag: last?.tag ?? (applied.when === null ? 'none' : 'unknown'),
    when: applied.when ?? 0,
  };
}

/** Is `level` one this code's migrations reach (not newer than the code)? */
export async function isKnownLevel(level: MigrationLevel): Promise<boolean> {
  const { entries } = await readJournal();
  const index = entries.findIndex((entry) => entry.when === level.when && entry.tag === level.tag);
  return index >= 0 && index + 1 === level.count;
}

/**
 * A migrations folder holding this code's migrations up to `level` only, for a restore to build
 * the schema the archive's rows were written in before the later migrations run over them.
 */
export async function migrationsUpTo(level: MigrationLevel, dir: string): Promise<string> {
  const journal = await readJournal();
  const upTo = journal.entries.slice(0, level.count);
  await mkdir(join(dir, 'meta'), { recursive: true });
  await writeFile(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: upTo }));
  for (const entry of upTo) await cp(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  return dir;
}
