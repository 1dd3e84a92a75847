import { z } from 'zod';
import { imageAddressField } from './image-address-field';
import { cityDto, countryDto } from './public';
import { slugField } from './admin-places';
import { translationStateDto } from './translation-status';
import { notTextError } from './text-field';

/** Longest city or country name we accept; real names are far shorter. */
export const AREA_NAME_MAX = 200;
export const AREA_DESCRIPTION_MAX = 10_000;

const name = (label: string) =>
  z
    .string({ error: notTextError(label) })
    .trim()
    .min(1, `${label} is required`)
    .max(AREA_NAME_MAX, `${label} must be at most ${AREA_NAME_MAX} characters`);

const description = z
  .string({ error: notTextError('Description') })
  .trim()
  .max(AREA_DESCRIPTION_MAX, `Description must be at most ${AREA_DESCRIPTION_MAX} characters`);

/** Languages that have a stored translation row (English, the original, is never listed). */
const translatedLanguages = z.array(z.string());
/** Each other language: up to date, outdated, missing or failed; and the translation job. */
const translations = translationStateDto;

// Cities

export const adminCityDto = cityDto.extend({ translatedLanguages, translations });
export type AdminCityDto = z.infer<typeof adminCityDto>;

/** A location/country pair used by places that has no city yet. */
export const missingCityDto = z.object({ location: z.string(), country: z.string() });
export type MissingCityDto = z.infer<typeof missingCityDto>;

export const createCityBody = z.object({
  name: name('City name'),
  country: name('Country'),
  imageUrl: imageAddressField,
});
export type CreateCityBody = z.infer<typeof createCityBody>;

export const updateCityBody = z.object({
  name: name('City name'),
  country: name('Country'),
  description,
  imageUrl: imageAddressField,
  slug: slugField,
});

/**
 * What a create or an update did about translations. Neither waits for the AI: with a model
 * configured, the description (of a new entity) and the translations are written by a queued job,
 * and the admin list shows each language's state as it goes.
 */
const translationOutcome = {
  /** Languages with a stored translation row. */
  translatedLanguages,
  /** Languages whose stored translation was made from older text (kept and shown until replaced). */
  outdatedLanguages: z.array(z.string()),
  /** A job will write the description and the translations. */
  translationQueued: z.boolean(),
  /**
   * New or changed English text that nothing will translate (no AI model is set up): a partial
   * success, which the screen shows as a warning.
   */
  untranslated: z.boolean(),
  /** One sentence for the administrator describing what was saved and what happens next. */
  message: z.string(),
};

/** What the admin routes, services and hooks read of a collection's contracts (see areaContracts). */
export interface AdminAreaContracts {
  item: z.ZodType;
  missing: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  saved: z.ZodType;
}

/**
 * One admin collection's contracts, as the admin routes take them (routes/admin/areas.ts): its list
 * item, missing entry, create and edit bodies, and the answer to a save (the entity under `key`
 * with what happened to its translations).
 */
function areaContracts<
  Key extends string,
  Item extends z.ZodType,
  Missing extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(key: Key, item: Item, missing: Missing, create: Create, update: Update) {
  const entity = { [key]: item } as { [K in Key]: Item };
  return { item, missing, create, update, saved: z.object({ ...entity, ...translationOutcome }) };
}

export const adminCityContracts = areaContracts('city', adminCityDto, missingCityDto, createCityBody, updateCityBody);
export type CreateCityResponse = z.infer<typeof adminCityContracts.saved>;

// Countries

export const adminCountryDto = countryDto.extend({ translatedLanguages, translations });
export type AdminCountryDto = z.infer<typeof adminCountryDto>;

export const missingCountryDto = z.object({ country: z.string() });
export type MissingCountryDto = z.infer<typeof missingCountryDto>;

export const createCountryBody = z.object({ name: name('Country name'), imageUrl: imageAddressField });
export type CreateCountryBody = z.infer<typeof createCountryBody>;

export const updateCountryBody = z.object({
  name: name('Country name'),
  description,
  imageUrl: imageAddressField,
  slug: slugField,
});

export const adminCountryContracts = areaContracts(
  'country',
  adminCountryDto,
  missingCountryDto,
  createCountryBody,
  updateCountryBody,
);
export type CreateCountryResponse = z.infer<typeof adminCountryContracts.saved>;

/** Answer of a delete: what was removed and what was deliberately kept. */
export const deleteAreaResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteAreaResponse = z.infer<typeof deleteAreaResponse>;
