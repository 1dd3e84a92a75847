import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  FORMAT_NAME,
  FORMAT_VERSION,
  IDENTITY_ENTRY,
  identitySchema,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_ENTRY,
  manifestSchema,
  MEDIA_FOLDER,
  tableEntry,
  type ArchiveIdentity,
  type Manifest,
} from './archive-format';
import { isKnownLevel } from './migration-level';
import { BLOCK, paddingOf, parseHeader, TarFormatError } from './tar-format';

/** Where an entry's bytes are in the archive file. */
export interface ArchiveEntry {
  offset: number;
  size: number;
  sha256: string;
}

/** An archive whose every byte was read and checked: safe to restore from. */
export interface CheckedArchive {
  path: string;
  manifest: Manifest;
  entries: Map<string, ArchiveEntry>;
}

/** The archive cannot be restored; the message says why and what to do, and nothing was changed. */
export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefusedError';
  }
}

/**
 * Special entries are read into memory: the manifest (about 130 bytes a media file, so 64 MB is
 * some 400,000 files), the identity and the checksum line (docs/deploy.md, "Backups").
 */
const MAX_SMALL_ENTRY = 64 * 1024 * 1024;

async function readBytes(handle: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

async function sha256Of(path: string, offset: number, size: number, onBytes: (n: number) => void): Promise<string> {
  const hash = createHash('sha256');
  if (size > 0) {
    for await (const chunk of createReadStream(path, {
      start: offset,
      end: offset + size - 1,
    }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      onBytes(chunk.length);
    }
  }
  return hash.digest('hex');
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Reads the whole archive once and checks it before anything is written: it is a Travel Places
 * backup of a format and migration level this code knows, no entry is missing or extra, and every
 * entry, the manifest and every byte between them is as written. Throws ArchiveRefusedError with
 * one plain sentence otherwise.
 */
export async function checkArchive(
  path: string,
  onProgress: (bytesRead: number, totalBytes: number) => void = () => {},
): Promise<CheckedArchive> {
  const name = basename(path);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile())
    throw new ArchiveRefusedError(`There is no backup file at ${path}. Check the path and try again.`);
  const foreign = () =>
    new ArchiveRefusedError(
      `${name} is not a Travel Places backup. Nothing was changed. Choose a .tar file made by "Download backup", GET /api/admin/backup or a scheduled backup.`,
    );
  const truncated = () =>
    new ArchiveRefusedError(
      `${name} is incomplete: the file ends before the backup does (a download or copy cut short?). Nothing was changed. Use a complete copy or another backup.`,
    );
  const damaged = (what: string) =>
    new ArchiveRefusedError(
      `${name} is damaged: ${what}. Nothing was changed. Use another copy of this backup or another backup.`,
    );
  const newer = (what: string) =>
    new ArchiveRefusedError(
      `${name} was made by a newer version of Travel Places (${what}). Nothing was changed. Update Travel Places to that version or later, then restore again.`,
    );

  const total = info.size;
  let read = 0;
  const progress = (n: number) => {
    read += n;
    onProgress(read, total);
  };
  const handle = await open(path, 'r');
  try {
    const entries = new Map<string, ArchiveEntry>();
    let identity: ArchiveIdentity | undefined;
    let manifestBytes: Buffer | undefined;
    let manifestChecksum: string | undefined;
    let offset = 0;
    for (;;) {
      if (offset + BLOCK > total) throw offset === 0 ? foreign() : truncated();
      const block = await readBytes(handle, offset, BLOCK);
      progress(BLOCK);
      let header;
      try {
        header = parseHeader(block);
      } catch (error) {
        if (!(error instanceof TarFormatError) || offset === 0) throw foreign();
        throw damaged(error.message);
      }
      if (!header) {
        if (offset === 0) throw foreign();
        // The end: two zero blocks and nothing after them.
        if (offset + 2 * BLOCK > total) throw truncated();
        const rest = await readBytes(handle, offset + BLOCK, total - offset - BLOCK);
        progress(rest.length);
        if (!rest.every((byte) => byte === 0)) throw damaged('there are bytes after its end');
        break;
      }
      const start = offset + BLOCK;
      const pad = paddingOf(header.size);
      if (offset === 0 && header.path !== IDENTITY_ENTRY) throw foreign();
      if (start + header.size + pad > total) throw truncated();
      if (entries.has(header.path)) throw damaged(`it holds ${header.path} twice`);
      const small =
        header.path === IDENTITY_ENTRY || header.path === MANIFEST_ENTRY || header.path === MANIFEST_CHECKSUM_ENTRY;
      let sha256: string;
      if (small) {
        if (header.size > MAX_SMALL_ENTRY) throw damaged(`${header.path} is too large`);
        const bytes = await readBytes(handle, start, header.size);
        progress(bytes.length);
        sha256 = createHash('sha256').update(bytes).digest('hex');
        if (header.path === IDENTITY_ENTRY) {
          const parsed = identitySchema.safeParse(parseJson(bytes));
          const format = (parseJson(bytes) as { format?: unknown } | undefined)?.format;
          if (format !== FORMAT_NAME) throw foreign();
          if (!parsed.success) throw damaged('its first entry cannot be read');
          if (parsed.data.formatVersion > FORMAT_VERSION) {
            throw newer(
              `backup format ${parsed.data.formatVersion}, made by Travel Places ${parsed.data.productVersion}; this version reads format ${FORMAT_VERSION}`,
            );
          }
          identity = parsed.data;
        } else if (header.path === MANIFEST_ENTRY) {
          manifestBytes = bytes;
        } else {
          manifestChecksum = bytes.toString('latin1');
        }
      } else {
        sha256 = await sha256Of(path, start, header.size, progress);
      }
      if (pad > 0) {
        const padBytes = await readBytes(handle, start + header.size, pad);
        progress(padBytes.length);
        if (!padBytes.every((byte) => byte === 0)) throw damaged(`the bytes after ${header.path} were changed`);
      }
      entries.set(header.path, { offset: start, size: header.size, sha256 });
      offset = start + header.size + pad;
    }

    if (!identity) throw foreign();
    if (!manifestBytes || manifestChecksum === undefined) throw truncated();
    const expected = createHash('sha256').update(manifestBytes).digest('hex');
    if (manifestChecksum !== `${expected}  ${MANIFEST_ENTRY}\n`)
      throw damaged('its manifest does not match its checksum');
    const parsed = manifestSchema.safeParse(parseJson(manifestBytes));
    if (!parsed.success) throw damaged('its manifest cannot be read');
    const manifest = parsed.data;
    if (
      manifest.format !== identity.format ||
      manifest.formatVersion !== identity.formatVersion ||
      manifest.createdAt !== identity.createdAt ||
      manifest.productVersion !== identity.productVersion
    ) {
      throw damaged('its manifest belongs to another backup');
    }
    const listed = new Set([IDENTITY_ENTRY, MANIFEST_ENTRY, MANIFEST_CHECKSUM_ENTRY]);
    const expectEntry = (path: string, size: number, sha256: string) => {
      listed.add(path);
      const found = entries.get(path);
      if (!found) throw damaged(`${path} is missing`);
      if (found.size !== size || found.sha256 !== sha256) throw damaged(`${path} does not match its checksum`);
    };
    for (const table of manifest.tables) expectEntry(tableEntry(table.name), table.size, table.sha256);
    for (const file of manifest.media) expectEntry(`${MEDIA_FOLDER}${file.key}`, file.size, file.sha256);
    for (const path of entries.keys()) if (!listed.has(path)) throw damaged(`${path} is not in its manifest`);
    if (!(await isKnownLevel(manifest.migrations))) {
      throw newer(
        `its database is at migration ${manifest.migrations.tag} (${manifest.migrations.count}), which this version does not have`,
      );
    }
    return { path, manifest, entries };
  } finally {
    await handle.close();
  }
}
