import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SuccessMessage } from '@/shared/api/admin-places';
import { TRASH_DAYS, type TrashItemDto, type TrashKind, type TrashList } from '@/shared/api/trash';
import { imageAttributes } from '@/shared/media';
import { countText } from '@/shared/count-text';
import { AdminLayout } from '../../components/admin/admin-layout';
import { LoadFailed } from '../../components/admin/load-failed';
import { invalidatePlaceLists } from '../../components/admin/places/use-admin-places';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog, openFor } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toaster';
import { apiJson, errorText } from '../../lib/api';
import { useSessionExpiredRedirect } from '../../lib/admin-session';

const TRASH_KEY = ['api', 'admin', 'trash'];
const KIND_NAMES: Record<TrashKind, string> = {
  place: 'Place',
  city: 'City',
  country: 'Country',
  gallery_image: 'Gallery photo',
};

const dayText = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
const leftText = (days: number) =>
  days <= 1 ? 'Deleted for good within a day' : `${countText(days, 'day')} left to restore it`;

/** What the admin asks of the trash: restore one, delete one for good, or empty it. */
type Ask = { what: 'forever'; item: TrashItemDto } | { what: 'empty' };

function useTrashAction<T>(run: (value: T) => Promise<SuccessMessage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: TRASH_KEY });
      await invalidatePlaceLists(queryClient);
    },
  });
}

const itemUrl = (item: TrashItemDto) => `/api/admin/trash/${item.kind}/${encodeURIComponent(item.id)}`;

/**
 * The Trash (docs/decisions/017-revisions-and-trash.md): what was deleted in the last 30 days, with
 * its photo, where it was, when it was deleted and how long it stays; restore it whole, delete it
 * for good, or empty the trash.
 */
export default function TrashPage() {
  const trash = useQuery<TrashList>({ queryKey: TRASH_KEY });
  useSessionExpiredRedirect(trash.error);
  const [asking, setAsking] = useState<Ask>();
  const restore = useTrashAction((item: TrashItemDto) => apiJson<SuccessMessage>('POST', `${itemUrl(item)}/restore`));
  const forever = useTrashAction((item: TrashItemDto) => apiJson<SuccessMessage>('DELETE', itemUrl(item)));
  const empty = useTrashAction(() => apiJson<SuccessMessage>('DELETE', '/api/admin/trash'));
  const items = trash.data?.items ?? [];

  function restoreItem(item: TrashItemDto) {
    restore.mutate(item, {
      onSuccess: (result) => toast.success('Restored', { description: result.message }),
      onError: (error) => toast.error('Not restored', { description: errorText(error, 'Try again.') }),
    });
  }

  function confirm() {
    const ask = asking;
    if (!ask) return;
    const done = {
      onSuccess: (result: SuccessMessage) => {
        setAsking(undefined);
        toast.success(result.message);
      },
      onError: (error: unknown) => {
        setAsking(undefined);
        toast.error('Error', { description: errorText(error, 'Nothing was deleted. Try again.') });
      },
    };
    if (ask.what === 'empty') empty.mutate(undefined, done);
    else forever.mutate(ask.item, done);
  }

  return (
    <AdminLayout
      title="Trash"
      subtitle={`Deleted places, cities, countries and gallery photos stay here for ${TRASH_DAYS} days, then they and their files are deleted for good.`}
      backTo="/iladmin/dashboard"
      actions={
        <Button
          variant="outline"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          disabled={items.length === 0}
          onClick={() => setAsking({ what: 'empty' })}
        >
          <Trash2 aria-hidden="true" /> Empty trash
        </Button>
      }
    >
      <title>Trash · Travel Places Admin</title>
      <section aria-labelledby="trash-heading">
        <h2 id="trash-heading" className="mb-4 text-xl font-semibold text-slate-900">
          {trash.data ? `In the trash (${items.length})` : 'In the trash'}
        </h2>
        {trash.isPending ? (
          <p role="status" className="text-slate-600">
            Loading the trash…
          </p>
        ) : trash.isError ? (
          <LoadFailed what="The trash" onRetry={() => void trash.refetch()} />
        ) : items.length === 0 ? (
          <Card className="p-10 text-center">
            <p className="font-medium text-slate-900">The trash is empty.</p>
            <p className="mt-1 text-sm text-slate-600">What you delete waits here for {TRASH_DAYS} days.</p>
          </Card>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((item) => {
              const headingId = `trash-${item.kind}-${item.id}`;
              const busy = restore.isPending && restore.variables.id === item.id;
              return (
                <li key={`${item.kind}-${item.id}`}>
                  <Card role="article" aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:flex-row">
                    {item.imageUrl ? (
                      <img
                        {...imageAttributes(item.imageUrl, '(min-width: 640px) 144px, 100vw')}
                        alt=""
                        loading="lazy"
                        className="aspect-video w-full shrink-0 rounded-md bg-slate-100 object-cover sm:h-24 sm:w-36"
                      />
                    ) : (
                      <div className="hidden h-24 w-36 shrink-0 rounded-md bg-slate-100 sm:block" />
                    )}
                    <div className="flex min-w-0 flex-1 flex-col gap-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 id={headingId} className="font-semibold break-words text-slate-900">
                          {item.title}
                        </h3>
                        <Badge variant="secondary">{KIND_NAMES[item.kind]}</Badge>
                      </div>
                      {item.subtitle && <p className="text-sm text-slate-600">{item.subtitle}</p>}
                      <p className="text-sm text-slate-600">
                        Deleted {dayText(item.deletedAt)} · {leftText(item.daysLeft)}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Restore ${item.title}`}
                          disabled={busy}
                          onClick={() => restoreItem(item)}
                        >
                          {busy ? (
                            <Loader2 className="animate-spin" aria-hidden="true" />
                          ) : (
                            <RotateCcw aria-hidden="true" />
                          )}{' '}
                          Restore
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Delete ${item.title} forever`}
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          onClick={() => setAsking({ what: 'forever', item })}
                        >
                          <Trash2 aria-hidden="true" /> Delete forever
                        </Button>
                      </div>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ConfirmDialog
        {...openFor(asking, setAsking)}
        title={asking?.what === 'empty' ? 'Empty the trash?' : 'Delete forever?'}
        message={
          asking?.what === 'empty'
            ? `Everything in the trash (${countText(items.length, 'item')}) and its files will be deleted for good. This cannot be undone.`
            : `“${asking?.item.title ?? ''}” and its files will be deleted for good. This cannot be undone.`
        }
        confirmLabel={asking?.what === 'empty' ? 'Empty trash' : 'Delete forever'}
        pending={empty.isPending || forever.isPending}
        onConfirm={confirm}
      />
    </AdminLayout>
  );
}
