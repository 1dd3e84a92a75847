import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';

/**
 * Review per language (docs/decisions/018-review-per-language.md): whether a person has read the
 * text of each language of a place, city or country, and the dashboard that says what needs the
 * editor.
 */

/**
 * `?review=` of the Edit Places list: `needed` lists places with any language no person has
 * reviewed; a language code, those whose text in that language is not reviewed.
 */
export const REVIEW_FILTERS = ['needed', ...LANGUAGE_CODES] as const;
export const reviewFilter = z.enum(REVIEW_FILTERS, {
  error: 'Review filter must be "needed" or a language code (en, es, de, fr, zh).',
});
export type ReviewFilter = z.infer<typeof reviewFilter>;

/** `?translations=` of the Edit Places list: places with an outdated translation, or one that failed. */
export const TRANSLATION_FILTERS = ['outdated', 'failed'] as const;
export const translationFilter = z.enum(TRANSLATION_FILTERS, {
  error: 'Translations filter must be "outdated" or "failed".',
});
export type TranslationFilter = z.infer<typeof translationFilter>;

/** Answer of GET /api/admin/dashboard: what needs the editor, each a count the dashboard links to its list. */
export const dashboardDto = z.object({
  places: z.number().int(),
  drafts: z.number().int(),
  /** Places whose text in each language no person has reviewed (English: the AI-written original). */
  awaitingReview: z.array(z.object({ languageCode: z.enum(LANGUAGE_CODES), places: z.number().int() })),
  /** Places with any language not reviewed. */
  placesAwaitingReview: z.number().int(),
  /** Cities and countries with any language not reviewed. */
  citiesAwaitingReview: z.number().int(),
  countriesAwaitingReview: z.number().int(),
  /** Places with a translation made from an older English. */
  outdatedTranslations: z.number().int(),
  /** Places with a language whose last translation attempt failed. */
  failedTranslations: z.number().int(),
  /** Cities and countries that places name but that have no page yet. */
  missingCities: z.number().int(),
  missingCountries: z.number().int(),
  /** Deleted places, cities, countries and photos waiting in the trash (restorable for 30 days). */
  inTrash: z.number().int(),
});
export type DashboardDto = z.infer<typeof dashboardDto>;
