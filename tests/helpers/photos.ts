import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';

/**
 * Test photos made in code: sharp draws the pixels and writes real EXIF (camera, owner, serial
 * number, date, GPS) through libvips, just as a camera app would.
 */
export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Decimal degrees; omitted means no GPS block at all. */
  gps?: { latitude: number; longitude: number; altitude?: number };
  /** EXIF orientation 1-8: the pixels are stored so that a correct viewer shows the upright scene. */
  orientation?: number;
  dateTaken?: string;
  format?: 'jpeg' | 'png' | 'webp' | 'avif';
  /** Changes the pixels so otherwise identical photos get different content hashes. */
  seed?: number;
}

/** Degrees as the EXIF rational triple libvips expects: "48/1 51/1 2952/100". */
function dms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutesFull = (abs - degrees) * 60;
  const minutes = Math.floor(minutesFull);
  const seconds = Math.round((minutesFull - minutes) * 60 * 10000);
  return `${degrees}/1 ${minutes}/1 ${seconds}/10000`;
}

export const QUADRANT_COLOURS = {
  topLeft: [220, 30, 30],
  topRight: [30, 200, 30],
  bottom: [30, 30, 220],
} as const;

/**
 * The seed's stamp: its 16 bits as a 4 x 4 grid of black and white 4-pixel cells in the top-left
 * corner. Cells that large survive JPEG quantisation, so two seeds always give two different
 * images (a seed in one pixel's colour did not: seeds 97 apart often encoded to the same pixels,
 * and the upload took the second photo for a duplicate of the first).
 */
const STAMP_CELL = 4;
const STAMP_SIDE = 4 * STAMP_CELL;

function stampColour(x: number, y: number, seed: number): readonly number[] {
  const bit = Math.floor(y / STAMP_CELL) * 4 + Math.floor(x / STAMP_CELL);
  return (seed >> bit) & 1 ? [255, 255, 255] : [0, 0, 0];
}

/** The upright scene: red top-left quadrant, green top-right, blue bottom half, and the seed's stamp. */
function sceneColour(x: number, y: number, width: number, height: number, seed: number): readonly number[] {
  if (x < STAMP_SIDE && y < STAMP_SIDE) return stampColour(x, y, seed);
  if (y < height / 2) return x < width / 2 ? QUADRANT_COLOURS.topLeft : QUADRANT_COLOURS.topRight;
  return QUADRANT_COLOURS.bottom;
}

/** A seed no other photo of this test process got: photos made without one are never duplicates. */
let lastSeed = Math.floor(Math.random() * 0x10000);
function freshSeed(): number {
  lastSeed = (lastSeed + 1) & 0xffff;
  return lastSeed;
}

/**
 * For EXIF orientation n, where a stored pixel (sx, sy) lands when displayed (standard TIFF/EXIF
 * definitions; sw/sh are the stored width and height).
 */
function displayed(n: number, sx: number, sy: number, sw: number, sh: number): [number, number] {
  switch (n) {
    case 2:
      return [sw - 1 - sx, sy];
    case 3:
      return [sw - 1 - sx, sh - 1 - sy];
    case 4:
      return [sx, sh - 1 - sy];
    case 5:
      return [sy, sx];
    case 6:
      return [sh - 1 - sy, sx];
    case 7:
      return [sh - 1 - sy, sw - 1 - sx];
    case 8:
      return [sy, sw - 1 - sx];
    default:
      return [sx, sy];
  }
}

/** Raw RGB of the scene as stored for `orientation` (display size width x height). */
export function storedPixels(width: number, height: number, orientation = 1, seed = 0) {
  const swap = orientation >= 5;
  const sw = swap ? height : width;
  const sh = swap ? width : height;
  const rgb = Buffer.alloc(sw * sh * 3);
  for (let sy = 0; sy < sh; sy++) {
    for (let sx = 0; sx < sw; sx++) {
      const [dx, dy] = displayed(orientation, sx, sy, sw, sh);
      const colour = sceneColour(dx, dy, width, height, seed);
      rgb.set(colour, (sy * sw + sx) * 3);
    }
  }
  return { rgb, width: sw, height: sh };
}

export function exifFor(options: PhotoOptions) {
  const gps = options.gps;
  return {
    IFD0: {
      Make: 'Examplecam',
      Model: 'Examplecam X100',
      Artist: 'Jane Traveller',
      Copyright: 'Jane Traveller',
      Software: 'Test Suite',
    },
    IFD2: {
      DateTimeOriginal: options.dateTaken ?? '2024:05:01 10:20:30',
      BodySerialNumber: 'SN-0042-SECRET',
      CameraOwnerName: 'Jane Traveller',
    },
    ...(gps
      ? {
          IFD3: {
            GPSLatitudeRef: gps.latitude >= 0 ? 'N' : 'S',
            GPSLatitude: dms(gps.latitude),
            GPSLongitudeRef: gps.longitude >= 0 ? 'E' : 'W',
            GPSLongitude: dms(gps.longitude),
            GPSAltitudeRef: '0',
            GPSAltitude: `${Math.round((gps.altitude ?? 35) * 10)}/10`,
            GPSImgDirection: '12345/100',
            GPSImgDirectionRef: 'T',
            GPSSpeed: '0/1',
          },
        }
      : {}),
  };
}

export async function makePhoto(options: PhotoOptions = {}): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  const orientation = options.orientation ?? 1;
  const stored = storedPixels(width, height, orientation, options.seed ?? freshSeed());
  let image = sharp(stored.rgb, { raw: { width: stored.width, height: stored.height, channels: 3 } }).withExif(
    exifFor(options),
  );
  if (orientation !== 1) image = image.withMetadata({ orientation });
  return encode(image, options.format);
}

/** Encodes a test photo in its format (JPEG by default). */
function encode(image: Sharp, format: PhotoOptions['format']): Promise<Buffer> {
  switch (format ?? 'jpeg') {
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 60, effort: 2 }).toBuffer();
    default:
      return image.jpeg({ quality: 90 }).toBuffer();
  }
}

/** The TIFF block of a JPEG's EXIF segment (what HEIF stores in its 'Exif' item). */
export function exifTiffOf(jpeg: Buffer): Buffer {
  let offset = 2;
  while (offset + 4 < jpeg.length) {
    const marker = jpeg[offset + 1];
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xe1 && jpeg.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      return jpeg.subarray(offset + 10, offset + 2 + length);
    }
    offset += 2 + length;
  }
  throw new Error('no EXIF segment');
}

/**
 * The chunks of a WebP (RIFF) file: fourCC and data. Lets a test check that the file really carries
 * an 'EXIF' chunk before relying on it.
 */
export function webpChunks(webp: Buffer): Array<{ type: string; data: Buffer }> {
  if (webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let offset = 12; offset + 8 <= webp.length;) {
    const size = webp.readUInt32LE(offset + 4);
    chunks.push({
      type: webp.toString('latin1', offset, offset + 4),
      data: webp.subarray(offset + 8, offset + 8 + size),
    });
    offset += 8 + size + (size & 1);
  }
  return chunks;
}

/**
 * A copy of a JPEG or WebP whose EXIF text `text` (as the camera wrote it, e.g. the Model
 * "Examplecam X100") has a real NUL byte put at `at` in place of the character there: what a
 * camera's padded or multi-string ASCII field, or a crafted file, looks like on disk. libvips writes
 * EXIF strings as C strings, so this is done on the bytes. Same length, so no offset changes.
 */
export function withNulInExifText(image: Buffer, text: string, at: number): Buffer {
  const needle = Buffer.from(text, 'latin1');
  const found = image.indexOf(needle);
  if (found < 0 || image.indexOf(needle, found + 1) >= 0) throw new Error(`"${text}" is not in the EXIF exactly once`);
  const patched = Buffer.from(image);
  patched[found + at] = 0;
  return patched;
}

/** The average colour of a region of an image, to check orientation after processing. */
export async function colourAt(image: Buffer, x: number, y: number, size = 8): Promise<number[]> {
  const { data, info } = await sharp(image)
    .extract({ left: x, top: y, width: size, height: size })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  return sum.map((s) => Math.round(s / (data.length / info.channels)));
}

export function isClose(actual: number[], expected: readonly number[], tolerance = 40): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
}

/** What a phone or a desktop editor leaves in a photo besides GPS: each text marks where it came from. */
export const PERSONAL_TEXT = {
  xmpCreator: 'XMP-CREATOR-JANE',
  xmpLocation: 'XMP-LOCATION-HOME',
  iptcByline: 'IPTC-BYLINE-JANE',
  comment: 'COMMENT-HOME-ADDRESS',
  hiddenOwner: 'SECRET-OWNER',
  motionVideo: 'MOTION-VIDEO-TRAILER',
} as const;

export interface PersonalPhotoOptions extends PhotoOptions {
  gps: NonNullable<PhotoOptions['gps']>;
  /** EXIF OffsetTimeOriginal, e.g. "+02:00". */
  offsetTime?: string;
  /** A built-in sharp profile to convert to and embed ('p3', 'cmyk' or 'srgb'). */
  iccProfile?: string;
}

/** XMP as a desktop editor writes it: creator, a named location and the position again. */
function personalXmp(gps: PersonalPhotoOptions['gps']): string {
  return (
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"' +
    ` Iptc4xmpCore:Location="${PERSONAL_TEXT.xmpLocation}"` +
    ` exif:GPSLatitude="${Math.abs(gps.latitude)},0N" exif:GPSLongitude="${Math.abs(gps.longitude)},0E">` +
    `<dc:creator><rdf:Seq><rdf:li>${PERSONAL_TEXT.xmpCreator}</rdf:li></rdf:Seq></dc:creator>` +
    '</rdf:Description></rdf:RDF></x:xmpmeta>'
  );
}

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** An IPTC (APP13, Photoshop 3.0) segment with one By-line record. */
function iptcSegment(byline: string): Buffer {
  const record = Buffer.concat([Buffer.from([0x1c, 2, 80, 0, byline.length]), Buffer.from(byline, 'latin1')]);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0, 0]), // resource 0x0404 (IPTC), empty name padded to even
    Buffer.alloc(4),
    record,
    Buffer.alloc(record.length & 1),
  ]);
  resource.writeUInt32BE(record.length, 8);
  return jpegSegment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]));
}

/**
 * A photo carrying everything that must not reach the public: EXIF with GPS, owner, artist and
 * serial number (see exifFor), XMP with creator, location and position, and for a JPEG also an IPTC
 * By-line and a comment. The capture date (and offsetTime) is the one field meant to survive.
 */
export async function makePersonalPhoto(options: PersonalPhotoOptions): Promise<Buffer> {
  // as small as an upload accepts (MIN_PHOTO_LONG_SIDE), so privacy tests stay quick
  const width = options.width ?? 1200;
  const height = options.height ?? 900;
  const orientation = options.orientation ?? 1;
  const stored = storedPixels(width, height, orientation, options.seed ?? freshSeed());
  const exif = exifFor(options);
  let image = sharp(stored.rgb, { raw: { width: stored.width, height: stored.height, channels: 3 } })
    .withExif({
      ...exif,
      IFD2: { ...exif.IFD2, ...(options.offsetTime && { OffsetTimeOriginal: options.offsetTime }) },
    })
    .withXmp(personalXmp(options.gps));
  if (options.iccProfile) image = image.withIccProfile(options.iccProfile);
  if (orientation !== 1) image = image.withMetadata({ orientation });
  const encoded = await encode(image, options.format);
  if ((options.format ?? 'jpeg') !== 'jpeg') return encoded;
  // A JPEG also gets a comment and an IPTC by-line, right after its start marker.
  const comment = jpegSegment(0xfe, Buffer.from(PERSONAL_TEXT.comment, 'latin1'));
  return Buffer.concat([encoded.subarray(0, 2), comment, iptcSegment(PERSONAL_TEXT.iptcByline), encoded.subarray(2)]);
}

/** A second, small JPEG with its own GPS and owner, as some apps append after the image. */
export function hiddenJpegTrailer(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
    .withExif({
      IFD0: { Artist: PERSONAL_TEXT.hiddenOwner },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

/** The start of an MP4 (an 'ftyp' box, then more), as a motion photo appends its video. */
export function motionVideoTrailer(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42\0\0\0\0isommp42', 'latin1')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 8 + PERSONAL_TEXT.motionVideo.length]), Buffer.from('mdat')]);
  return Buffer.concat([ftyp, mdat, Buffer.from(PERSONAL_TEXT.motionVideo, 'latin1')]);
}

/**
 * A copy of a HEIF with an ICC colour profile added as a 'colr' property of its primary item, as an
 * iPhone stores Display P3. Written for files shaped like tests/fixtures/shibuya-gps.heic (iloc
 * version 0 or 1 with 4-byte offsets, ipma with 1-byte indices); throws on anything else.
 */
export function withHeifIccProfile(heif: Buffer, icc: Buffer): Buffer {
  const children = (start: number, end: number) => {
    const out: Array<{ type: string; at: number; size: number }> = [];
    for (let at = start; at + 8 <= end;) {
      const size = heif.readUInt32BE(at);
      if (size < 8) throw new Error('unsupported box size');
      out.push({ type: heif.toString('latin1', at + 4, at + 8), at, size });
      at += size;
    }
    return out;
  };
  const find = (list: ReturnType<typeof children>, type: string) => {
    const box = list.find((b) => b.type === type);
    if (!box) throw new Error(`no ${type} box`);
    return box;
  };
  const meta = find(children(0, heif.length), 'meta');
  const inMeta = children(meta.at + 12, meta.at + meta.size);
  const iloc = find(inMeta, 'iloc');
  const iprp = find(inMeta, 'iprp');
  const inIprp = children(iprp.at + 8, iprp.at + iprp.size);
  const ipco = find(inIprp, 'ipco');
  const ipma = find(inIprp, 'ipma');
  const primary = heif.readUInt16BE(find(inMeta, 'pitm').at + 12);
  if (ipma.at < ipco.at || heif[ipma.at + 8]! !== 0 || (heif.readUInt32BE(ipma.at + 8) & 1) !== 0) {
    throw new Error('unsupported ipma');
  }

  const colr = Buffer.concat([Buffer.alloc(4), Buffer.from('colrprof', 'latin1'), icc]);
  colr.writeUInt32BE(colr.length, 0);
  const index = children(ipco.at + 8, ipco.at + ipco.size).length + 1;
  // ipma version 0: entry count, then per item its id (2 bytes), association count and 1-byte indices.
  let entryAt = ipma.at + 16;
  let countAt = -1;
  for (let n = heif.readUInt32BE(ipma.at + 12); n > 0; n--) {
    if (heif.readUInt16BE(entryAt) === primary) countAt = entryAt + 2;
    entryAt += 3 + heif[entryAt + 2]!;
  }
  if (countAt < 0) throw new Error('primary item has no properties');
  const insertAt = countAt + 1 + heif[countAt]!;
  const ipcoEnd = ipco.at + ipco.size;
  const out = Buffer.concat([
    heif.subarray(0, ipcoEnd),
    colr,
    heif.subarray(ipcoEnd, insertAt),
    Buffer.from([index]),
    heif.subarray(insertAt),
  ]);
  const growth = colr.length + 1;
  const grow = (at: number, by: number) => out.writeUInt32BE(out.readUInt32BE(at) + by, at);
  grow(meta.at, growth);
  grow(iprp.at, growth);
  grow(ipco.at, colr.length);
  grow(ipma.at + colr.length, 1);
  out[countAt + colr.length]! += 1;

  // iloc (before iprp, so not moved): item data after the meta box moved by `growth`.
  const version = out[iloc.at + 8]!;
  const offsetSize = out[iloc.at + 12]! >> 4;
  const lengthSize = out[iloc.at + 12]! & 15;
  const baseSize = out[iloc.at + 13]! >> 4;
  const indexSize = version === 1 ? out[iloc.at + 13]! & 15 : 0;
  if (version > 1 || offsetSize !== 4 || ![0, 4].includes(baseSize) || indexSize !== 0) {
    throw new Error('unsupported iloc');
  }
  const metaEnd = meta.at + meta.size;
  let at = iloc.at + 16;
  for (let items = out.readUInt16BE(iloc.at + 14); items > 0; items--) {
    const inFile = version === 0 || (out.readUInt16BE(at + 2) & 15) === 0; // construction method 0
    at += version === 1 ? 6 : 4; // item id, construction method, data reference index
    const base = baseSize === 4 ? out.readUInt32BE(at) : 0;
    if (inFile && base >= metaEnd) grow(at, growth);
    at += baseSize;
    const extents = out.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++, at += offsetSize + lengthSize) {
      if (inFile && base < metaEnd && base + out.readUInt32BE(at) >= metaEnd) grow(at, growth);
    }
  }
  return out;
}

const run = promisify(execFile);
const exiftoolScript = createRequire(import.meta.url)('exiftool-vendored.pl') as string;

/**
 * Every tag ExifTool (the Perl original, from the exiftool-vendored.pl package) finds in each file,
 * as `exiftool -j -G1 -a` answers it: keys are "Group:Tag", e.g. "GPS:GPSLatitude" or
 * "ExifIFD:DateTimeOriginal". One run for all the files (Perl takes a moment to start).
 */
export async function exiftool(files: Buffer[]): Promise<Array<Record<string, unknown>>> {
  const dir = await mkdtemp(join(tmpdir(), 'tp-exiftool-'));
  try {
    const paths = files.map((_, i) => join(dir, `file-${i}`));
    await Promise.all(files.map((file, i) => writeFile(paths[i]!, file)));
    const { stdout } = await run('perl', [exiftoolScript, '-j', '-G1', '-a', ...paths], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const byPath = new Map(
      (JSON.parse(stdout) as Array<Record<string, unknown>>).map((tags) => [tags.SourceFile, tags]),
    );
    return paths.map((path) => byPath.get(path) ?? {});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
