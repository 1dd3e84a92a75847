import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  IDENTITY_ENTRY,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_ENTRY,
  MEDIA_FOLDER,
  tableEntry,
  type Manifest,
} from '../../src/server/backup/archive-format';
import { BLOCK, headerBlock, paddingOf, parseHeader } from '../../src/server/backup/tar-format';

/** A backup archive taken apart: what a test changes before writing it again. */
export interface ArchiveParts {
  identity: Buffer;
  manifest: Manifest;
  /** Gzipped JSON lines by table name. */
  tables: Map<string, Buffer>;
  /** Media files by key. */
  media: Map<string, Buffer>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Reads a backup archive's entries (no checks: the archive is one the test made). */
export async function readArchive(path: string): Promise<ArchiveParts> {
  const bytes = await readFile(path);
  const entries = new Map<string, Buffer>();
  for (let offset = 0; ;) {
    const header = parseHeader(bytes.subarray(offset, offset + BLOCK));
    if (!header) break;
    const start = offset + BLOCK;
    entries.set(header.path, bytes.subarray(start, start + header.size));
    offset = start + header.size + paddingOf(header.size);
  }
  const manifest = JSON.parse(entries.get(MANIFEST_ENTRY)!.toString('utf8')) as Manifest;
  return {
    identity: entries.get(IDENTITY_ENTRY)!,
    manifest,
    tables: new Map(manifest.tables.map((table) => [table.name, entries.get(tableEntry(table.name))!])),
    media: new Map(manifest.media.map((file) => [file.key, entries.get(`${MEDIA_FOLDER}${file.key}`)!])),
  };
}

/**
 * Writes the parts as an archive whose every checksum is right: the manifest's sizes and SHA-256
 * sums are made from the entries (row counts and everything else stay as the parts say), and
 * manifest.sha256 from the manifest. What it says may still be a lie.
 */
export async function writeArchive(path: string, parts: ArchiveParts): Promise<void> {
  const at = new Date(parts.manifest.createdAt);
  const out: Buffer[] = [];
  const add = (name: string, bytes: Buffer) => {
    out.push(headerBlock(name, bytes.length, at), bytes, Buffer.alloc(paddingOf(bytes.length)));
  };
  add(IDENTITY_ENTRY, parts.identity);
  const manifest: Manifest = {
    ...parts.manifest,
    tables: parts.manifest.tables.map((table) => {
      const bytes = parts.tables.get(table.name)!;
      return { ...table, size: bytes.length, sha256: sha256(bytes) };
    }),
    media: parts.manifest.media.map((file) => {
      const bytes = parts.media.get(file.key)!;
      return { ...file, size: bytes.length, sha256: sha256(bytes) };
    }),
  };
  for (const table of manifest.tables) add(tableEntry(table.name), parts.tables.get(table.name)!);
  for (const file of manifest.media) add(`${MEDIA_FOLDER}${file.key}`, parts.media.get(file.key)!);
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
  add(MANIFEST_ENTRY, manifestBytes);
  add(MANIFEST_CHECKSUM_ENTRY, Buffer.from(`${sha256(manifestBytes)}  ${MANIFEST_ENTRY}\n`));
  out.push(Buffer.alloc(2 * BLOCK));
  await writeFile(path, Buffer.concat(out));
}

/** A table's rows as JSON lines, gzipped as a backup stores them. */
export const gzipLines = (lines: string[]) => gzipSync(Buffer.from(lines.map((line) => `${line}\n`).join('')));

/** The rows of a table's gzipped JSON lines. */
export const linesOf = (gz: Buffer) => gunzipSync(gz).toString('utf8').split('\n').filter(Boolean);
