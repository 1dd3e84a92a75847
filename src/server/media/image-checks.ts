import sharp, { type Metadata } from 'sharp';
import { formatMegabytes } from '../../shared/limits';
import { AppError } from '../errors';
import { readHeicSize, type HeicSize } from './heic-decoder';
import { sniffImageType, type ImageType } from './image-type';

/**
 * The checks an uploaded image passes before it is converted: size in bytes, format, and pixels
 * (decompression bombs are refused before anything decodes them). Each failure is an AppError with
 * a 4xx status and a sentence the administrator understands.
 */

/** Above this many pixels an image is refused before it is decoded (decompression bombs). */
export const DEFAULT_MAX_PIXELS = 120_000_000;

export interface ImageLimits {
  maxBytes: number;
  maxPixels?: number;
}

export const unreadable = () =>
  new AppError(
    400,
    'The image could not be read. The file may be damaged or incomplete; please export it again.',
    'image_unreadable',
  );

export function checkPixels(width: number, height: number, maxPixels: number) {
  if (!(width > 0 && height > 0)) throw unreadable();
  if (width * height > maxPixels) {
    const mp = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;
    throw new AppError(
      413,
      `The image is too large: ${width} × ${height} pixels (${mp(width * height)}); the limit is ${mp(maxPixels)}.`,
      'image_too_large',
    );
  }
}

/**
 * The cheap checks, before anything is decoded: not empty, not too large, and a format we accept
 * by its bytes. Throws an AppError (400, 413 or 415) with a sentence the administrator understands.
 */
export function checkImageBytes(bytes: Buffer, limits: ImageLimits): ImageType {
  if (bytes.length === 0) throw new AppError(400, 'The file is empty.', 'file_empty');
  if (bytes.length > limits.maxBytes) {
    throw new AppError(
      413,
      `The file is too large (${formatMegabytes(bytes.length)}); the limit is ${formatMegabytes(limits.maxBytes)}.`,
      'file_too_large',
    );
  }
  const type = sniffImageType(bytes);
  if (!type) {
    throw new AppError(
      415,
      'This file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or HEIC photo.',
      'unsupported_image',
    );
  }
  return type;
}

/**
 * The header of an image sharp can decode (every format but HEIF), read without decoding pixels,
 * and its stored size (before EXIF orientation), refused when it has more pixels than the limit.
 */
export async function checkedHeader(
  bytes: Buffer,
  maxPixels: number,
): Promise<{ meta: Metadata; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  checkPixels(width, height, maxPixels);
  return { meta, width, height };
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
  const { meta, width, height } = await checkedHeader(bytes, maxPixels);
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}
