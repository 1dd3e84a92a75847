import { useSearchParams } from 'react-router';
import type { Page } from '../../../shared/paging';
import { searchProblem, searchText, SEARCH_TEXT_MAX } from '../../../shared/search';
import { SITE } from '../../../shared/site';
import { useHead } from '../../components/public/head';
import { Icon } from '../../components/public/icons';
import { Spinner } from '../../components/public/page-parts';
import { EmptyMessage, PlainHero } from '../../components/public/page-sections';
import { SearchForm } from '../../components/public/search-form';
import { SearchResultCard } from '../../components/public/search-result-card';
import { useLanguage, useTranslate } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import { cursorOf, usePublicQuery } from '../../lib/public-queries';
import { searchResultsQuery } from '../../lib/search-queries';
import { useHttpStatus } from '../../ssr/ssr-context';

/**
 * /{lang}/search?q=: places, cities and countries matching the query, rendered on the server, never
 * indexed (the server also sends X-Robots-Tag), paged with plain links.
 */
export default function SearchPage() {
  const lang = useLanguage();
  const t = useTranslate();
  const [params] = useSearchParams();
  const q = searchText(params.get('q') ?? '');
  const cursor = cursorOf(params);
  const problem = searchProblem(q);
  const results = usePublicQuery(searchResultsQuery(q, lang, cursor), !problem);
  useHttpStatus(problem === 'too-long' ? 400 : 200);

  const title = q ? t('search.resultsTitle', 'Results for “{q}”', { q }) : t('search.title', 'Search');
  useHead({
    title,
    suffix: t('meta.title.suffix', SITE.name),
    description: t('search.description', 'Search the places, cities and countries of the site in your language.'),
    path: 'search',
    noindex: true,
  });

  const items = results.data?.items ?? [];
  return (
    <>
      <PlainHero>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <SearchForm q={q} />
      </PlainHero>
      <section
        id="results"
        tabIndex={-1}
        aria-label={t('search.results', 'Search results')}
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8"
      >
        {!q ? (
          <EmptyMessage>
            {t('search.empty', 'Type the name of a place, a city or a country, in any language of the site.')}
          </EmptyMessage>
        ) : problem === 'too-long' ? (
          <EmptyMessage>
            {t('search.tooLong', 'That search is too long: use at most {max} characters.', { max: SEARCH_TEXT_MAX })}
          </EmptyMessage>
        ) : !problem && results.isPending ? (
          <Spinner label={t('common.loading', 'Loading…')} />
        ) : items.length > 0 && results.data ? (
          <>
            <ul className="card-grid">
              {items.map((result, index) => (
                <SearchResultCard key={`${result.kind}-${result.id}`} result={result} query={q} index={index} />
              ))}
            </ul>
            <SearchPager page={results.data} path={`/${lang}/search?q=${encodeURIComponent(q)}`} />
          </>
        ) : (
          <EmptyMessage>
            {t('search.noResults', 'Nothing found for “{q}”. Check the spelling, or try fewer or other words.', { q })}
          </EmptyMessage>
        )}
      </section>
    </>
  );
}

/** Earlier and more results as real links (rel="prev"/"next"): they work without JavaScript. */
function SearchPager({ page, path }: { page: Page<unknown>; path: string }) {
  const t = useTranslate();
  if (page.next === null && page.prev === null) return null;
  const href = (cursor: string) => `${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}#results`;
  const linkClass =
    'inline-flex items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50 hover:ring-slate-300';
  return (
    <nav aria-label={t('pager.label', 'Pages')} className="mt-10 flex items-center justify-between gap-4">
      {page.prev !== null ? (
        <SiteLink to={href(page.prev)} rel="prev" className={linkClass}>
          <Icon name="chevron-left" size={16} />
          {t('search.previous', 'Previous results')}
        </SiteLink>
      ) : (
        <span />
      )}
      {page.next !== null && (
        <SiteLink to={href(page.next)} rel="next" className={linkClass}>
          {t('search.next', 'More results')}
          <Icon name="chevron-right" size={16} />
        </SiteLink>
      )}
    </nav>
  );
}
