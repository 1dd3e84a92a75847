import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AdminPlaceDto,
  AdminPlaceSort,
  AdminPlaceLocations,
  GalleryItemDto,
  SuccessMessage,
  UpdatePlaceRequest,
  UpdatePlaceResponse,
} from '@/shared/api/admin-places';
import type { GalleryTextBody } from '@/shared/api/gallery';
import type { ContentSaved } from '@/shared/api/written-text';
import { translationPending } from '@/shared/api/translation-status';
import { parseLinkHeader, type Page } from '@/shared/paging';
import { EDIT_PLACES_DEFAULT_COUNT } from '@/shared/limits';
import { apiJson, apiRequest } from '@/client/lib/api';

/** Every page of the Edit Places list lives under this key (then the city, the order and the search). */
export const ADMIN_PLACES_KEY = ['api', 'admin', 'places-with-translations'] as const;
/** The Filter by City choices with their counts, and the number of all places. */
export const ADMIN_PLACE_LOCATIONS_KEY = ['api', 'admin', 'places', 'locations'] as const;
export const galleryKey = (placeId: string) => ['api', 'admin', 'places', placeId, 'gallery'] as const;
/** How often the list is fetched again while a translation job of a shown place waits or runs. */
export const TRANSLATION_POLL_MS = 2_000;

/**
 * After a place changes, every list that shows places, their counts or their cities is refetched:
 * the Edit Places list, the missing cities and countries (and those of published places), and the
 * public lists and pages.
 */
export function invalidatePlaceLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'api' &&
      (queryKey[1] !== 'admin' ||
        ['places-with-translations', 'places', 'cities', 'countries', 'areas'].includes(String(queryKey[2]))),
  });
}

/** One city of the Filter by City select. */
export interface PlaceCity {
  location: string;
  country: string;
}

/** One page of the admin list: its array body, and its neighbours from the Link header. */
async function fetchPlacesPage(search: URLSearchParams): Promise<Page<AdminPlaceDto>> {
  const response = await apiRequest('GET', `/api/admin/places-with-translations?${search.toString()}`);
  const items = (await response.json()) as AdminPlaceDto[];
  return { items, ...parseLinkHeader(response.headers.get('Link')) };
}

/** What the Edit Places list shows: all places or one city's, in which order, matching what. */
export interface AdminPlacesView {
  city?: PlaceCity;
  sort: AdminPlaceSort;
  /** Words of a title or location; empty for no search. */
  search: string;
  /** The Show filter as its query (`review=needed`, `state=draft`, ...); empty for all places. */
  show: string;
}

/**
 * The Edit Places list, newest uploads (or photo dates) first. Without a city and a search, the
 * first page is the latest EDIT_PLACES_DEFAULT_COUNT places (docs/product.md §2.5.4); with a city, its
 * places a server page at a time. `fetchNextPage` ("Load more") follows the Link header's next
 * cursor until there is none, so however many places there are, each is reachable.
 */
export function useAdminPlaces({ city, sort, search, show }: AdminPlacesView) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_PLACES_KEY, city ? ['city', city.location, city.country] : 'all', sort, search, show],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (city) {
        params.set('location', city.location);
        params.set('country', city.country);
      } else {
        params.set('limit', String(EDIT_PLACES_DEFAULT_COUNT));
      }
      params.set('sort', sort);
      if (search) params.set('q', search);
      for (const [key, value] of new URLSearchParams(show)) params.set(key, value);
      if (pageParam) params.set('cursor', pageParam);
      return fetchPlacesPage(params);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    // While a new search or order loads, the list shown so far stays instead of flashing empty.
    placeholderData: keepPreviousData,
    // While a translation job of a shown place waits or runs, look again: its badges follow it.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((place) => translationPending(place.translations)))
        ? TRANSLATION_POLL_MS
        : false,
  });
}

export function useAdminPlaceLocations() {
  return useQuery<AdminPlaceLocations>({ queryKey: ADMIN_PLACE_LOCATIONS_KEY });
}

export function useUpdatePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePlaceRequest }) =>
      apiJson<UpdatePlaceResponse>('PUT', `/api/admin/places/${encodeURIComponent(id)}`, body),
    onSettled: () => invalidatePlaceLists(queryClient),
  });
}

export function useDeletePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<SuccessMessage>('DELETE', `/api/admin/places/${encodeURIComponent(id)}`),
    onSettled: () => invalidatePlaceLists(queryClient),
  });
}

export function useGallery(placeId: string) {
  return useQuery<GalleryItemDto[]>({ queryKey: galleryKey(placeId) });
}

export function useDeleteGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      apiJson<SuccessMessage>('DELETE', `/api/admin/gallery/${encodeURIComponent(imageId)}`),
    onSettled: () => invalidatePlaceLists(queryClient),
  });
}

/** A person's caption and alt text of one photo in one language. */
export function useSaveGalleryTexts(placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, lang, body }: { imageId: string; lang: string; body: GalleryTextBody }) =>
      apiJson<ContentSaved>(
        'PUT',
        `/api/admin/gallery/${encodeURIComponent(imageId)}/texts/${encodeURIComponent(lang)}`,
        body,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryKey(placeId) }),
  });
}

/** The gallery's new order, saved at once; the list shows it before the server answers. */
export function useReorderGallery(placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiJson<SuccessMessage>('PUT', `/api/admin/places/${encodeURIComponent(placeId)}/gallery/order`, { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: galleryKey(placeId) });
      queryClient.setQueryData<GalleryItemDto[]>(
        galleryKey(placeId),
        (images) => images && ids.flatMap((id) => images.filter((image) => image.id === id)),
      );
    },
    onSettled: () => invalidatePlaceLists(queryClient),
  });
}
