import { z } from 'zod';
import { langParam } from './common';
import { pageQuery } from './paging';

/*
 * Themes (docs/product.md §22, decision 041): the taxonomy in a language, a theme's page and map,
 * a place's themes, the themes of a city or country, and the owner's choice of a place's themes.
 */

const themeSlug = z.string().min(1).max(100);
/** `?in=`: a city's or country's address, to show only the theme's places there. */
const inArea = z.string().min(1).max(200).optional();

/** A theme in one language and how many published places it has (there, for a city or country). */
export const themeDto = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), count: z.number().int() })
  .meta({ id: 'Theme' });
export type ThemeDto = z.infer<typeof themeDto>;

/** A theme's page: the theme in a language, and the city or country it is narrowed to (`?in=`). */
export const themePageDto = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  area: z.object({ kind: z.enum(['city', 'country']), id: z.string(), slug: z.string(), name: z.string() }).nullable(),
});
export type ThemePageDto = z.infer<typeof themePageDto>;

/** The themes of a city's or country's published places, for the page's links. */
export const areaThemesDto = z.object({
  kind: z.enum(['city', 'country']),
  id: z.string(),
  themes: z.array(themeDto),
});
export type AreaThemesDto = z.infer<typeof areaThemesDto>;

export const themeSlugLangParams = z.object({ slug: themeSlug, lang: langParam });
export const themeAreaQuery = z.object({ in: inArea });
export const themePlacesQuery = z.object({ languageCode: langParam.optional(), in: inArea, ...pageQuery.shape });

/** PUT /api/admin/places/{id}/themes: the owner's themes for a place, in order (0-3 ids of the taxonomy). */
export const placeThemesBody = z.object({ themes: z.array(z.string().max(100)).max(20) });

/** A place's themes as the owner sees them: chosen by a person, or suggested (by the model or the offline writer). */
export const adminPlaceThemeDto = z.object({
  id: z.string(),
  origin: z.enum(['person', 'suggested']),
  suggestedBy: z.string().nullable(),
});
export const adminPlaceThemesDto = z.object({ themes: z.array(adminPlaceThemeDto) });
export type AdminPlaceThemesDto = z.infer<typeof adminPlaceThemesDto>;
