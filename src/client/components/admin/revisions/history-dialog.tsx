import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, RotateCcw, Split } from 'lucide-react';
import { useState } from 'react';
import type {
  ReadableField,
  RevisionCollection,
  RevisionCompare,
  RevisionDto,
  RevisionList,
  RevisionRestored,
} from '@/shared/api/revisions';
import { apiJson, errorText } from '@/client/lib/api';
import { wordDiff } from '@/client/lib/word-diff';
import { invalidatePlaceLists } from '../places/use-admin-places';
import { UndoMergeButton, useUndoableMerges } from '../places/merge-undo';
import { Button } from '../../ui/button';
import { ConfirmDialog, openFor } from '../../ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { toast } from '../../ui/toaster';

/** Whose history the dialog shows. */
export interface HistoryTarget {
  collection: RevisionCollection;
  id: string;
  name: string;
  /** A place's state now, when the opener knows it: a restore keeps it, and the dialog says so. */
  state?: 'draft' | 'published';
}

/** What a restore does to a place's published/draft state (nothing), in words for the confirmation. */
function stateKept(target: HistoryTarget): string {
  if (target.collection !== 'places') return '';
  if (target.state === 'draft') return ' It stays a draft: restoring never publishes it.';
  if (target.state === 'published') return ' It stays published: restoring never unpublishes it.';
  return ' It stays published or a draft, as it is now: restoring never publishes or unpublishes it.';
}

/** "26 Nov 2026, 13:55" in the admin's own time. */
export const whenText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Who made a change, in plain words. */
export function authorText(author: string): string {
  if (author === 'person') return 'you';
  if (author === 'offline') return 'the offline writer';
  return `the AI model ${author}`;
}

const revisionsKey = (target: HistoryTarget) => ['api', 'admin', target.collection, target.id, 'revisions'];

/** One field then and now, with removed words struck through and added words marked. */
function FieldDiff({ label, before, after }: { label: string; before: string; after: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-800">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-slate-800">
        {wordDiff(before, after).map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'removed' ? (
            <del key={index} className="bg-red-100 text-red-900">
              <span className="sr-only">only in that version: </span>
              {part.text}
            </del>
          ) : (
            <ins key={index} className="bg-emerald-100 text-emerald-900 no-underline">
              <span className="sr-only">only now: </span>
              {part.text}
            </ins>
          ),
        )}
      </dd>
    </div>
  );
}

/** The fields that differ between a version and now, in the order of the version, then what is new. */
function changedFields(then: ReadableField[], now: ReadableField[]) {
  const labels = [...new Set([...then, ...now].map((field) => field.label))];
  const text = (fields: ReadableField[], label: string) => fields.find((f) => f.label === label)?.text ?? '';
  return labels
    .map((label) => ({ label, before: text(then, label), after: text(now, label) }))
    .filter((field) => field.before !== field.after);
}

function Comparison({ target, revision }: { target: HistoryTarget; revision: RevisionDto }) {
  const compare = useQuery<RevisionCompare>({ queryKey: [...revisionsKey(target), revision.id] });
  if (compare.isPending)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading the comparison…
      </p>
    );
  if (compare.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(compare.error, 'The comparison could not be loaded. Try again.')}
      </p>
    );
  const fields = changedFields(compare.data.then, compare.data.now);
  return (
    <section
      aria-label={`Differences between the version of ${whenText(revision.createdAt)} and now`}
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <p className="text-slate-700">
        Struck-through words are only in that version; highlighted words are only in the page now.
      </p>
      {fields.length === 0 ? (
        <p className="mt-2 text-slate-700">That version is the same as now.</p>
      ) : (
        <dl className="mt-2 flex flex-col gap-2">
          {fields.map((field) => (
            <FieldDiff key={field.label} {...field} />
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * The history of a place, city or country (docs/decisions/017-revisions-and-trash.md): each kept
 * version with when, who and what, a readable comparison with now, and restoring one (itself kept
 * as a new version, so a restore can be undone the same way).
 */
export function HistoryDialog({ target, onClose }: { target: HistoryTarget | undefined; onClose: () => void }) {
  return (
    <Dialog open={target !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">{target && <HistoryBody target={target} />}</DialogContent>
    </Dialog>
  );
}

function HistoryBody({ target }: { target: HistoryTarget }) {
  const queryClient = useQueryClient();
  const list = useQuery<RevisionList>({ queryKey: revisionsKey(target) });
  const merges = useUndoableMerges(target);
  const [comparing, setComparing] = useState<number>();
  const [restoring, setRestoring] = useState<RevisionDto>();
  const restore = useMutation({
    mutationFn: (revision: RevisionDto) =>
      apiJson<RevisionRestored>(
        'POST',
        `/api/admin/${target.collection}/${encodeURIComponent(target.id)}/revisions/${revision.id}/restore`,
      ),
    onSettled: () => invalidatePlaceLists(queryClient),
  });

  function confirmRestore() {
    const revision = restoring;
    if (!revision) return;
    restore.mutate(revision, {
      onSuccess: (result) => {
        setRestoring(undefined);
        setComparing(undefined);
        toast.success('Version restored', { description: result.message });
      },
      onError: (error) => {
        setRestoring(undefined);
        toast.error('Error', { description: errorText(error, 'The version could not be restored. Try again.') });
      },
    });
  }

  const revisions = list.data?.revisions ?? [];
  return (
    <>
      <DialogHeader>
        <DialogTitle>Versions of {target.name}</DialogTitle>
        <DialogDescription>
          Every change keeps the version before it (the last 50), named by the change that made it. Compare one with
          now, or restore it: restoring keeps the current version here too.
        </DialogDescription>
      </DialogHeader>
      {list.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the versions…
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(list.error, 'The versions could not be loaded. Close this and try again.')}
        </p>
      ) : revisions.length === 0 ? (
        <p className="text-sm text-slate-700">No changes yet: versions appear here after the first edit.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Versions, newest first">
          {revisions.map((revision) => {
            const when = whenText(revision.createdAt);
            return (
              <li key={revision.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
                <p className="text-sm text-slate-900">
                  <span className="font-medium">{revision.madeBy?.summary ?? 'Earliest version kept'}</span>
                  {revision.madeBy && (
                    <span className="text-slate-600">
                      {' '}
                      · {whenText(revision.madeBy.at)} · by {authorText(revision.madeBy.author)}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-600">
                  Replaced {when} by {authorText(revision.author)}: {revision.summary}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={comparing === revision.id}
                    aria-label={`Compare the version of ${when} with now`}
                    onClick={() => setComparing(comparing === revision.id ? undefined : revision.id)}
                  >
                    <Split aria-hidden="true" /> Compare with now
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Restore the version of ${when}`}
                    onClick={() => setRestoring(revision)}
                  >
                    {restore.isPending && restore.variables?.id === revision.id ? (
                      <Loader2 className="animate-spin" aria-hidden="true" />
                    ) : (
                      <RotateCcw aria-hidden="true" />
                    )}{' '}
                    Restore this version
                  </Button>
                  {merges.has(revision.id) && (
                    <UndoMergeButton placeId={target.id} placeName={target.name} merge={merges.get(revision.id)!} />
                  )}
                </div>
                {comparing === revision.id && <Comparison target={target} revision={revision} />}
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        {...openFor(restoring, setRestoring)}
        title="Restore this version?"
        message={
          restoring
            ? `${target.name} goes back to the version of ${whenText(restoring.createdAt)}. The current version stays among the versions, so you can come back to it.${stateKept(target)} Languages that no longer match the English are marked outdated, as after an edit.`
            : ''
        }
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onConfirm={confirmRestore}
      />
    </>
  );
}
