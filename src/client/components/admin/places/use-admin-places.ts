import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminPlaceDto,
  GalleryItemDto,
  SuccessMessage,
  UpdatePlaceRequest,
  UpdatePlaceResponse,
} from '../../../../shared/api/admin-places';
import { apiJson } from '../../../lib/api';

export const ADMIN_PLACES_KEY = ['api', 'admin', 'places-with-translations'] as const;
export const galleryKey = (placeId: string) => ['api', 'admin', 'places', placeId, 'gallery'] as const;

/**
 * After a place changes, every list that shows places, their counts or their cities is refetched:
 * the Edit Places list, the missing cities and countries, and the public lists and pages.
 */
export function invalidatePlaceLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'api' &&
      (queryKey[1] !== 'admin' ||
        ['places-with-translations', 'places', 'cities', 'countries'].includes(String(queryKey[2]))),
  });
}

export function useAdminPlaces() {
  return useQuery<AdminPlaceDto[]>({ queryKey: ADMIN_PLACES_KEY });
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
