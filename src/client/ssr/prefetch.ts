import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../shared/languages';
import { prefetchPage, type Load } from '../lib/page-data';
import { missingValue, queryHash, type PublicQuery } from '../lib/public-queries';
import { chromeQueries, matchPublicPage } from '../pages/public/public-routes';

/**
 * Fills the query cache with the data the page at `url` needs on its first render, each query read
 * by `read` (on the server, straight from its services: `spec.load(source)`), so the server renders
 * real content and hands the browser what its islands read of it (which then ask for nothing). Which page a URL is, and what it needs, the page's route
 * definition says (pages/public/public-routes.ts); this only loads it.
 */
export async function prefetchForUrl(
  url: URL,
  lang: LanguageCode,
  queryClient: QueryClient,
  read: <T>(spec: PublicQuery<T>) => Promise<T | null>,
  signal?: AbortSignal,
): Promise<void> {
  const store = cacheFiller(queryClient);
  const load: Load = async (spec) => {
    signal?.throwIfAborted();
    const value = await read(spec);
    const result = value === null ? missingValue(spec) : { value };
    if (result && result.value !== undefined) store(spec.key, result.value);
    return value;
  };
  const { module, slug } = await matchPublicPage(url.pathname);
  await Promise.all([
    ...chromeQueries(lang).map((spec: PublicQuery<unknown>) => load(spec)),
    prefetchPage(module, { lang, slug, search: url.searchParams }, load),
  ]);
}

/**
 * What `queryClient.setQueryData(key, data)` does for a key not in the cache yet, without working
 * out the client's defaults again for every key: TanStack merges them into a new options object per
 * call (about 20 µs each, half of a page's prefetch bookkeeping). They are the same for every key
 * of a render (no per-key defaults are registered), so they are merged once here, and each query is
 * made with its key and hash (`queryHash`, TanStack's own for these keys of plain strings).
 */
function cacheFiller(queryClient: QueryClient): (key: string[], data: unknown) => void {
  const defaults = queryClient.defaultQueryOptions({ queryKey: [] as string[] });
  const cache = queryClient.getQueryCache();
  return (key, data) => {
    cache.build(queryClient, { ...defaults, queryKey: key, queryHash: queryHash(key) }).setData(data, { manual: true });
  };
}
