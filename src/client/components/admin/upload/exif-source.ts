import exifr from 'exifr';
import type { ExifData } from '@/shared/api/uploads';
import { heifExifTiff } from '@/shared/heif-exif';
import { webpExifTiff } from '@/shared/webp-exif';

const OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  xmp: false,
  icc: false,
  iptc: false,
  makerNote: false,
  userComment: false,
  reviveValues: false,
  translateValues: false,
};

const isHeif = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp';

async function parse(file: File): Promise<Record<string, unknown> | undefined> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isHeif(bytes)) {
    // exifr misses EXIF stored the way libheif writes it; our item-box reader finds it either way.
    const tiff = heifExifTiff(bytes);
    if (tiff) return (await exifr.parse(tiff, OPTIONS)) as Record<string, unknown> | undefined;
  }
  // exifr does not read WebP's RIFF container at all: hand it the EXIF chunk's TIFF block.
  const tiff = webpExifTiff(bytes);
  return (await exifr.parse(tiff ?? bytes, OPTIONS)) as Record<string, unknown> | undefined;
}

/** Reads the EXIF of the "EXIF source photo" in the browser; {} when it has none. */
export async function extractExif(file: File): Promise<ExifData> {
  const parsed = await parse(file);
  const out: ExifData = {};
  for (const [key, value] of Object.entries(parsed ?? {})) {
    if (key === 'errors') continue;
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'number' || typeof v === 'string'))
      out[key] = value;
  }
  return out;
}

/** GPS fields, in the order docs/product.md §2.5.3 lists them: latitude, longitude, altitude, speed, direction. */
const GPS_ORDER = [
  'latitude',
  'longitude',
  'GPSLatitude',
  'GPSLongitude',
  'GPSAltitude',
  'GPSSpeed',
  'GPSImgDirection',
];

export const isGpsField = (key: string) => /^(latitude|longitude|altitude|gps)/i.test(key);

export function sortedExifEntries(exif: ExifData): Array<[string, unknown]> {
  const rank = (key: string) => {
    const i = GPS_ORDER.indexOf(key);
    if (i >= 0) return i;
    return isGpsField(key) ? GPS_ORDER.length : GPS_ORDER.length + 1;
  };
  return Object.entries(exif).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export function hasGps(exif: ExifData): boolean {
  const lat = exif.latitude ?? exif.GPSLatitude;
  const lon = exif.longitude ?? exif.GPSLongitude;
  return lat !== undefined && lon !== undefined;
}

export function formatExifValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  return String(value);
}
