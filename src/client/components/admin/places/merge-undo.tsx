import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { SuccessMessage } from '@/shared/api/admin-places';
import type { PlaceMergeDto, PlaceMerges } from '@/shared/api/place-merge';
import { apiJson, errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { ConfirmDialog, openFor } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toaster';
import { invalidatePlaceLists } from './use-admin-places';

/** The merges into a place that can still be undone, by the revision each made (History shows "Undo merge" there). */
export function useUndoableMerges(target: { collection: string; id: string }): Map<number, PlaceMergeDto> {
  const merges = useQuery<PlaceMerges>({
    queryKey: ['api', 'admin', 'places', target.id, 'merges'],
    enabled: target.collection === 'places',
  });
  return new Map(
    (merges.data?.merges ?? []).flatMap((merge) => (merge.revisionId === null ? [] : [[merge.revisionId, merge]])),
  );
}

/** "Undo merge" on the revision a merge made: both places go back to how they were before it. */
export function UndoMergeButton({
  placeId,
  placeName,
  merge,
}: {
  placeId: string;
  placeName: string;
  merge: PlaceMergeDto;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<PlaceMergeDto>();
  const undo = useMutation({
    mutationFn: () =>
      apiJson<SuccessMessage>(
        'POST',
        `/api/admin/places/${encodeURIComponent(placeId)}/merges/${encodeURIComponent(merge.sourceId)}/undo`,
      ),
    onSettled: () => invalidatePlaceLists(queryClient),
  });

  function confirm() {
    undo.mutate(undefined, {
      onSuccess: (result) => {
        setAsking(undefined);
        toast.success('Merge undone', { description: result.message });
      },
      onError: (error) => {
        setAsking(undefined);
        toast.error('Error', { description: errorText(error, 'The merge could not be undone. Try again.') });
      },
    });
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setAsking(merge)}>
        {undo.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />} Undo
        merge
      </Button>
      <ConfirmDialog
        {...openFor(asking, setAsking)}
        title="Undo this merge?"
        message={`“${merge.sourceTitle}” comes back as a place of its own, with its photos, texts and web address, and “${placeName}” goes back to how it was before the merge. Its state now stays among its versions.`}
        confirmLabel="Undo merge"
        pendingLabel="Undoing..."
        pending={undo.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
