import { useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '@/shared/api/admin-places';
import type { TrashKind } from '@/shared/api/trash';
import { apiJson, errorText } from '@/client/lib/api';
import { toast } from '../ui/toaster';

/**
 * The Undo of a delete's toast: restores the item from the Trash (POST /api/admin/trash/{kind}/{id}/restore,
 * as the Trash's Restore does) and refetches every admin list, then says how it went.
 */
export function useUndoDelete() {
  const queryClient = useQueryClient();
  return (kind: TrashKind, id: string) => ({
    label: 'Undo',
    onClick: () => {
      apiJson<SuccessMessage>('POST', `/api/admin/trash/${kind}/${encodeURIComponent(id)}/restore`)
        .then((result) => toast.success('Restored', { description: result.message }))
        .catch((error: unknown) =>
          toast.error('Not restored', { description: errorText(error, 'Restore it from Trash.') }),
        )
        .finally(() => void queryClient.invalidateQueries());
    },
  });
}
