import type { ExifData, ManualLocation } from '../../shared/api/uploads';
import { BadRequestError } from '../errors';
import { toExifData, type PhotoFacts } from '../media/exif';
import { stripNul } from '../../shared/nul';

/**
 * The EXIF source photo's fields. NUL is removed, not refused: from the raw text (whatever the
 * caller) and, by toExifData, from the parsed keys and strings ("\u0000" escapes), as for EXIF read
 * from the file itself.
 */
export function parseClientExif(text: string | undefined): ExifData {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripNul(text));
  } catch {
    throw new BadRequestError('exifData must be JSON text describing the EXIF source photo.');
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadRequestError('exifData must be a JSON object of EXIF fields.');
  }
  return toExifData(parsed as Record<string, unknown>);
}

export const positionOf = ({ latitude, longitude }: PhotoFacts): ManualLocation | undefined =>
  latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;

const isGpsKey = (key: string) => /^(latitude|longitude|altitude|gps)/i.test(key);

/**
 * The EXIF source photo's fields win. Its position replaces the photo's whole GPS block, so a
 * position given in one form (degrees-minutes-seconds) never mixes with the other's decimals.
 */
export function mergeExif(own: ExifData, client: ExifData): ExifData {
  const clientHasGps = Object.keys(client).some(isGpsKey);
  const kept = clientHasGps ? Object.fromEntries(Object.entries(own).filter(([k]) => !isGpsKey(k))) : own;
  return { ...kept, ...client };
}
