import exifr from 'exifr';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  checkedHeader,
  checkImageBytes,
  checkPixels,
  DEFAULT_MAX_PIXELS,
  unreadable,
  type ImageLimits,
} from './image-checks';
import { decodeHeic, type DecodedHeic } from './heic-decoder';
import type { ImageType } from './image-type';
import { captureDateOf, type CaptureDate } from './jpeg-metadata';

/**
 * Opening an uploaded image for conversion: its format checked, its pixels ready for sharp (a HEIF
 * decoded in a worker first), its upright size, and the little of its metadata the original keeps.
 */

/** The decoded source: a sharp pipeline factory plus what we learned about the input. */
export interface Source {
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

/** Checks an upload (image-checks.ts) and opens it for sharp; every failure is an AppError. */
export async function openSource(bytes: Buffer, limits: ImageLimits): Promise<Source> {
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

  const { meta, width, height } = await checkedHeader(bytes, maxPixels);
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
