import { z } from 'zod';
import { galleryTextEntry } from './gallery';
import { imageAddressField } from './image-address-field';
import { LANGUAGE_CODES } from '../languages';
import { SEARCH_TEXT_MAX } from '../search-limits';
import { pageQuery } from './paging';
import { placeDto } from './public';
import { placeState } from './publishing';
import { reviewFilter, translationFilter } from './review';
import { translationStateDto } from './translation-status';
import { SOURCE_ORIGINS } from './written-text';
import { adminVisitDto } from './visit-facts';

/** A place as the Edit Places screen sees it: the original (English) row plus its admin figures. */
export const adminPlaceDto = placeDto
  .pick({
    id: true,
    slug: true,
    title: true,
    description: true,
    fullDescription: true,
    imageUrl: true,
    originalImagePath: true,
    location: true,
    country: true,
    date: true,
    latitude: true,
    longitude: true,
  })
  .extend({
    /** A draft is invisible to visitors; published places are the public site. */
    state: placeState,
    /** Who wrote the English: a person, the model, or the offline writer from the photo's data (decision 032). */
    origin: z.enum(SOURCE_ORIGINS),
    /** Languages the place can be read in, in product order; always starts with 'en' (the original text). */
    translatedLanguages: z.array(z.enum(LANGUAGE_CODES)),
    /** Each other language: up to date, outdated, missing or failed; and the translation job. */
    translations: translationStateDto,
    hasHistory: z.boolean(),
    historyEventCount: z.number().int(),
    hasFacts: z.boolean(),
    factsCount: z.number().int(),
    /** Gallery rows: the extra photos after the cover (the first brief's galleryCount, docs/product.md §17). */
    galleryCount: z.number().int(),
    /** Photos a visitor sees on the place page: the cover plus the gallery ("Gallery (n)" on both sides). */
    photoCount: z.number().int(),
    /** The facts a visit is planned with, as the owner entered them (decision 043); null: none. */
    visit: adminVisitDto.nullable(),
  });
export type AdminPlaceDto = z.infer<typeof adminPlaceDto>;
/** Answer of GET /api/admin/places-with-translations: one page (the neighbours are in the Link header). */
export const adminPlaceList = z.array(adminPlaceDto);

/**
 * The orders of the Edit Places list, newest first: by when the photo was uploaded (the default,
 * so a new upload of an old photo is on top) or by the date the photo was taken.
 */
export const ADMIN_PLACE_SORTS = ['uploaded', 'taken'] as const;
export type AdminPlaceSort = (typeof ADMIN_PLACE_SORTS)[number];

/**
 * `?limit=&cursor=&location=&country=&sort=&q=&state=&review=&translations=` of GET
 * /api/admin/places-with-translations.
 */
export const adminPlaceListQuery = z.object({
  location: z.string().max(500).optional(),
  country: z.string().max(500).optional(),
  sort: z.enum(ADMIN_PLACE_SORTS, { error: 'Sort by "uploaded" or "taken".' }).default('uploaded'),
  /** Words of the title or the location, in any of the five languages; empty means no search. */
  q: z.string().trim().max(SEARCH_TEXT_MAX, `Search for at most ${SEARCH_TEXT_MAX} characters.`).optional(),
  /** Only drafts, or only published places. */
  state: z.enum(['draft', 'published'], { error: 'State must be "draft" or "published".' }).optional(),
  /** Only places with text no person has reviewed (in any language, or in one). */
  review: reviewFilter.optional(),
  /** Only places with an outdated translation, or one that failed. */
  translations: translationFilter.optional(),
  ...pageQuery.shape,
});

/** One city of the Filter by City select: a distinct location and country and its number of places. */
export const adminPlaceLocationDto = z.object({
  location: z.string(),
  country: z.string(),
  count: z.number().int(),
});

/**
 * Answer of GET /api/admin/places/locations: how many places there are in all, and each distinct
 * location/country with its count, by location then country (at most ADMIN_PLACE_LOCATIONS_MAX).
 */
export const adminPlaceLocations = z.object({
  total: z.number().int(),
  locations: z.array(adminPlaceLocationDto),
});
export type AdminPlaceLocations = z.infer<typeof adminPlaceLocations>;

/** The locations answer lists at most this many cities; `total` still counts every place. */
export const ADMIN_PLACE_LOCATIONS_MAX = 2000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, the value of an `<input type="date">`. */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The longest full article the Edit Place form saves. */
export const FULL_DESCRIPTION_MAX = 20_000;

/**
 * A web address typed by the admin (Edit Place, Edit City, Edit Country): left out, the address
 * stays. The server checks the slug rule and the namespace and says what is wrong.
 */
export const slugField = z.string().trim().toLowerCase().max(200, 'Must be at most 200 characters').optional();

const requiredText = (max: number) =>
  z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `Must be at most ${max} characters`);

export const PLACE_LATITUDE_ERROR = 'Latitude must be a number from -90 to 90, such as 38.80097.';
export const PLACE_LONGITUDE_ERROR = 'Longitude must be a number from -180 to 180, such as -9.37826.';
export const PLACE_POSITION_PAIR_ERROR = 'Enter both latitude and longitude, or leave both empty to keep the position.';

const degreesField = (limit: 90 | 180, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message).optional();

/** Body of PUT /api/admin/places/{id}; also the Edit Place form's schema (docs/product.md §5). */
export const updatePlaceRequest = z
  .object({
    title: requiredText(200),
    description: requiredText(5000),
    location: requiredText(200),
    country: requiredText(200),
    imageUrl: imageAddressField,
    date: requiredText(10).refine(isCalendarDate, 'Enter a valid date'),
    /**
     * The full article (optional, beyond the six required fields, docs/product.md §5): left out, it stays; empty,
     * the place page shows the short description instead.
     */
    fullDescription: z
      .string()
      .trim()
      .max(FULL_DESCRIPTION_MAX, `Must be at most ${FULL_DESCRIPTION_MAX} characters`)
      .optional(),
    /** A new web address (optional): the old one answers 301 to it in every language. */
    slug: slugField,
    /** The position of the place (optional, both or neither): left out, it stays. */
    latitude: degreesField(90, PLACE_LATITUDE_ERROR),
    longitude: degreesField(180, PLACE_LONGITUDE_ERROR),
  })
  .superRefine((fields, ctx) => {
    if ((fields.latitude === undefined) === (fields.longitude === undefined)) return;
    const missing = fields.latitude === undefined ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', message: PLACE_POSITION_PAIR_ERROR, path: [missing] });
  });
export type UpdatePlaceRequest = z.infer<typeof updatePlaceRequest>;

export const galleryItemDto = z.object({
  id: z.string(),
  placeId: z.string(),
  imageUrl: z.string(),
  originalImagePath: z.string().nullable(),
  createdAt: z.string(),
  /** Its caption and alt text in every language, English first. */
  texts: z.array(galleryTextEntry),
});
export type GalleryItemDto = z.infer<typeof galleryItemDto>;
/**
 * Answer of POST /api/admin/places/{id}/gallery: the new image, and a sentence for the administrator
 * when it was kept although small (under MIN_PHOTO_LONG_SIDE on its long side), else null.
 */
export const galleryUploadResponse = galleryItemDto.extend({ warning: z.string().nullable() });
export type GalleryUploadResponse = z.infer<typeof galleryUploadResponse>;
export const galleryList = z.array(galleryItemDto);

export const successMessage = z.object({ success: z.literal(true), message: z.string() });
/** The answer of a change that has nothing else to say (a delete): its sentence (docs/product.md §8). */
export const succeeded = (message: string): SuccessMessage => ({ success: true, message });

/**
 * Answer of PUT /api/admin/places/{id}: the success message of docs/product.md §8.4, plus the languages whose
 * translation is now outdated because the English text it was made from changed (visitors keep
 * reading it), and whether a translation job was queued to bring them up to date.
 */
export const updatePlaceResponse = successMessage.extend({
  outdatedTranslations: z.array(z.enum(LANGUAGE_CODES)),
  translationQueued: z.boolean(),
});
export type UpdatePlaceResponse = z.infer<typeof updatePlaceResponse>;
export type SuccessMessage = z.infer<typeof successMessage>;
