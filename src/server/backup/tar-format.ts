/**
 * The plain POSIX ustar layout of a backup archive (docs/decisions/021-backups.md): 512-byte
 * blocks, each entry a header block and its bytes padded with zeros to a whole block, and two zero
 * blocks at the end. Only regular files are written or read; any tar tool can list and unpack one.
 */

export const BLOCK = 512;
/** The largest entry ustar's 11 octal digits of size can say (8 GiB - 1). */
export const MAX_ENTRY_BYTES = 8 * 1024 ** 3 - 1;

/** Bytes of padding after `size` bytes of content, up to the next whole block. */
export const paddingOf = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

const encoder = new TextEncoder();

function writeText(block: Buffer, offset: number, length: number, text: string): void {
  const bytes = encoder.encode(text);
  if (bytes.length > length) throw new Error(`tar: "${text}" does not fit ${length} bytes`);
  block.set(bytes, offset);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeText(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** ustar keeps a name of up to 100 bytes, or a prefix of up to 155 and a name split at a '/'. */
function splitName(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) {
    const prefix = path.slice(0, at);
    const name = path.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new Error(`tar: the name ${path} is too long for ustar`);
}

/** The sum of the header's bytes with its checksum field taken as eight spaces. */
function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/** The header block of a regular file `path` of `size` bytes, modified at `mtime`. */
export function headerBlock(path: string, size: number, mtime: Date): Buffer {
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_ENTRY_BYTES) {
    throw new Error(`tar: ${path} is ${size} bytes, more than one ustar entry holds`);
  }
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(path);
  writeText(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.max(0, Math.floor(mtime.getTime() / 1000)));
  block[156] = 0x30; // '0': a regular file
  writeText(block, 257, 6, 'ustar\0');
  writeText(block, 263, 2, '00');
  writeText(block, 345, 155, prefix);
  writeOctal(block, 148, 7, checksumOf(block));
  block[155] = 0x20;
  return block;
}

export interface EntryHeader {
  path: string;
  size: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return decoder.decode(end >= 0 ? field.subarray(0, end) : field);
}

function readOctal(block: Buffer, offset: number, length: number): number | undefined {
  const text = block
    .subarray(offset, offset + length)
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .replace(/^ +/, '');
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : undefined;
}

/**
 * The entry a header block describes; undefined for a block of zeros (the end); throws for a
 * header that is damaged (its checksum does not add up) or is not a plain file of a ustar archive.
 */
export function parseHeader(block: Buffer): EntryHeader | undefined {
  if (block.every((byte) => byte === 0)) return undefined;
  const stored = readOctal(block, 148, 8);
  if (stored === undefined || stored !== checksumOf(block)) throw new TarFormatError('a header is damaged');
  if (readText(block, 257, 6) !== 'ustar' || (block[156] !== 0x30 && block[156] !== 0)) {
    throw new TarFormatError('it holds something other than plain ustar files');
  }
  const size = readOctal(block, 124, 12);
  if (size === undefined) throw new TarFormatError('a header is damaged');
  const prefix = readText(block, 345, 155);
  const name = readText(block, 0, 100);
  return { path: prefix ? `${prefix}/${name}` : name, size };
}

/** The file is not a readable ustar archive; the message says why in a few words. */
export class TarFormatError extends Error {}
