import { createHash, type Hash } from 'node:crypto';
import { sniffImageType } from './image-type';

/**
 * SHA-256 of a photo's image data without its metadata, or undefined where it cannot be told.
 *
 * Messaging apps and "remove location" tools often send a photo on with its EXIF stripped and its
 * compressed image data untouched: a new file (a new content hash) of the same picture, now without
 * GPS. Hashing only what makes the picture lets the upload recognise such a copy of a photo that is
 * already a place, whatever was added, changed or removed around it:
 *
 * - JPEG: every segment from the start of the image to its end marker except APP0-APP15 (EXIF, JFIF,
 *   XMP, ICC, MPF, IPTC, Adobe) and comments; whatever follows the end marker (a motion photo's
 *   video, a second image) is ignored.
 * - PNG: the chunks that make the pixels (IHDR, PLTE, tRNS, IDAT and the APNG frames), not text,
 *   eXIf, time, colour or physical-size chunks.
 * - WebP: the bitstream chunks (VP8, VP8L, ALPH, ANIM, ANMF), not VP8X, ICCP, EXIF or XMP.
 * - HEIF and AVIF: undefined (their image items sit among the metadata items); the content hash of
 *   the whole file still finds an exact copy.
 *
 * No pixel is decoded, so this costs a few milliseconds even for a 12-megapixel JPEG. A copy that
 * was re-encoded (resized, recompressed) is another picture to this hash: recognising those would
 * need a perceptual hash, which would also merge distinct burst shots of one scene.
 *
 * A file whose structure cannot be followed (truncated, corrupt) gets undefined: the image checks
 * refuse it later with a sentence the user understands.
 */
export function imageDataHash(bytes: Buffer): string | undefined {
  switch (sniffImageType(bytes)) {
    case 'jpeg':
      return jpegDataHash(bytes);
    case 'png':
      return pngDataHash(bytes);
    case 'webp':
      return webpDataHash(bytes);
    default:
      return undefined;
  }
}

const started = (format: string): Hash => createHash('sha256').update(`${format}\0`);

/** Markers without a length: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Metadata segments: APP0-APP15 and COM. */
const metadata = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
/** Start-of-frame markers (SOF0-SOF15 without DHT, JPG and DAC). */
const startOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegDataHash(bytes: Buffer): string | undefined {
  const hash = started('jpeg');
  let pos = 2;
  let frame = false;
  let scan = false;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[pos + 1] === 0xff) pos++;
    if (pos + 1 >= bytes.length) return undefined;
    const marker = bytes[pos + 1]!;
    if (marker === 0xd9) return frame && scan ? hash.update(bytes.subarray(pos, pos + 2)).digest('hex') : undefined;
    if (standalone(marker)) {
      hash.update(bytes.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > bytes.length) return undefined;
    const end = pos + 2 + bytes.readUInt16BE(pos + 2);
    if (end <= pos + 3 || end > bytes.length) return undefined;
    if (!metadata(marker)) hash.update(bytes.subarray(pos, end));
    frame ||= startOfFrame(marker);
    pos = end;
    if (marker !== 0xda) continue;
    // Start of scan: the entropy-coded data runs to the next marker that is neither a stuffed 0xFF00
    // nor a restart marker.
    let at = pos;
    for (;;) {
      at = bytes.indexOf(0xff, at);
      if (at < 0 || at + 1 >= bytes.length) return undefined;
      const next = bytes[at + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
      else break;
    }
    hash.update(bytes.subarray(pos, at));
    scan = true;
    pos = at;
  }
  return undefined;
}

const PNG_IMAGE_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'acTL', 'fcTL', 'fdAT']);

function pngDataHash(bytes: Buffer): string | undefined {
  const hash = started('png');
  let data = false;
  for (let pos = 8; pos + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > bytes.length) return undefined;
    if (type === 'IEND') return data ? hash.digest('hex') : undefined;
    if (PNG_IMAGE_CHUNKS.has(type)) hash.update(bytes.subarray(pos, pos + 8 + length));
    data ||= type === 'IDAT';
    pos = end;
  }
  return undefined;
}

const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);

function webpDataHash(bytes: Buffer): string | undefined {
  const hash = started('webp');
  // The RIFF size bounds the chunks: anything appended after the file is not part of it.
  const riffEnd = Math.min(bytes.length, 8 + bytes.readUInt32LE(4));
  let bitstream = false;
  for (let pos = 12; pos + 8 <= riffEnd;) {
    const type = bytes.toString('latin1', pos, pos + 4);
    const size = bytes.readUInt32LE(pos + 4);
    const end = pos + 8 + size;
    if (end > riffEnd) return undefined;
    if (WEBP_IMAGE_CHUNKS.has(type)) {
      hash.update(bytes.subarray(pos, end));
      bitstream = true;
    }
    pos = end + (size & 1);
  }
  return bitstream ? hash.digest('hex') : undefined;
}
