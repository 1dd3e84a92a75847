import type { LanguageCode } from '../../shared/languages';
import { useLanguage } from './i18n';
import { usePageLocation } from './page-location';
import type { PublicQuery } from './public-queries';

/** Where a public page is: its language, the slug of `/{lang}/{slug}` and its query string. */
export interface PageParams {
  lang: LanguageCode;
  slug: string;
  search: URLSearchParams;
}

/** Loads a query for the server's first render (into the page's cache) and answers its value (null: none). */
export type Load = <T>(query: PublicQuery<T>) => Promise<T | null | undefined>;

/**
 * What a public page module declares beside its component: the queries it shows (`data`, read by
 * the component's hooks and loaded by the server's prefetch), or, when one read decides the next
 * (an address, a place's sections), how the server loads them (`prefetch`).
 */
export interface PageModule {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's queries answer different types
  data?: (params: PageParams) => Record<string, PublicQuery<any>>;
  prefetch?: (params: PageParams, load: Load) => Promise<unknown>;
}

/** What the server loads before it renders the page of `module`. */
export async function prefetchPage(module: PageModule, params: PageParams, load: Load): Promise<void> {
  if (module.prefetch) await module.prefetch(params, load);
  else if (module.data) await Promise.all(Object.values(module.data(params)).map((query) => load(query)));
}

/** The page's params in a component, to read its `data`. */
export function usePageParams(slug = ''): PageParams {
  const search = new URLSearchParams(usePageLocation().search);
  return { lang: useLanguage(), slug, search };
}
