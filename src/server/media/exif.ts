import exifr from 'exifr';
import type { ExifData } from '../../shared/api/uploads';
import { heifExifTiff } from '../../shared/heif-exif';
import { stripNul } from '../../shared/nul';
import { sniffImageType } from './image-type';
import { webpExifTiff } from '../../shared/webp-exif';

/** The facts the upload pipeline needs from EXIF, whatever form they arrived in. */
export interface PhotoFacts {
  latitude?: number;
  longitude?: number;
  altitude?: number;
  speed?: number;
  imageDirection?: number;
  /** Calendar date the photo was taken, YYYY-MM-DD (camera local time). */
  dateTaken?: string;
  camera?: string;
  orientation?: number;
}

const EXIFR_OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  ifd1: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  makerNote: false,
  userComment: false,
  // Dates stay as written ("2024:05:01 10:20:30"): reviving would read them in the server's time zone.
  reviveValues: false,
  translateValues: false,
  sanitize: true,
  mergeOutput: true,
};

/**
 * EXIF text may hold U+0000 (cameras pad ASCII fields with NUL, TIFF separates several strings with
 * it, a crafted file can put one anywhere), and PostgreSQL text/jsonb cannot store it: every NUL is
 * removed, never a reason to refuse the photo.
 */
const exifText = (value: string) => stripNul(value).slice(0, 1000);

/** Only JSON-friendly values are kept: no binary blobs, no huge strings, no nested structures. */
function jsonSafe(value: unknown): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return exifText(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (Array.isArray(value) && value.length <= 16 && value.every((v) => typeof v === 'number' || typeof v === 'string'))
    return value.map((v: number | string) => (typeof v === 'string' ? exifText(v) : Number.isFinite(v) ? v : null));
  return undefined;
}

/**
 * EXIF as stored and answered: from the file (exifr's output) or from the client's exifData JSON.
 * Keys and string values lose any NUL; keys left empty are dropped.
 */
export function toExifData(record: Record<string, unknown>): ExifData {
  const out: ExifData = {};
  for (const [rawKey, value] of Object.entries(record)) {
    const key = stripNul(rawKey).slice(0, 200);
    const safe = jsonSafe(value);
    if (key !== '' && safe !== undefined) out[key] = safe;
  }
  return out;
}

/** The bytes to give exifr: the TIFF block where exifr cannot find it itself (HEIF, AVIF, WebP). */
function exifSource(bytes: Buffer): Uint8Array {
  switch (sniffImageType(bytes)) {
    // HEIF: hand exifr the TIFF block directly, found by our complete item-box reader.
    case 'heif':
    case 'avif':
      return heifExifTiff(bytes) ?? bytes;
    // exifr does not read WebP's RIFF container at all.
    case 'webp':
      return webpExifTiff(bytes) ?? bytes;
    default:
      return bytes;
  }
}

/** Every EXIF field we can read from the file (GPS, date, camera, orientation...); {} when none. */
export async function readExif(bytes: Buffer): Promise<ExifData> {
  try {
    const parsed = (await exifr.parse(exifSource(bytes), EXIFR_OPTIONS)) as Record<string, unknown> | undefined;
    if (!parsed) return {};
    delete parsed.errors;
    return toExifData(parsed);
  } catch {
    // No EXIF, or a format exifr cannot read: treated as "no EXIF", the image checks come later.
    return {};
  }
}

const finite = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** A coordinate from decimal degrees or [degrees, minutes, seconds] plus an N/S/E/W reference. */
function coordinate(decimal: unknown, dms: unknown, ref: unknown, negativeRef: string): number | undefined {
  let value = finite(decimal);
  if (value === undefined) {
    if (Array.isArray(dms)) {
      const [d, m, s] = dms.map(finite);
      if (d !== undefined) value = d + (m ?? 0) / 60 + (s ?? 0) / 3600;
    } else {
      value = finite(dms);
    }
    if (value !== undefined && typeof ref === 'string' && ref.trim().toUpperCase().startsWith(negativeRef))
      value = -Math.abs(value);
  }
  return value;
}

function calendarDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value.trim());
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || Number(y) < 1900) return undefined;
  return `${y}-${m}-${d}`;
}

/** Reads position, date and camera from EXIF in exifr's shape (server) or the client's JSON. */
export function photoFacts(exif: ExifData): PhotoFacts {
  let latitude = coordinate(exif.latitude, exif.GPSLatitude, exif.GPSLatitudeRef, 'S');
  let longitude = coordinate(exif.longitude, exif.GPSLongitude, exif.GPSLongitudeRef, 'W');
  const valid =
    latitude !== undefined &&
    longitude !== undefined &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    // 0,0 is what some cameras write without a satellite fix.
    !(latitude === 0 && longitude === 0);
  if (!valid) latitude = longitude = undefined;
  const altitudeValue = finite(exif.GPSAltitude ?? exif.altitude);
  const below = finite(exif.GPSAltitudeRef) === 1;
  const make = typeof exif.Make === 'string' ? exif.Make.trim() : '';
  const model = typeof exif.Model === 'string' ? exif.Model.trim() : '';
  return {
    latitude,
    longitude,
    altitude: altitudeValue === undefined ? undefined : below ? -altitudeValue : altitudeValue,
    speed: finite(exif.GPSSpeed),
    imageDirection: finite(exif.GPSImgDirection),
    dateTaken:
      calendarDate(exif.DateTimeOriginal) ??
      calendarDate(exif.CreateDate) ??
      calendarDate(exif.DateTimeDigitized) ??
      calendarDate(exif.GPSDateStamp) ??
      calendarDate(exif.ModifyDate) ??
      calendarDate(exif.DateTime),
    camera: (model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`).trim() || undefined,
    orientation: finite(exif.Orientation),
  };
}
