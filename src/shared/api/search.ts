import { z } from 'zod';
import { langParam } from './common';
import { pageQuery } from './paging';

/**
 * GET /api/search?q=&lang=&limit=&cursor=: places, cities and countries whose text in `lang`
 * (English where it has no translation) matches `q`, best first; a `Link` header names the
 * neighbouring pages. An empty query answers no results; one over SEARCH_TEXT_MAX characters, 400.
 */
export const searchRequestQuery = pageQuery.extend({
  q: z.string().optional(),
  /** Unsupported codes search in English, as everywhere else. */
  lang: langParam.optional(),
});

export const searchResultDto = z.object({
  kind: z.enum(['place', 'city', 'country']),
  id: z.string(),
  /** The page of the result is /{lang}/{slug}. */
  slug: z.string(),
  title: z.string(),
  /** The language `title` is written in ('en' when it has no translation). */
  titleLang: z.string(),
  /** A place's 'location, country', a city's country; empty for a country. */
  subtitle: z.string(),
  /** Part of the description, around where the query appears. */
  description: z.string(),
  descriptionLang: z.string(),
  imageUrl: z.string(),
  /** A place's date; null for cities and countries. */
  date: z.string().nullable(),
});
export type SearchResultDto = z.infer<typeof searchResultDto>;
