import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Loader2, Pin, X } from 'lucide-react';
import { useId, useState } from 'react';
import { FEATURED_MAX, type FeaturedAnswer, type FeaturedPlaceDto, type FeaturedScope } from '@/shared/api/featured';
import { imageAttributes } from '@/shared/media';
import { apiJson, errorText } from '@/client/lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog';
import { Input, Label } from '../../ui/input';
import { toast } from '../../ui/toaster';
import { useRestoreFocus } from '../../ui/use-restore-focus';

/** Whose highlights the dialog edits: a city's, a country's or the home page's. */
export interface HighlightsTarget {
  scope: FeaturedScope;
  /** The city's or country's id; '' for the home page. */
  id: string;
  name: string;
}

const addressOf = ({ scope, id }: HighlightsTarget) =>
  scope === 'home'
    ? '/api/admin/home/featured'
    : `/api/admin/${scope === 'city' ? 'cities' : 'countries'}/${encodeURIComponent(id)}/featured`;

const STATUS_NOTE: Record<FeaturedPlaceDto['status'], string | undefined> = {
  shown: undefined,
  draft: 'Draft: shown once published',
  elsewhere: 'Now in another place: not shown',
  gone: 'In the Trash or deleted: not shown',
};

const THUMB_SIZES = '64px';

function Thumb({ place }: { place: FeaturedPlaceDto }) {
  if (!place.imageUrl) return <span className="size-12 shrink-0 rounded bg-slate-100" />;
  return (
    <img
      {...imageAttributes(place.imageUrl, THUMB_SIZES)}
      alt=""
      loading="lazy"
      className="size-12 shrink-0 rounded object-cover"
    />
  );
}

/**
 * "Highlights" (docs/product.md §20): pick up to six places and put them in order with Move up
 * and Move down (buttons, so the keyboard does it too); Save sends the whole list. Pins whose place
 * is in the Trash or elsewhere are listed apart: saving drops them.
 */
export function HighlightsDialog({ target, onClose }: { target: HighlightsTarget | undefined; onClose: () => void }) {
  if (!target) return null;
  return <HighlightsEditor key={`${target.scope}:${target.id}`} target={target} onClose={onClose} />;
}

function HighlightsEditor({ target, onClose }: { target: HighlightsTarget; onClose: () => void }) {
  const address = addressOf(target);
  const searchId = useId();
  const client = useQueryClient();
  const returnFocus = useRestoreFocus(true);
  const [q, setQ] = useState('');
  const [pins, setPins] = useState<FeaturedPlaceDto[] | undefined>(undefined);
  const [said, setSaid] = useState('');
  const query = useQuery({
    queryKey: ['admin', 'featured', target.scope, target.id, q.trim()],
    queryFn: () => apiJson<FeaturedAnswer>('GET', q.trim() ? `${address}?q=${encodeURIComponent(q.trim())}` : address),
    placeholderData: (previous) => previous,
  });
  const stored = query.data?.pinned;
  const current = pins ?? stored?.filter((pin) => pin.status === 'shown' || pin.status === 'draft') ?? [];
  const dropped = stored?.filter((pin) => pin.status === 'elsewhere' || pin.status === 'gone') ?? [];
  const candidates = (query.data?.candidates ?? []).filter((place) => !current.some((pin) => pin.id === place.id));
  const full = current.length >= FEATURED_MAX;

  const save = useMutation({
    mutationFn: () => apiJson<FeaturedAnswer>('PUT', address, { placeIds: current.map((pin) => pin.id) }),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: ['admin', 'featured', target.scope, target.id] });
      toast.success('Highlights saved', { description: answer.message });
      onClose();
    },
    onError: (error) => toast.error('Not saved', { description: errorText(error, 'Please try again.') }),
  });

  function move(index: number, by: -1 | 1) {
    const next = [...current];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setPins(next);
    setSaid(`${item!.title} moved to position ${index + by + 1} of ${next.length}.`);
  }
  function add(place: FeaturedPlaceDto) {
    setPins([...current, place]);
    setSaid(`${place.title} pinned at position ${current.length + 1}.`);
  }
  function remove(index: number) {
    const item = current[index]!;
    setPins(current.filter((_, at) => at !== index));
    setSaid(`${item.title} removed from the highlights.`);
  }

  const where = target.scope === 'home' ? 'the home page' : `the page of ${target.name}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Highlights of {target.scope === 'home' ? 'the home page' : target.name}</DialogTitle>
          <DialogDescription>
            Up to {FEATURED_MAX} places shown first on {where}, under “Highlights”, in this order. The list below them
            leaves them out.
          </DialogDescription>
        </DialogHeader>
        <p className="sr-only" role="status" aria-live="polite">
          {said}
        </p>
        <section aria-labelledby={`${searchId}-pinned`}>
          <h3 id={`${searchId}-pinned`} className="mb-2 text-sm font-semibold text-slate-900">
            Pinned ({current.length} of {FEATURED_MAX})
          </h3>
          {query.isPending ? (
            <p className="text-sm text-slate-500">Loading…</p>
          ) : current.length === 0 ? (
            <p className="text-sm text-slate-500">Nothing pinned: the page lists its places newest first.</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {current.map((place, index) => (
                <li key={place.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
                  <span className="w-5 text-right text-sm text-slate-500">{index + 1}.</span>
                  <Thumb place={place} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{place.title}</span>
                    {STATUS_NOTE[place.status] && <Badge variant="warning">{STATUS_NOTE[place.status]}</Badge>}
                  </span>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Move ${place.title} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Move ${place.title} down`}
                    disabled={index === current.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Remove ${place.title}`}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ol>
          )}
          {dropped.length > 0 && (
            <p className="mt-2 text-sm text-amber-800">
              Not shown any more: {dropped.map((pin) => `${pin.title} (${STATUS_NOTE[pin.status]})`).join(', ')}. Saving
              removes {dropped.length === 1 ? 'it' : 'them'}.
            </p>
          )}
        </section>
        <section aria-labelledby={`${searchId}-choices`} className="flex flex-col gap-2">
          <h3 id={`${searchId}-choices`} className="text-sm font-semibold text-slate-900">
            Places to pin
          </h3>
          {full && <p className="text-sm text-slate-600">{FEATURED_MAX} pinned: remove one to pin another.</p>}
          <Label htmlFor={searchId}>Find by title</Label>
          <Input id={searchId} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
          {query.isError ? (
            <p className="text-sm text-red-800" role="alert">
              {errorText(query.error, 'Could not load the places.')}
            </p>
          ) : candidates.length === 0 && !query.isPending ? (
            <p className="text-sm text-slate-500">No other places{q.trim() ? ' with that title' : ''}.</p>
          ) : (
            <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto">
              {candidates.map((place) => (
                <li key={place.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
                  <Thumb place={place} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{place.title}</span>
                    <span className="block truncate text-xs text-slate-600">{place.location}</span>
                    {STATUS_NOTE[place.status] && <Badge variant="warning">{STATUS_NOTE[place.status]}</Badge>}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={full}
                    aria-label={`Pin ${place.title}`}
                    onClick={() => add(place)}
                  >
                    <Pin aria-hidden="true" /> Pin
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate()} disabled={save.isPending || query.isPending}>
            {save.isPending ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" /> Saving...
              </>
            ) : (
              'Save highlights'
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
