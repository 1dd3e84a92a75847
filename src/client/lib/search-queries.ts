import type { SearchResultDto } from '../../shared/api/search';
import type { LanguageCode } from '../../shared/languages';
import type { Page } from '../../shared/paging';
import { query } from './public-queries';

/**
 * One page of search results for the search page, read by the server's prefetch and the browser
 * alike; `q` as searchText() leaves it (the server normalizes it further).
 */
export function searchResultsQuery(q: string, lang: LanguageCode, cursor?: string) {
  const params = new URLSearchParams({ q, lang });
  if (cursor) params.set('cursor', cursor);
  return query<Page<SearchResultDto>>(
    `/api/search?${params.toString()}`,
    'empty',
    (s) => s.search(q, lang, cursor ? { cursor } : {}),
    true,
  );
}
