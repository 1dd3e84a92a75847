import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { FULL_DESCRIPTION_MAX } from './admin-places';
import { AREA_DESCRIPTION_MAX, AREA_NAME_MAX } from './admin-areas';
import { contentOrigin, contentStatus } from './written-text';
import { notTextError } from './text-field';

/**
 * The editor's desk (docs/decisions/014-written-by-a-person.md): every language of a place, city or
 * country read and written by a person, and who wrote each one.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: notTextError(label) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Body of PUT /api/admin/places/{id}/translations/{lang}: the place's text in that language. */
export const placeTextBody = z.object({
  title: text('Title', 200),
  description: text('Short description', 5000),
  /** The full article; empty or left out: the page shows the short description. */
  fullDescription: z
    .string()
    .trim()
    .max(FULL_DESCRIPTION_MAX, `Full description must be at most ${FULL_DESCRIPTION_MAX} characters`)
    .optional(),
  location: text('Location', 200),
  country: text('Country', 200),
});
export type PlaceTextBody = z.infer<typeof placeTextBody>;
/** A place's text as stored: the full article is null when there is none. */
export type PlaceText = Omit<PlaceTextBody, 'fullDescription'> & { fullDescription: string | null };

/** Body of PUT /api/admin/cities/{id}/translations/{lang} (and countries): the name and description in that language. */
export const areaTextBody = z.object({
  name: text('Name', AREA_NAME_MAX),
  description: z
    .string()
    .trim()
    .max(AREA_DESCRIPTION_MAX, `Description must be at most ${AREA_DESCRIPTION_MAX} characters`),
});
export type AreaTextBody = z.infer<typeof areaTextBody>;

/** The most events or facts one language of a place holds. */
export const PLACE_PART_ITEMS_MAX = 50;

/** Body of PUT /api/admin/places/{id}/history/{lang}: the timeline in order (empty removes it). */
export const historyBody = z.object({
  events: z
    .array(z.object({ year: text('Year', 100), description: text('Event', 2000) }))
    .max(PLACE_PART_ITEMS_MAX, `A timeline holds at most ${PLACE_PART_ITEMS_MAX} events`),
});
export type HistoryBody = z.infer<typeof historyBody>;

/** Body of PUT /api/admin/places/{id}/facts/{lang}: the trivia in order (empty removes it). */
export const factsBody = z.object({
  facts: z
    .array(z.object({ question: text('Question', 1000), answer: text('Answer', 2000) }))
    .max(PLACE_PART_ITEMS_MAX, `Trivia holds at most ${PLACE_PART_ITEMS_MAX} facts`),
});
export type FactsBody = z.infer<typeof factsBody>;

/** One language of something a person can edit, with the English it was written from when that has changed since. */
function languageEntry<T extends z.ZodType>(content: T) {
  return z.object({
    languageCode: z.enum(LANGUAGE_CODES),
    status: contentStatus,
    /** Null when missing. English is the source: its origin says who last edited it. */
    origin: contentOrigin.nullable(),
    content: content.nullable(),
    /**
     * The English this language was written from, when a person wrote it and the English has
     * changed since (status `outdated`): the editor shows what changed. Null otherwise.
     */
    basedOn: content.nullable(),
  });
}

const placeTextDto = z.object({
  title: z.string(),
  description: z.string(),
  fullDescription: z.string().nullable(),
  location: z.string(),
  country: z.string(),
});
const areaTextDto = z.object({ name: z.string(), description: z.string() });
const eventsDto = z.array(z.object({ year: z.string(), description: z.string() }));
const factsDto = z.array(z.object({ question: z.string(), answer: z.string() }));

/**
 * Whether a person has reviewed the language's text (docs/decisions/018-review-per-language.md): a
 * person's own text is; a machine's is not until "Mark reviewed". Null when missing.
 */
const reviewed = { reviewed: z.boolean().nullable() };
export const placeLanguageEntry = languageEntry(placeTextDto).extend(reviewed);
export const historyLanguageEntry = languageEntry(eventsDto);
export const factsLanguageEntry = languageEntry(factsDto);
export const areaLanguageEntry = languageEntry(areaTextDto).extend(reviewed);

/** Answer of GET /api/admin/places/{id}/content: every language of the place's text, history and trivia (English first). */
export const placeContentDto = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  text: z.array(placeLanguageEntry),
  history: z.array(historyLanguageEntry),
  facts: z.array(factsLanguageEntry),
  /** When translated pages appear with the configuration in force, in one plain sentence (decision 032). */
  translatedPagesAppear: z.string(),
});
export type PlaceContentDto = z.infer<typeof placeContentDto>;

/** Answer of GET /api/admin/cities/{id}/content (and countries): every language of its name and description. */
export const areaContentDto = z.object({
  id: z.string(),
  slug: z.string(),
  text: z.array(areaLanguageEntry),
  /** As placeContentDto's. */
  translatedPagesAppear: z.string(),
});
export type AreaContentDto = z.infer<typeof areaContentDto>;
