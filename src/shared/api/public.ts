import { z } from 'zod';
import { langParam, slugParam } from './common';
import { pageQuery } from './paging';
import { INFO_PAGES, SOCIAL_KINDS } from '../site';
import { parseSavedIds, SAVED_PLACES_MAX } from '../saved-places';

export const languageDto = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
});
export type LanguageDto = z.infer<typeof languageDto>;

export const uiTextEntryDto = z.object({ key: z.string(), value: z.string() });
export type UiTextEntryDto = z.infer<typeof uiTextEntryDto>;

/** GET /api/site: who publishes the site and where its footer links to (see shared/site.ts). */
export const siteSettingsDto = z.object({
  publisherName: z.string(),
  publisherUrl: z.string(),
  earlierVersionUrl: z.string(),
  social: z.array(z.object({ kind: z.enum(SOCIAL_KINDS), label: z.string(), url: z.string() })),
  twitterHandle: z.string(),
  mapStyleUrl: z.string(),
  infoPages: z.array(z.object({ page: z.enum(INFO_PAGES), url: z.string() })),
  aiModel: z.boolean(),
});

/** GET /api/site/pages/{page}/{lang}: the text of one of the footer's pages served by this site. */
export const infoPageParams = z.object({ page: z.enum(INFO_PAGES), lang: langParam });
export const infoPageDto = z.object({
  page: z.enum(INFO_PAGES),
  /** Plain text: paragraphs apart by blank lines, lines apart by line breaks. */
  text: z.string(),
});
export type InfoPageDto = z.infer<typeof infoPageDto>;

/**
 * The text fields of a translated answer that are shown in English because they have no
 * translation into the requested language: the page marks them `lang="en"`. Empty for English.
 */
const englishFields = <const T extends readonly [string, ...string[]]>(fields: T) => z.array(z.enum(fields));

/** Who wrote a text a visitor reads (placeDto.writtenBy). */
const writtenBy = z.enum(['person', 'model', 'data']);

/** A place as the public site sees it, already in the requested language (English as fallback). */
export const placeDto = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  fullDescription: z.string().nullable(),
  imageUrl: z.string(),
  originalImagePath: z.string().nullable(),
  location: z.string(),
  country: z.string(),
  date: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The language the text fields are in: the requested one, or 'en' when no translation exists. */
  languageCode: z.string(),
  /** The addresses of the place's city and country pages; null where the admin has not created them. */
  citySlug: z.string().nullable(),
  countrySlug: z.string().nullable(),
  /** The country is always in the requested language (stored translation, else the CLDR name). */
  englishFields: englishFields(['title', 'description', 'fullDescription']),
  /**
   * Whether a person has reviewed the text shown (the translation's, else the English): unreviewed
   * text carries a note for visitors (docs/decisions/018-review-per-language.md).
   */
  reviewed: z.boolean(),
  /** The text shown is a machine's translation of the English page. */
  machineTranslated: z.boolean(),
  /**
   * Who wrote the text shown: a person, an AI model (its own text or its translation), or the
   * offline writer from the photo's data (its place, date and the owner's notes). Only a model's
   * unreviewed text carries a note (docs/decisions/032-three-origins.md).
   */
  writtenBy: writtenBy,
});
export type PlaceDto = z.infer<typeof placeDto>;

/**
 * A place as a card in a list (home, a city's places, related places, the admin's photo choices):
 * the place without its article, which only its own page shows. A card is a tenth of the size.
 */
export const placeCardDto = placeDto
  .omit({ fullDescription: true, reviewed: true, machineTranslated: true, writtenBy: true })
  .extend({ englishFields: englishFields(['title', 'description']) });
export type PlaceCardDto = z.infer<typeof placeCardDto>;

/** What a country and a city both are: a page's address, a name, a text and a photo. */
const areaDto = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
});

/**
 * On a country's or city's own page (not in lists): whether a person has reviewed the text shown,
 * and whether it is a machine's translation (see placeDto).
 */
const areaReview = {
  reviewed: z.boolean().optional(),
  machineTranslated: z.boolean().optional(),
  writtenBy: writtenBy.optional(),
};

/**
 * A country or city in the requested language: the area, its own `fields`, whether its description
 * is the English one, and its review (areaReview).
 */
const translatedArea = <Fields extends z.ZodRawShape>(fields: Fields) =>
  areaDto.extend({ ...fields, englishFields: englishFields(['description']), ...areaReview });

export const countryDto = areaDto.extend({ createdAt: z.string() });
export type CountryDto = z.infer<typeof countryDto>;

/** A country in the requested language; without a stored translation its name is the CLDR one. */
export const translatedCountryDto = translatedArea({
  /** How many cities and places the catalogue has in this country. */
  cityCount: z.number().int(),
  placeCount: z.number().int(),
});
export type TranslatedCountryDto = z.infer<typeof translatedCountryDto>;

export const cityDto = areaDto.extend({ country: z.string(), createdAt: z.string() });
export type CityDto = z.infer<typeof cityDto>;

export const translatedCityDto = translatedArea({
  country: z.string(),
  /** The address of the city's country page; null where the admin has not created that country. */
  countrySlug: z.string().nullable(),
});
export type TranslatedCityDto = z.infer<typeof translatedCityDto>;

export const historyEvent = z.object({ year: z.string(), description: z.string() });
export type HistoryEvent = z.infer<typeof historyEvent>;
export const historyDto = z.object({ hasEvents: z.enum(['yes', 'no']), events: z.array(historyEvent) });
export type HistoryDto = z.infer<typeof historyDto>;

export const triviaFact = z.object({ question: z.string(), answer: z.string() });
export type TriviaFact = z.infer<typeof triviaFact>;
export const factsDto = z.object({ hasFacts: z.enum(['yes', 'no']), facts: z.array(triviaFact) });
export type FactsDto = z.infer<typeof factsDto>;

/** A place's history and trivia as the public API answers them: in `languageCode` (the requested language, else 'en'). */
export const translatedHistoryDto = historyDto.extend({ languageCode: z.string() });
export type TranslatedHistoryDto = z.infer<typeof translatedHistoryDto>;
export const translatedFactsDto = factsDto.extend({ languageCode: z.string() });
export type TranslatedFactsDto = z.infer<typeof translatedFactsDto>;

export const galleryImageDto = z.object({
  id: z.string(),
  imageUrl: z.string(),
  originalImagePath: z.string().nullable(),
  /** What the photo shows, for people who cannot see it: in the requested language, else English; null when none was written. */
  alt: z.string().nullable(),
  /** The photo's caption, in the same way. */
  caption: z.string().nullable(),
  /** Which of the two are shown in English on a page in another language (marked `lang="en"` there). */
  englishFields: englishFields(['alt', 'caption']),
});
export type GalleryImageDto = z.infer<typeof galleryImageDto>;

export const healthDto = z.object({ status: z.literal('ok') });

// Request shapes
export const langParams = z.object({ lang: langParam });
export const slugParams = z.object({ slug: slugParam });
export const slugLangParams = z.object({ slug: slugParam, lang: langParam });
export const placeListQuery = z.object({
  location: z.string().max(500).optional(),
  country: z.string().max(500).optional(),
  ...pageQuery.shape,
});
export const languageCodeQuery = z.object({ languageCode: langParam.optional() });
export const pagedLanguageCodeQuery = languageCodeQuery.extend(pageQuery.shape);
export const relatedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  languageCode: langParam.optional(),
});

/** GET /api/places/by-ids/translations/{lang}?ids=a,b: the cards of saved places (shared/saved-places.ts). */
export const placeIdsQuery = z.object({
  ids: z.string().transform((text, ctx) => {
    const ids = parseSavedIds(text);
    if (ids) return ids;
    ctx.addIssue({
      code: 'custom',
      message: `give up to ${SAVED_PLACES_MAX} place ids, separated by commas`,
    });
    return z.NEVER;
  }),
});
