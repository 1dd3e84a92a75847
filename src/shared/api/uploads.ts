import { z } from 'zod';
import { position } from './common';
import { errorCode } from './error-codes';
import { placeState } from './publishing';
import { MIN_PHOTO_LONG_SIDE } from '../limits';

/** EXIF as JSON: the fields the server read from the photo, or the client's "EXIF source photo". */
export const exifDataSchema = z.record(z.string(), z.unknown());
export type ExifData = z.infer<typeof exifDataSchema>;

/** GET /api/admin/upload/limits: what the server accepts, so the Upload screen can say it. */
export const uploadLimitsResponse = z.object({ maxUploadBytes: z.number().int().positive() });
export type UploadLimits = z.infer<typeof uploadLimitsResponse>;

/** A position set by hand on the Upload screen, for a photo without GPS. */
export interface ManualLocation {
  latitude: number;
  longitude: number;
  /** The town chosen in the search ("Sintra"): stored as chosen, not replaced by the geocoder's. */
  city?: string;
  /** The chosen town's country ("Portugal"). */
  country?: string;
}

/** Longest town or country name the upload accepts (as the place's location and country). */
export const TOWN_NAME_MAX = 200;

/**
 * A coordinate as the form sends it: plain decimal degrees ("48.8584", "-0.1246"), at most 3 digits
 * before the point and 12 after. No exponent, hex, "NaN", "Infinity", spaces or empty text: what
 * Number() would also accept (" 1e2 ", "0x10", "") must not become a position by accident.
 */
const DECIMAL_DEGREES = /^-?\d{1,3}(?:\.\d{1,12})?$/;

export const LATITUDE_ERROR = 'latitude must be decimal degrees between -90 and 90, such as 48.8584.';
export const LONGITUDE_ERROR = 'longitude must be decimal degrees between -180 and 180, such as 2.2945.';
export const LOCATION_PAIR_ERROR =
  'Send both latitude and longitude to set the location by hand, or neither to use the GPS of the photo.';
export const CITY_ERROR = `city must be the name of a town, 1 to ${TOWN_NAME_MAX} characters without control characters.`;
export const COUNTRY_ERROR = `country must be the name of a country, 1 to ${TOWN_NAME_MAX} characters without control characters.`;
export const TOWN_WITHOUT_POSITION_ERROR =
  'A town (city and country) can only be sent with its latitude and longitude: choose the town in the search again.';
export const PLACE_TARGET_NOT_FOUND =
  'The place chosen for this photo no longer exists: reload the Upload screen and choose another place, or upload it as a new place.';
export const TARGET_AND_NEW_PLACE_ERROR =
  'Send either placeId (add the photo to that place) or newPlace (make a new place of it), not both.';
const pixels = (n: number) => n.toLocaleString('en-US');

/** Why a photo smaller than MIN_PHOTO_LONG_SIDE on its long side is refused (400). */
export const photoTooSmallError = (width: number, height: number) =>
  `This photo is ${pixels(width)} × ${pixels(height)} pixels. Photos need at least ${pixels(MIN_PHOTO_LONG_SIDE)} pixels on the long side: choose the original photo, not a thumbnail.`;

/** The gallery keeps a smaller image, and says so. */
export const smallGalleryImageWarning = (width: number, height: number) =>
  `This image is only ${pixels(width)} × ${pixels(height)} pixels (photos need ${pixels(MIN_PHOTO_LONG_SIDE)} on the long side), so it may look blurred on large screens. It was added to the gallery; to replace it, delete it and upload the original photo.`;

/** The photo's own GPS wins over nothing: a position set by hand is refused rather than silently ignored. */
export const PHOTO_HAS_GPS_ERROR =
  'This photo has its own GPS position, so a location set by hand is refused: upload it without latitude and longitude to use its GPS.';
export const EXIF_SOURCE_HAS_GPS_ERROR =
  'The EXIF source photo already gives a GPS position: send either the EXIF source photo or latitude and longitude, not both.';

/** The coordinate in `text`, or undefined when it is not decimal degrees within ±`limit`. */
export function parseCoordinate(text: string, limit: 90 | 180): number | undefined {
  if (!DECIMAL_DEGREES.test(text)) return undefined;
  const value = Number(text);
  return Math.abs(value) <= limit ? value : undefined;
}

/** A town or country name as a person would type it: not blank, not too long, no control characters. */
const isTownName = (text: string) => text.trim() !== '' && text.length <= TOWN_NAME_MAX && !/\p{Cc}/u.test(text);

/** Why a position is not one on Earth, or its town not a name, or undefined when all is well (the service checks any caller). */
export function locationError({ latitude, longitude, city, country }: ManualLocation): string | undefined {
  if (!(Number.isFinite(latitude) && Math.abs(latitude) <= 90)) return LATITUDE_ERROR;
  if (!(Number.isFinite(longitude) && Math.abs(longitude) <= 180)) return LONGITUDE_ERROR;
  if (city !== undefined && !isTownName(city)) return CITY_ERROR;
  if (country !== undefined && !isTownName(country)) return COUNTRY_ERROR;
  return undefined;
}

const townField = (message: string) =>
  z
    .string()
    .refine(isTownName, message)
    .transform((text) => text.trim())
    .optional();

/** A coordinate sent as text (a form field, a query parameter): decimal degrees within ±`limit`, else `message`. */
export const coordinateText = (limit: 90 | 180, message: string) =>
  z
    .string()
    .max(32, message)
    .transform((text, ctx) => {
      const value = parseCoordinate(text, limit);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });

const coordinateField = (limit: 90 | 180, message: string) => coordinateText(limit, message).optional();

/** Text fields of the multipart POST /api/admin/upload (the file itself is the `photo` part). */
export const uploadFields = z
  .object({
    /** The administrator's story about the photo(s). */
    description: z.string().max(10_000, 'The story is too long (at most 10,000 characters).').default(''),
    /** JSON text of EXIF fields that override the photo's own (from the EXIF source photo). */
    exifData: z.string().max(200_000, 'The EXIF data is too large.').optional(),
    /**
     * A position set by hand for a photo without GPS: both or neither. Refused (400) when the photo
     * or the EXIF source photo has a GPS position of its own.
     */
    latitude: coordinateField(90, LATITUDE_ERROR),
    longitude: coordinateField(180, LONGITUDE_ERROR),
    /**
     * The town chosen in the search, sent beside its coordinates: stored as the place's location
     * and country as chosen. Reverse geocoding fills only what is not sent.
     */
    city: townField(CITY_ERROR),
    country: townField(COUNTRY_ERROR),
    /**
     * Add the photo to this place's gallery instead of making a place of it (the Upload screen's
     * choice among the nearest places). An unknown place is a 404 and nothing is stored.
     */
    placeId: z.string().optional(),
    /** 'true': always a new place, even within the grouping distance of one ("Make it a new place instead"). */
    newPlace: z
      .enum(['true', 'false'], { message: "newPlace must be 'true' or 'false'." })
      .optional()
      .transform((text) => text === 'true'),
  })
  .refine((fields) => (fields.latitude === undefined) === (fields.longitude === undefined), {
    message: LOCATION_PAIR_ERROR,
  })
  .refine((fields) => !(fields.newPlace && fields.placeId !== undefined), { message: TARGET_AND_NEW_PLACE_ERROR })
  .refine((fields) => fields.latitude !== undefined || (fields.city === undefined && fields.country === undefined), {
    message: TOWN_WITHOUT_POSITION_ERROR,
  });

export const uploadedPhotoDto = z.object({
  id: z.string(),
  placeId: z.string(),
  imageUrl: z.string(),
  originalImagePath: z.string(),
  thumbnailPath: z.string(),
  description: z.string(),
  ...position,
  city: z.string(),
  country: z.string(),
  placeName: z.string(),
  title: z.string(),
  summary: z.string(),
  travelArticle: z.string(),
  exifData: exifDataSchema,
  /** 'exif': the photo's GPS (or the EXIF source photo's); 'manual': set by hand on the Upload screen. */
  locationSource: z.enum(['exif', 'manual']),
  createdAt: z.string(),
});
export type UploadedPhotoDto = z.infer<typeof uploadedPhotoDto>;

/** The answer to one upload (docs/product.md §7.3.2). `success` is true only with HTTP 200. */
export const uploadResponse = z.object({
  success: z.boolean(),
  photo: uploadedPhotoDto.nullable(),
  /**
   * The place the photo became, or the place whose gallery it was added to (see addedTo), and whether
   * visitors see it yet (a draft: only the admin's preview).
   */
  place: z.object({ id: z.string(), slug: z.string().nullable(), state: placeState, title: z.string() }).nullable(),
  /**
   * Set when the photo was added to the gallery of an existing place (`place`) instead of becoming a
   * place: taken within the grouping distance of it (docs/decisions/027-photo-grouping.md), or chosen
   * by placeId. `photo` is then null and `galleryImage` is the new gallery photo.
   */
  addedTo: z.string().optional(),
  galleryImage: z.object({ id: z.string(), imageUrl: z.string(), distanceMeters: z.number().nullable() }).optional(),
  /** "geo data not found" when the photo has no GPS position (answered with HTTP 422). */
  error: z.string().nullable(),
  /** `geo_data_not_found` with that `error` (error-codes.ts). */
  code: errorCode.optional(),
  /** The EXIF read from the photo, so the screen can show why it was rejected. */
  exifData: exifDataSchema.nullable(),
  /** The same file was uploaded before: this is the existing place, nothing new was stored. */
  duplicate: z.boolean(),
  /** Set when the AI provider failed and offline text was used instead; the upload still succeeded. */
  aiWarning: z.string().nullable(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const GEO_DATA_NOT_FOUND = 'geo data not found';
