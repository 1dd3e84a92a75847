import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { formatMegabytes, WEB_IMAGE_WIDTH } from '../../shared/limits';
import { CARD_CROP, LARGE_IMAGE_WIDTHS, largeWidthsFor, parseMediaName } from '../../shared/media';
import { AppError } from '../errors';
import { decodeHeic, readHeicSize, type DecodedHeic, type HeicSize } from './heic-decoder';
import { sniffImageType, type ImageType } from './image-type';
import { captureDateOf, stripJpegMetadata, type CaptureDate } from './jpeg-metadata';
import { keyFromUrl, urlForKey, type Storage } from './storage';

export const THUMBNAIL_WIDTH = 480;
/** Above this many pixels an image is refused before it is decoded (decompression bombs). */
export const DEFAULT_MAX_PIXELS = 120_000_000;

export interface ImageLimits {
  maxBytes: number;
  maxPixels?: number;
}

export interface StoredImage {
  /** The 1000 px JPEG: /media/web/<id>-1000.jpg (a WebP twin sits beside it). */
  imageUrl: string;
  /** The 480 px JPEG: /media/web/<id>-480.jpg (a WebP twin sits beside it). */
  thumbnailUrl: string;
  /** The full-resolution original, auto-rotated; of its metadata only the capture date and colour profile. */
  originalImagePath: string;
  /** Every storage key written, for cleanup by the caller if a later step fails. */
  keys: string[];
  /** Size of the original after rotation. */
  width: number;
  height: number;
}

export interface ProcessedImage {
  id: string;
  files: Array<{ key: string; data: Buffer }>;
  width: number;
  height: number;
  /** The 1000 px JPEG bytes, for AI image analysis. */
  webJpeg: Buffer;
}

const ORIGINAL_EXT: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', heif: 'jpg' };
const ORIGINAL_EXTS = ['jpg', 'png', 'webp', 'avif'];

/** Every storage key an image with this id may have (see src/shared/media.ts for the naming). */
export function imageFamilyKeys(id: string): string[] {
  return [
    ...[WEB_IMAGE_WIDTH, THUMBNAIL_WIDTH, 'card'].flatMap((w) => [`web/${id}-${w}.jpg`, `web/${id}-${w}.webp`]),
    ...LARGE_IMAGE_WIDTHS.map((w) => `web/${id}-${w}.webp`),
    ...ORIGINAL_EXTS.map((ext) => `originals/${id}.${ext}`),
  ];
}

/** The image id in one of our storage keys (web size, card crop or original), if it is one. */
export function imageIdOfKey(key: string): string | undefined {
  return key.startsWith('/') ? undefined : parseMediaName(key)?.id;
}

const unreadable = () =>
  new AppError(400, 'The image could not be read. The file may be damaged or incomplete; please export it again.');

function checkPixels(width: number, height: number, maxPixels: number) {
  if (!(width > 0 && height > 0)) throw unreadable();
  if (width * height > maxPixels) {
    const mp = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;
    throw new AppError(
      413,
      `The image is too large: ${width} × ${height} pixels (${mp(width * height)}); the limit is ${mp(maxPixels)}.`,
    );
  }
}

/** The decoded source: a sharp pipeline factory plus what we learned about the input. */
interface Source {
  type: ImageType;
  make(): Sharp;
  /** Orientation from EXIF (1 to 8); HEIF pixels arrive already rotated by the decoder. */
  orientation: number;
  width: number;
  height: number;
  /** EXIF DateTimeOriginal (and its offset), the one EXIF field the public original keeps. */
  captureDate?: CaptureDate;
  /** The colour profile of a HEIF, whose pixels reach sharp without it. */
  iccProfile?: Buffer;
}

/**
 * The capture date in a file's EXIF block (as sharp hands it: the TIFF structure, perhaps after
 * "Exif\0\0"). Unreadable EXIF is no reason to refuse a photo: the original is then written without.
 */
async function readCaptureDate(exif: Buffer | undefined): Promise<CaptureDate | undefined> {
  if (!exif) return undefined;
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  try {
    const fields = (await exifr.parse(tiff, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
    return fields && captureDateOf(fields);
  } catch {
    return undefined;
  }
}

/** EXIF and colour profile of a HEIF, read from its header by sharp (which cannot decode HEVC pixels). */
async function heifMetadata(bytes: Buffer): Promise<Pick<Metadata, 'exif' | 'icc'>> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return {};
  }
}

/**
 * The cheap checks, before anything is decoded: not empty, not too large, and a format we accept
 * by its bytes. Throws an AppError (400, 413 or 415) with a sentence the administrator understands.
 */
export function checkImageBytes(bytes: Buffer, limits: ImageLimits): ImageType {
  if (bytes.length === 0) throw new AppError(400, 'The file is empty.');
  if (bytes.length > limits.maxBytes) {
    throw new AppError(
      413,
      `The file is too large (${formatMegabytes(bytes.length)}); the limit is ${formatMegabytes(limits.maxBytes)}.`,
    );
  }
  const type = sniffImageType(bytes);
  if (!type) {
    throw new AppError(415, 'This file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or HEIC photo.');
  }
  return type;
}

/**
 * Reads only the image header (no pixel decoding) and refuses images with more pixels than the
 * limit, so a decompression bomb is turned away before anything else looks at it. Answers the
 * upright size (as the photo is shown, EXIF orientation applied).
 */
export async function checkImageHeader(bytes: Buffer, limits: ImageLimits): Promise<{ width: number; height: number }> {
  const type = checkImageBytes(bytes, limits);
  const maxPixels = limits.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (type === 'heif') {
    let size: HeicSize;
    try {
      size = await readHeicSize(bytes);
    } catch {
      throw unreadable();
    }
    checkPixels(size.width, size.height, maxPixels);
    return size; // the decoder turns the pixels upright itself
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  checkPixels(width, height, maxPixels);
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

async function openSource(bytes: Buffer, limits: ImageLimits): Promise<Source> {
  const type = checkImageBytes(bytes, limits);
  const maxPixels = limits.maxPixels ?? DEFAULT_MAX_PIXELS;

  if (type === 'heif') {
    // sharp's bundled libheif has no HEVC decoder; libheif compiled to WebAssembly does (in a worker).
    let decoded: DecodedHeic;
    try {
      decoded = await decodeHeic(bytes, maxPixels);
    } catch {
      throw unreadable();
    }
    checkPixels(decoded.width, decoded.height, maxPixels);
    if (!decoded.data) throw unreadable();
    const raw = decoded.data;
    const rawInput = { raw: { width: decoded.width, height: decoded.height, channels: 4 as const } };
    const { exif, icc } = await heifMetadata(bytes);
    return {
      type,
      make: () => sharp(raw, rawInput),
      orientation: 1,
      width: decoded.width,
      height: decoded.height,
      captureDate: await readCaptureDate(exif),
      iccProfile: icc,
    };
  }

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  checkPixels(width, height, maxPixels);
  const orientation = meta.orientation ?? 1;
  const swap = orientation >= 5;
  return {
    type,
    make: () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'warning' }),
    orientation,
    width: swap ? height : width,
    height: swap ? width : height,
    captureDate: await readCaptureDate(meta.exif),
  };
}

/**
 * The full-resolution original for download: rotated upright, nothing appended, and of all its
 * metadata only the colour profile and the capture date (no GPS, names, serial numbers, maker
 * notes, XMP, IPTC, comments or thumbnails).
 */
async function originalBytes(source: Source, bytes: Buffer): Promise<Buffer> {
  const { captureDate } = source;
  if (source.type === 'jpeg' && source.orientation === 1) {
    // Already upright: drop the metadata segments and keep the photographer's exact pixels.
    return stripJpegMetadata(bytes, { captureDate });
  }
  if (source.type === 'heif') {
    // The decoded pixels carry no profile for sharp to keep: the HEIF's own is written back.
    const jpeg = await source
      .make()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
      .toBuffer();
    return stripJpegMetadata(jpeg, { captureDate, iccProfile: source.iccProfile });
  }
  // Rotated pixels; libvips writes only the EXIF given here (with orientation 1), never the input's.
  let upright = source.make().rotate().keepIccProfile();
  if (captureDate) {
    const { dateTimeOriginal, offsetTimeOriginal } = captureDate;
    upright = upright.withExif({
      IFD2: {
        DateTimeOriginal: dateTimeOriginal,
        ...(offsetTimeOriginal && { OffsetTimeOriginal: offsetTimeOriginal }),
      },
    });
  }
  switch (source.type) {
    case 'png':
      return upright.png({ compressionLevel: 6 }).toBuffer();
    case 'webp':
      return upright.webp({ quality: 92 }).toBuffer();
    case 'avif':
      return upright.avif({ quality: 70, effort: 2 }).toBuffer();
    default:
      return upright.flatten({ background: '#ffffff' }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  }
}

/** Decoded sRGB pixels, kept in memory between the sizes made from them. */
interface RawImage {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const fromRaw = (image: RawImage) => sharp(image.data, { raw: image.raw });

async function rawOf(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * The 4:5 card frame: as much of the picture as fits that shape, centred on what draws the eye
 * (sharp's attention strategy, run on the small size where it is cheap), at most 800 x 1000.
 */
async function cardFrame(big: RawImage, small: RawImage): Promise<Sharp> {
  const { width, height } = big.raw;
  const frameWidth = Math.max(1, Math.min(width, Math.floor(height * 0.8)));
  const frameHeight = Math.max(1, Math.min(height, Math.round(frameWidth * 1.25)));
  const probeWidth = Math.max(1, Math.round((frameWidth * small.raw.width) / width));
  const probe = await fromRaw(small)
    .resize({
      width: probeWidth,
      height: Math.max(1, Math.round((frameHeight * small.raw.width) / width)),
      fit: 'cover',
      position: sharp.strategy.attention,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = width / small.raw.width;
  const focusX = (probe.info.attentionX ?? small.raw.width / 2) * scale;
  const focusY = (probe.info.attentionY ?? small.raw.height / 2) * scale;
  const clamp = (value: number, max: number) => Math.round(Math.min(Math.max(value, 0), max));
  return fromRaw(big)
    .extract({
      left: clamp(focusX - frameWidth / 2, width - frameWidth),
      top: clamp(focusY - frameHeight / 2, height - frameHeight),
      width: frameWidth,
      height: frameHeight,
    })
    .resize({
      width: Math.min(CARD_CROP.width, frameWidth),
      height: Math.min(CARD_CROP.height, frameHeight),
      fit: 'fill',
    });
}

/** A new image's id; it records the original's upright size, so pages know its sizes and aspect (shared/media.ts). */
export function newImageId(width: number, height: number): string {
  return `${randomBytes(16).toString('hex')}_${width}x${height}`;
}

/**
 * Validates and converts an uploaded image without touching storage: web sizes (1000 px and a 480 px
 * thumbnail, each as JPEG and WebP; WebP at 1600 and 2400 px for wider originals; never upscaled),
 * the 4:5 card crop and the original. Every failure a user can cause is an AppError with a 4xx
 * status and a sentence that says what is wrong.
 */
export async function processImage(bytes: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  const source = await openSource(bytes, limits);
  const id = newImageId(source.width, source.height);
  const large = largeWidthsFor(source.width);
  try {
    // Decode once at the largest web size (JPEG shrink-on-load makes this cheaper than full size),
    // then encode every web file from those pixels.
    const { data, info } = await source
      .make()
      .rotate()
      .resize({ width: large.at(-1) ?? WEB_IMAGE_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const big: RawImage = { data, raw: { width: info.width, height: info.height, channels: info.channels } };
    // every smaller size from the next larger one: each resize reads fewer pixels
    const mid = large.length > 0 ? await rawOf(fromRaw(big).resize({ width: WEB_IMAGE_WIDTH })) : big;
    const small = await rawOf(fromRaw(mid).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }));
    const card = await rawOf(await cardFrame(big, small));
    const [web1000Jpg, web1000Webp, web480Jpg, web480Webp, original, cardJpg, cardWebp, ...largeWebp] =
      await Promise.all([
        fromRaw(mid).jpeg({ quality: 82, progressive: true }).toBuffer(),
        fromRaw(mid).webp({ quality: 78, effort: 2 }).toBuffer(),
        fromRaw(small).jpeg({ quality: 78, progressive: true }).toBuffer(),
        fromRaw(small).webp({ quality: 74, effort: 2 }).toBuffer(),
        originalBytes(source, bytes),
        fromRaw(card).jpeg({ quality: 78, progressive: true }).toBuffer(),
        fromRaw(card).webp({ quality: 74, effort: 2 }).toBuffer(),
        // the large sizes are most of the pixels: the fastest WebP effort keeps an upload quick
        ...large.map((width) =>
          fromRaw(big).resize({ width, withoutEnlargement: true }).webp({ quality: 72, effort: 0 }).toBuffer(),
        ),
      ]);
    return {
      id,
      width: source.width,
      height: source.height,
      webJpeg: web1000Jpg,
      files: [
        { key: `web/${id}-${WEB_IMAGE_WIDTH}.jpg`, data: web1000Jpg },
        { key: `web/${id}-${WEB_IMAGE_WIDTH}.webp`, data: web1000Webp },
        { key: `web/${id}-${THUMBNAIL_WIDTH}.jpg`, data: web480Jpg },
        { key: `web/${id}-${THUMBNAIL_WIDTH}.webp`, data: web480Webp },
        { key: `originals/${id}.${ORIGINAL_EXT[source.type]}`, data: original },
        { key: `web/${id}-card.jpg`, data: cardJpg },
        { key: `web/${id}-card.webp`, data: cardWebp },
        ...large.map((width, i) => ({ key: `web/${id}-${width}.webp`, data: largeWebp[i]! })),
      ],
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips reports truncated or corrupt data while decoding; the user sent a broken file.
    throw unreadable();
  }
}

/** Writes the processed files at once; if any write fails, removes them all and rethrows. */
export async function writeProcessedImage(storage: Storage, image: ProcessedImage): Promise<StoredImage> {
  // All at once: one round trip instead of five when the storage is a bucket.
  const results = await Promise.allSettled(image.files.map((file) => storage.put(file.key, file.data)));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    // remove() also removes a half-written file, so every key goes, written or not
    await Promise.allSettled(image.files.map((file) => storage.remove(file.key)));
    throw failed.reason;
  }
  const [web1000, , web480, , original] = image.files;
  return {
    imageUrl: urlForKey(web1000!.key),
    thumbnailUrl: urlForKey(web480!.key),
    originalImagePath: urlForKey(original!.key),
    keys: image.files.map((f) => f.key),
    width: image.width,
    height: image.height,
  };
}

/** Validates, converts and stores an uploaded image (see processImage). Leaves no files on failure. */
export async function storeImage(storage: Storage, bytes: Buffer, limits: ImageLimits): Promise<StoredImage> {
  return writeProcessedImage(storage, await processImage(bytes, limits));
}

/** The image id behind one of our /media/ URLs, or undefined for any other URL. */
export function imageIdOf(url: string | null | undefined): string | undefined {
  const key = keyFromUrl(url);
  return key ? imageIdOfKey(key) : undefined;
}

/**
 * Removes every file we generated for the images behind these URLs (all web sizes and the original),
 * whichever of the URLs is given. URLs we did not generate (external links) are ignored.
 */
export async function deleteImageFiles(storage: Storage, urls: Array<string | null | undefined>): Promise<void> {
  const ids = new Set(urls.map(imageIdOf).filter((id): id is string => id !== undefined));
  await Promise.all([...ids].flatMap(imageFamilyKeys).map((key) => storage.remove(key)));
}
