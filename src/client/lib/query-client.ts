import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { apiJson, urlFromKey } from './api';

/** The default query function: the key's parts, slash-joined, are the URL to GET. */
export function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  return apiJson('GET', urlFromKey(queryKey));
}

/** docs/product.md §7.1 and §9: no retries, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
