import type { FeaturedScope, HighlightsDto } from '../../shared/api/featured';
import type { LanguageCode } from '../../shared/languages';
import { query } from './public-queries';

/**
 * A page's highlights (docs/product.md §20): a city's or a country's by its slug, or the home
 * page's. No highlights, or a page that does not exist, is an empty list.
 */
export function highlightsQuery(scope: FeaturedScope, slug: string, lang: LanguageCode) {
  const path =
    scope === 'home'
      ? `/api/home/highlights/translations/${lang}`
      : `/api/${scope === 'city' ? 'cities' : 'countries'}/by-slug/${encodeURIComponent(slug)}/highlights/translations/${lang}`;
  return query<HighlightsDto | null>(path, 'null', (s) => s.highlights(scope, scope === 'home' ? null : slug, lang));
}
