import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Merge } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { AdminPlaceDto } from '@/shared/api/admin-places';
import type { KeepChoice, MergeRequest, MergeResponse } from '@/shared/api/place-merge';
import { imageAttributes } from '@/shared/media';
import { apiJson, errorText } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format-date';
import { Button } from '../../ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle, StateDialog } from '../../ui/dialog';
import { Select } from '../../ui/form-controls';
import { Input, Label } from '../../ui/input';
import { toast } from '../../ui/toaster';
import { ADMIN_PLACES_KEY, invalidatePlaceLists } from './use-admin-places';

/** At most this many places are offered to merge into: search narrows them. */
const TARGETS_SHOWN = 8;
const SEARCH_DELAY_MS = 300;

const townOf = (place: AdminPlaceDto) => `${place.location}, ${place.country}`;

/** The places offered: matching the words typed, else those of the same town (the likeliest duplicates). */
function targetsQuery(place: AdminPlaceDto, search: string) {
  const params = new URLSearchParams({ limit: String(TARGETS_SHOWN + 1) });
  if (search) params.set('q', search);
  else {
    params.set('location', place.location);
    params.set('country', place.country);
  }
  return {
    queryKey: [...ADMIN_PLACES_KEY, 'merge-targets', params.toString()],
    queryFn: async () => {
      const found = await apiJson<AdminPlaceDto[]>('GET', `/api/admin/places-with-translations?${params.toString()}`);
      return found.filter((other) => other.id !== place.id).slice(0, TARGETS_SHOWN);
    },
  };
}

/** Whose history or trivia stays, asked only when both places have some. */
function KeepSelect(props: {
  what: 'history' | 'trivia';
  place: AdminPlaceDto;
  into: AdminPlaceDto;
  value: KeepChoice;
  onChange: (value: KeepChoice) => void;
}) {
  const { what, place, into, value, onChange } = props;
  const id = useId();
  const count = (p: AdminPlaceDto) => (what === 'history' ? p.historyEventCount : p.factsCount);
  if (count(place) === 0 || count(into) === 0) {
    const kept = count(place) > 0 ? place : count(into) > 0 ? into : undefined;
    return (
      <p className="text-sm text-slate-700">
        {kept ? `The ${what} of “${kept.title}” is kept (only it has one).` : `Neither place has ${what} yet.`}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>Keep the {what} of</Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as KeepChoice)}
        choices={[
          { value: 'target', label: `“${into.title}” (the place that remains)` },
          { value: 'source', label: `“${place.title}” (this place)` },
        ]}
      />
    </div>
  );
}

function MergeBody({ place, onDone }: { place: AdminPlaceDto; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [into, setInto] = useState<AdminPlaceDto>();
  const [history, setHistory] = useState<KeepChoice>('target');
  const [trivia, setTrivia] = useState<KeepChoice>('target');
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.replace(/\s+/g, ' ').trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const targets = useQuery(targetsQuery(place, search));
  const merge = useMutation({
    mutationFn: (body: MergeRequest) =>
      apiJson<MergeResponse>('POST', `/api/admin/places/${encodeURIComponent(place.id)}/merge`, body),
    onSettled: () => invalidatePlaceLists(queryClient),
  });

  function confirm() {
    if (!into) return;
    merge.mutate(
      { into: into.id, keep: { history, trivia } },
      {
        onSuccess: (result) => {
          toast.success('Places merged', { description: result.message });
          onDone();
        },
        onError: (error) => toast.error('Error', { description: errorText(error, 'The places could not be merged.') }),
      },
    );
  }

  const offered = targets.data ?? [];
  return (
    <>
      <DialogHeader>
        <DialogTitle>Merge “{place.title}” into another place</DialogTitle>
        <DialogDescription>
          For two places that show the same spot. The place you choose remains: it gets this place’s photo and gallery,
          the languages it lacks, and this place’s web address leads to it. You can undo the merge from its Versions.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1">
        <Label htmlFor={searchId}>Find the place to merge into</Label>
        <Input
          id={searchId}
          type="search"
          value={typed}
          placeholder="Title or town"
          onChange={(event) => setTyped(event.target.value)}
        />
        <p className="text-xs text-slate-600">
          {search ? `Places matching “${search}”` : `Places in ${townOf(place)}`} (at most {TARGETS_SHOWN}; type to find
          others).
        </p>
      </div>
      {targets.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading places…
        </p>
      ) : targets.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(targets.error, 'The places could not be loaded. Try again.')}
        </p>
      ) : offered.length === 0 ? (
        <p className="text-sm text-slate-700">
          {search ? 'No other place matches. Check the spelling.' : 'No other place in this town: search by title.'}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Place to merge into</legend>
          {offered.map((other) => (
            <label
              key={other.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-2 has-[:checked]:border-slate-900"
            >
              <input type="radio" name="merge-target" checked={into?.id === other.id} onChange={() => setInto(other)} />
              <img
                {...imageAttributes(other.imageUrl, '64px')}
                alt=""
                className="size-12 shrink-0 rounded object-cover"
              />
              <span className="min-w-0 text-sm">
                <span className="block font-medium break-words text-slate-900">{other.title}</span>
                <span className="text-slate-600">
                  {townOf(other)} • {formatDate(other.date, 'en')}
                  {other.state === 'draft' ? ' • draft' : ''}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {into && (
        <div className="flex flex-col gap-2">
          <KeepSelect what="history" place={place} into={into} value={history} onChange={setHistory} />
          <KeepSelect what="trivia" place={place} into={into} value={trivia} onChange={setTrivia} />
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={!into || merge.isPending} aria-busy={merge.isPending}>
          {merge.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Merge aria-hidden="true" />}
          {into ? `Merge into “${into.title}”` : 'Choose a place'}
        </Button>
      </DialogFooter>
    </>
  );
}

/** Merge a place into another (docs/product.md, Merge and split): choose the place, whose history and trivia, confirm. */
export function MergeDialog({ place, onClose }: { place: AdminPlaceDto | undefined; onClose: () => void }) {
  return (
    <StateDialog open={place !== undefined} onClose={onClose} className="max-w-xl">
      {place && <MergeBody key={place.id} place={place} onDone={onClose} />}
    </StateDialog>
  );
}
