import { z } from 'zod';
import { SEARCH_TEXT_MAX } from '../search-limits';
import { placeCardDto } from './public';

/**
 * Featured places (docs/product.md §20, docs/decisions/044-featured-places.md): the owner pins up
 * to FEATURED_MAX places on a city's page, a country's page and the home page, in an order of
 * their own; visitors see them first, under "Highlights".
 */
export const FEATURED_MAX = 6;

/** Where pins are shown: a city's page, a country's page, or the home page. */
export const featuredScope = z.enum(['city', 'country', 'home']);
export type FeaturedScope = z.infer<typeof featuredScope>;

/**
 * PUT /api/admin/{cities|countries}/{id}/featured and /api/admin/home/featured: every pin, in the
 * order visitors see them (an empty list removes them all). The count, repeats and the places
 * themselves are checked by the server, each refusal with its own code (§7.1); a list longer than
 * this is refused before that.
 */
export const featuredUpdate = z.object({
  placeIds: z
    .array(z.string().max(100, 'A place id is at most 100 characters.'))
    .max(100, `Pin at most ${FEATURED_MAX} places.`),
});

/** `?q=`: only the candidates whose (English) title contains this text. */
export const featuredCandidatesQuery = z.object({
  q: z.string().trim().max(SEARCH_TEXT_MAX, `Search for at most ${SEARCH_TEXT_MAX} characters.`).optional(),
});

/**
 * Whether visitors see a pin: `shown`; `draft` (shown once the place is published again);
 * `elsewhere` (the place is now in another city or country: shown if it comes back); `gone` (the
 * place is in the Trash, shown if it is restored, or deleted forever). Only `shown` and `draft`
 * pins can be saved again; the others are dropped by the next save.
 */
export const featuredStatus = z.enum(['shown', 'draft', 'elsewhere', 'gone']);
export type FeaturedStatus = z.infer<typeof featuredStatus>;

export const featuredPlaceDto = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  location: z.string(),
  status: featuredStatus,
});
export type FeaturedPlaceDto = z.infer<typeof featuredPlaceDto>;

/**
 * GET .../featured: the pins in their order, and places that could be pinned (published or draft,
 * of that city or country, newest first, at most FEATURED_CANDIDATES_MAX; `?q=` narrows them).
 */
export const featuredAnswer = z.object({
  pinned: z.array(featuredPlaceDto),
  candidates: z.array(featuredPlaceDto),
  message: z.string().optional(),
});
export type FeaturedAnswer = z.infer<typeof featuredAnswer>;

export const FEATURED_CANDIDATES_MAX = 24;

/**
 * GET /api/{cities|countries}/by-slug/{slug}/highlights/translations/{lang} and
 * /api/home/highlights/translations/{lang}: the cards shown first under "Highlights", in the
 * owner's order (published places of that city or country only); `of` names the city or country.
 */
export const highlightsDto = z.object({
  of: z.object({ kind: z.enum(['city', 'country']), id: z.string() }).nullable(),
  places: z.array(placeCardDto),
});
export type HighlightsDto = z.infer<typeof highlightsDto>;
