import { searchProblem, searchText, SEARCH_TEXT_MAX, shownQuery } from '@/shared/search';
import { useHead } from '../../components/public/head';
import { NearMeIsland, SearchFormIsland } from '../../islands/public-islands';
import { Spinner } from '../../components/public/spinner';
import { EmptyMessage, PlainHero } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { SearchResultCard } from '../../components/public/search-result-card';
import { useLanguage, useUiText } from '../../lib/i18n';
import { usePageParams, type Load, type PageParams } from '../../lib/page-data';
import { cursorOf, usePublicQuery } from '../../lib/public-queries';
import { searchResultsQuery } from '../../lib/search-queries';
import { useHttpStatus } from '../../ssr/ssr-context';
import { SearchThemes } from '../../components/public/search-themes';
import { themesQuery } from '../../lib/theme-queries';

const queryOf = (search: URLSearchParams) => searchText(search.get('q') ?? '');

/** One page of results for the query (none is read for an empty or too long query). */
export const data = ({ lang, search }: PageParams) => ({
  results: searchResultsQuery(queryOf(search), lang, cursorOf(search)),
  themes: themesQuery(lang),
});
export const prefetch = async (params: PageParams, load: Load) => {
  if (!searchProblem(queryOf(params.search)))
    await Promise.all([load(data(params).results), load(data(params).themes)]);
};

/**
 * /{lang}/search?q=: places, cities and countries matching the query, rendered on the server, never
 * indexed (the server also sends X-Robots-Tag), paged with plain links.
 */
export default function SearchPage() {
  const lang = useLanguage();
  const t = useUiText();
  const params = usePageParams();
  const q = queryOf(params.search);
  const problem = searchProblem(q);
  const results = usePublicQuery(data(params).results, { enabled: !problem });
  useHttpStatus(problem === 'too-long' ? 400 : 200);

  // a long query is repeated clipped: a pasted paragraph must not push the page off the screen
  const shown = shownQuery(q);
  const title = q ? t('search.resultsTitle', { q: shown }) : t('search.title');
  useHead({
    title,
    suffix: t('meta.title.suffix'),
    description: t('search.description'),
    path: 'search',
    noindex: true,
  });

  const items = results.data?.items ?? [];
  return (
    <>
      <PlainHero>
        <h1 className="text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere] sm:text-5xl">{title}</h1>
        {problem === 'too-long' && (
          // first, above the form that still holds the whole text
          <p role="alert" className="search-problem">
            {t('search.tooLong', { max: SEARCH_TEXT_MAX })}
          </p>
        )}
        <SearchFormIsland q={q} />
      </PlainHero>
      {/* the results first when there are any to show; Near me is for not knowing what to search */}
      {!q && <NearMeIsland />}
      <section
        id="results"
        tabIndex={-1}
        aria-label={t('search.results')}
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8"
      >
        {q && !problem && <SearchThemes query={data(params).themes} q={q} />}
        {!q ? (
          <EmptyMessage>{t('search.empty')}</EmptyMessage>
        ) : problem === 'too-long' ? null : !problem && results.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : items.length > 0 && results.data ? (
          <>
            <ul className="card-grid">
              {items.map((result, index) => (
                <SearchResultCard key={`${result.kind}-${result.id}`} result={result} query={q} index={index} />
              ))}
            </ul>
            <Pager
              page={results.data}
              path={`/${lang}/search?q=${encodeURIComponent(q)}`}
              section="results"
              labels={{
                prev: t('search.previous'),
                next: t('search.next'),
              }}
            />
          </>
        ) : (
          <EmptyMessage>{t('search.noResults', { q: shown })}</EmptyMessage>
        )}
      </section>
      {q && <NearMeIsland />}
    </>
  );
}
