import sharp, { type Sharp } from 'sharp';
import {
  CARD_CROP,
  largeWidthsFor,
  newImageId,
  originalKey,
  THUMBNAIL_WIDTH,
  WEB_IMAGE_WIDTH,
  webKey,
  type OriginalExt,
} from '../../shared/media-names';
import { AppError } from '../errors';
import { unreadable, type ImageLimits } from './image-checks';
import { openSource, type Source } from './image-decoding';
import type { ImageType } from './image-type';
import { stripJpegMetadata } from './jpeg-metadata';

/**
 * Converting an upload with sharp: the web sizes, the 4:5 card crop and the original for download,
 * named as src/shared/media-names.ts says. Nothing here touches storage (image-storage.ts does).
 */

export interface ProcessedImage {
  id: string;
  files: Array<{ key: string; data: Buffer }>;
  width: number;
  height: number;
  /** The 1000 px JPEG bytes, for AI image analysis. */
  webJpeg: Buffer;
}

/** The format each kind of upload keeps its original in (a HEIF becomes a JPEG). */
const ORIGINAL_EXT: Record<ImageType, OriginalExt> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  heif: 'jpg',
};

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
        { key: webKey(id, WEB_IMAGE_WIDTH, 'jpg'), data: web1000Jpg },
        { key: webKey(id, WEB_IMAGE_WIDTH, 'webp'), data: web1000Webp },
        { key: webKey(id, THUMBNAIL_WIDTH, 'jpg'), data: web480Jpg },
        { key: webKey(id, THUMBNAIL_WIDTH, 'webp'), data: web480Webp },
        { key: originalKey(id, ORIGINAL_EXT[source.type]), data: original },
        { key: webKey(id, 'card', 'jpg'), data: cardJpg },
        { key: webKey(id, 'card', 'webp'), data: cardWebp },
        ...large.map((width, i) => ({ key: webKey(id, width, 'webp'), data: largeWebp[i]! })),
      ],
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips reports truncated or corrupt data while decoding; the user sent a broken file.
    throw unreadable();
  }
}
