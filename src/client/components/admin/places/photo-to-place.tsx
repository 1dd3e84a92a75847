import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, MapPinPlus } from 'lucide-react';
import type { ToPlaceResponse } from '@/shared/api/place-merge';
import { apiJson, errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toaster';
import { invalidatePlaceLists } from './use-admin-places';

/**
 * "Make this photo its own place" on a gallery photo that keeps its upload's position (a photo that
 * was a place before a merge); a photo added with Add photos has none, and says so instead.
 */
export function PhotoToPlace({ placeId, imageId, number }: { placeId: string; imageId: string; number: number }) {
  const queryClient = useQueryClient();
  const positioned = useQuery<{ imageIds: string[] }>({
    queryKey: ['api', 'admin', 'places', placeId, 'gallery', 'positioned'],
  });
  const split = useMutation({
    mutationFn: () => apiJson<ToPlaceResponse>('POST', `/api/admin/gallery/${encodeURIComponent(imageId)}/to-place`),
    onSettled: () => invalidatePlaceLists(queryClient),
  });
  if (!positioned.data) return null;
  if (!positioned.data.imageIds.includes(imageId)) {
    return <p className="text-xs text-slate-600">No position is stored for this photo, so it cannot become a place.</p>;
  }

  function makePlace() {
    split.mutate(undefined, {
      onSuccess: (result) => {
        toast.success('New place made', { description: result.message });
        if (result.aiWarning) toast.warning('Written offline', { description: result.aiWarning });
      },
      onError: (error) =>
        toast.error('Error', { description: errorText(error, 'The photo could not become a place. Try again.') }),
    });
  }

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={makePlace}
      disabled={split.isPending}
      aria-busy={split.isPending}
      aria-label={`Make gallery photo ${number} its own place`}
    >
      {split.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <MapPinPlus aria-hidden="true" />}
      Make this photo its own place
    </Button>
  );
}
