import { QueryClient, type MutationCache, type QueryFunctionContext } from '@tanstack/react-query';
import { apiJson, urlFromKey } from './api';

/** The default query function: the key's parts, slash-joined, are the URL to GET. */
export function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  return apiJson('GET', urlFromKey(queryKey));
}

let installedMutationCache: MutationCache | undefined;

/** What the stand-in answers before the admin's code is loaded: there are no mutations. */
const NO_MUTATIONS = {
  find: () => undefined,
  findAll: () => [],
  getAll: () => [],
  clear: () => {},
  subscribe: () => () => {},
  resumePausedMutations: () => Promise.resolve(),
};

/**
 * The client's mutation cache: a stand-in holding no mutations until the admin's code installs
 * TanStack's own (components/admin/admin-frame.tsx), and that cache from then on. Public pages
 * change nothing, so the browser build leaves the `MutationCache` class (with `Mutation`, about
 * 1 KB gzipped) out of their JavaScript; vite.config.ts removes the QueryClient's default one.
 * The calls a QueryClient makes by itself (resume paused mutations when the window regains focus
 * or the network returns, count pending ones, clear) find none until then.
 */
const mutationCache = new Proxy(NO_MUTATIONS, {
  get(standIn, key) {
    const cache: object = installedMutationCache ?? standIn;
    const value: unknown = Reflect.get(cache, key);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(cache) : value;
  },
}) as unknown as MutationCache;

/** Makes `cache` the client's mutation cache (the first call wins). */
export function installMutationCache(cache: MutationCache): void {
  installedMutationCache ??= cache;
}

/** docs/product.md §7.1 and §9: no retries, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
