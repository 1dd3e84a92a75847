import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from '../paths';

/**
 * What a backup archive holds and in which order (docs/decisions/021-backups.md):
 *
 *   travel-places-backup.json   what the file is (format name and version, product, time)
 *   tables/<table>.jsonl.gz     the rows of each table, one JSON object a line, gzipped
 *   media/<key>                 every media file the rows reference, as stored
 *   manifest.json               counts, sizes and SHA-256 of every entry above
 *   manifest.sha256             the SHA-256 of manifest.json, so no byte of the file goes unchecked
 *
 * The manifest comes last because the checksums of the media are known only once they have been
 * streamed into the archive.
 */
export const FORMAT_NAME = 'travel-places-backup';
/** Raised when a change makes archives that an older restore could not read correctly. */
export const FORMAT_VERSION = 1;

export const IDENTITY_ENTRY = 'travel-places-backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_CHECKSUM_ENTRY = 'manifest.sha256';
export const TABLES_FOLDER = 'tables/';
export const MEDIA_FOLDER = 'media/';

export const tableEntry = (table: string) => `${TABLES_FOLDER}${table}.jsonl.gz`;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const identitySchema = z.object({
  format: z.literal(FORMAT_NAME),
  formatVersion: z.number().int().positive(),
  productVersion: z.string(),
  createdAt: z.string(),
});
export type ArchiveIdentity = z.infer<typeof identitySchema>;

/** The database's migration level: how many migrations, and the last one's tag and time (drizzle's journal). */
export const migrationLevelSchema = z.object({
  count: z.number().int().nonnegative(),
  tag: z.string(),
  when: z.number().int().nonnegative(),
});
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

export const tableRecordSchema = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  rows: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
  sha256: sha256Hex,
});
export type TableRecord = z.infer<typeof tableRecordSchema>;

export const mediaRecordSchema = z.object({
  key: z.string(),
  size: z.number().int().nonnegative(),
  sha256: sha256Hex,
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

export const manifestSchema = identitySchema.extend({
  /** The engine the backup was taken from ('pglite' or 'postgres'): either restores into either. */
  source: z.object({ database: z.enum(['pglite', 'postgres']), media: z.enum(['local', 's3']) }),
  migrations: migrationLevelSchema,
  /** Tables in an order that inserts parents before the rows that reference them. */
  tables: z.array(tableRecordSchema),
  /** The last value of each identity sequence, so new rows after a restore get new numbers. */
  sequences: z.record(z.string(), z.number().int().nullable()),
  media: z.array(mediaRecordSchema),
  /** Media addresses a row names that were not in the store when the backup was taken. */
  missingMedia: z.array(z.string()),
  /** The public pages of the snapshot (`/{lang}/{slug}` in every language), for --verify. */
  pages: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

let productVersion: string | undefined;

/** The version in package.json. */
export function currentProductVersion(): string {
  productVersion ??= (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  return productVersion;
}

/** A file name for a backup taken at `at`: travel-places-backup-2026-11-27T10-30-00Z.tar (sorts by time). */
export function archiveFileName(at: Date): string {
  return `${FORMAT_NAME}-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar`;
}

/** Names archiveFileName makes (the scheduled backups a folder or prefix holds). */
export const ARCHIVE_NAME = /^travel-places-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/;
