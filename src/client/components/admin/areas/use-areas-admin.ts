import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminAreaContracts, DeleteAreaResponse } from '@/shared/api/admin-areas';
import type { PlaceCardDto } from '@/shared/api/public';
import { translationPending, type TranslationStateDto } from '@/shared/api/translation-status';
import { ApiError, apiJson } from '@/client/lib/api';
import { ADMIN_STATUS_KEY } from '@/client/lib/admin-session';

/**
 * Cities, countries and places refer to each other by name (a renamed country carries its cities
 * and places along), so every mutation here refetches all lists that could show them.
 */
async function refetchAreaLists(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      ['api', 'admin'],
      ['api', 'places'],
      ['api', 'countries'],
      ['api', 'cities'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** A 401 means the session ended meanwhile: the guard then sends the administrator to login. */
function noticeSignedOut(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    queryClient.setQueryData(ADMIN_STATUS_KEY, { isAuthenticated: false });
  }
}

function useAreaMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, error) => {
      if (error) noticeSignedOut(queryClient, error);
      return refetchAreaLists(queryClient);
    },
  });
}

/** How often a list is fetched again while a translation job of one of its entries waits or runs. */
export const TRANSLATION_POLL_MS = 2_000;
const whileTranslating = (rows: ReadonlyArray<{ translations: TranslationStateDto }> | undefined) =>
  rows?.some((row) => translationPending(row.translations)) ? TRANSLATION_POLL_MS : false;

/**
 * The queries and mutations of Manage Cities or Manage Countries, typed from the collection's
 * contracts (shared/api/admin-areas.ts): `adminAreaHooks<typeof adminCityContracts>('cities')`.
 */
export function adminAreaHooks<
  C extends AdminAreaContracts & { item: z.ZodType<{ translations: TranslationStateDto }> },
>(collection: 'cities' | 'countries') {
  type Item = z.output<C['item']>;
  type Saved = z.output<C['saved']>;
  const path = `/api/admin/${collection}`;
  const listKey = ['api', 'admin', collection];
  const at = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    useList: () =>
      useQuery<Item[]>({ queryKey: listKey, refetchInterval: (query) => whileTranslating(query.state.data) }),
    useMissing: () => useQuery<z.output<C['missing']>[]>({ queryKey: [...listKey, 'missing'] }),
    useCreate: () => useAreaMutation((body: z.output<C['create']>) => apiJson<Saved>('POST', path, body)),
    useUpdate: () =>
      useAreaMutation(({ id, body }: { id: string; body: z.output<C['update']> }) =>
        apiJson<Saved>('PUT', at(id), body),
      ),
    useDelete: () => useAreaMutation((id: string) => apiJson<DeleteAreaResponse>('DELETE', at(id))),
  };
}

export interface PhotoChoice {
  imageUrl: string;
  title: string;
}

/** Photos a city or country can use: its places' images (GET /api/places?location=&country=, docs/product.md §7.2). */
export function usePhotoChoices(filter: { location?: string; country: string } | undefined) {
  return useQuery({
    queryKey: ['api', 'places', filter ?? {}],
    enabled: filter !== undefined,
    queryFn: async (): Promise<PhotoChoice[]> => {
      const params = new URLSearchParams();
      if (filter?.location !== undefined) params.set('location', filter.location);
      if (filter) params.set('country', filter.country);
      const places = await apiJson<PlaceCardDto[]>('GET', `/api/places?${params.toString()}`);
      const seen = new Set<string>();
      return places.flatMap((place) => {
        if (!place.imageUrl || seen.has(place.imageUrl)) return [];
        seen.add(place.imageUrl);
        return [{ imageUrl: place.imageUrl, title: place.title }];
      });
    },
  });
}
