import sharp from 'sharp';

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

/** The upright scene: red top-left quadrant, green top-right, blue bottom half. */
function sceneColour(x: number, y: number, width: number, height: number, seed: number): readonly number[] {
  if (x === 0 && y === 0) return [seed & 255, (seed >> 8) & 255, 0];
  if (y < height / 2) return x < width / 2 ? QUADRANT_COLOURS.topLeft : QUADRANT_COLOURS.topRight;
  return QUADRANT_COLOURS.bottom;
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
  const stored = storedPixels(width, height, orientation, options.seed ?? Math.floor(Math.random() * 65535));
  let image = sharp(stored.rgb, { raw: { width: stored.width, height: stored.height, channels: 3 } }).withExif(
    exifFor(options),
  );
  if (orientation !== 1) image = image.withMetadata({ orientation });
  switch (options.format ?? 'jpeg') {
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
