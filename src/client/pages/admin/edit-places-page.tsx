import { Loader2, MapPinOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminPlaceDto, AdminPlaceSort } from '@/shared/api/admin-places';
import { AdminLayout } from '../../components/admin/admin-layout';
import { LoadFailed } from '../../components/admin/load-failed';
import { ConfirmDialog, openFor } from '../../components/ui/confirm-dialog';
import { EditPlaceDialog } from '../../components/admin/places/edit-place-dialog';
import { LanguagesDialog } from '../../components/admin/content/languages-dialog';
import type { ContentTarget } from '../../components/admin/content/use-content';
import { GalleryDialog } from '../../components/admin/places/gallery-dialog';
import { MergeDialog } from '../../components/admin/places/merge-dialog';
import { DeletePreview } from '../../components/admin/delete-preview';
import { HistoryDialog, type HistoryTarget } from '../../components/admin/revisions/history-dialog';
import { formatDate } from '../../lib/format-date';
import { AdminPlaceCard } from '../../components/admin/places/admin-place-card';
import { ALL_CITIES, PlacesFilters, SHOW_CHOICES, showOf } from '../../components/admin/places/places-filters';
import {
  useAdminPlaceLocations,
  useAdminPlaces,
  useDeletePlace,
  type PlaceCity,
} from '../../components/admin/places/use-admin-places';
import { usePlaceAiActions } from '../../components/admin/places/use-place-ai-actions';
import { useModelConfigured } from '../../components/admin/publishing/use-publishing';
import { NoModelNote } from '../../components/admin/no-model-note';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/form-controls';
import { toast } from '../../components/ui/toaster';
import { errorText } from '../../lib/api';
import { useSessionExpiredRedirect } from '../../lib/admin-session';
import { countText } from '@/shared/count-text';
import { useUndoDelete } from '../../components/admin/undo-delete';

/** Typing pauses this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;
const cityOf = (place: PlaceCity) => `${place.location}, ${place.country}`;
/** A select value that names a location and country exactly, whatever commas they contain. */
const cityValue = (place: PlaceCity) => JSON.stringify([place.location, place.country]);
const plural = (n: number) => countText(n, 'place');

function LoadingCards() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label="Loading places">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-4 p-4 sm:flex-row">
          <Skeleton className="aspect-[4/3] w-full sm:h-36 sm:w-56" />
          <div className="flex flex-1 flex-col gap-3">
            {['h-6 w-2/3', 'h-4 w-1/3', 'h-12 w-full'].map((line) => (
              <Skeleton key={line} className={line} />
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

export default function EditPlacesPage() {
  const locations = useAdminPlaceLocations();
  const [city, setCity] = useState(ALL_CITIES);
  const [sort, setSort] = useState<AdminPlaceSort>('uploaded');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The Show filter lives in the address, so the dashboard's counts link to their lists.
  const [params, setParams] = useSearchParams();
  const show = showOf(params);
  const showLabel = show ? SHOW_CHOICES.find((choice) => choice.value === show)?.label : undefined;
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.replace(/\s+/g, ' ').trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // The choices come from the server, by city name; a city that disappeared (its last place
  // deleted or moved) falls back to all places.
  const choices = useMemo(
    () =>
      (locations.data?.locations ?? [])
        .map((place) => ({ ...place, label: cityOf(place), value: cityValue(place) }))
        .sort((a, b) => a.location.localeCompare(b.location) || a.country.localeCompare(b.country)),
    [locations.data],
  );
  const chosen = city === ALL_CITIES ? undefined : choices.find((choice) => choice.value === city);
  const selected = chosen ? chosen.value : ALL_CITIES;
  const places = useAdminPlaces({
    city: chosen && { location: chosen.location, country: chosen.country },
    sort,
    search,
    show,
  });
  useSessionExpiredRedirect(places.error ?? locations.error);
  const deletePlace = useDeletePlace();
  const undoDelete = useUndoDelete();
  const ai = usePlaceAiActions();
  const modelConfigured = useModelConfigured();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<AdminPlaceDto | undefined>();
  const [writing, setWriting] = useState<ContentTarget | undefined>();
  const [galleryOf, setGalleryOf] = useState<AdminPlaceDto | undefined>();
  const [deleting, setDeleting] = useState<AdminPlaceDto | undefined>();
  const [historyOf, setHistoryOf] = useState<HistoryTarget | undefined>();
  const [merging, setMerging] = useState<AdminPlaceDto | undefined>();

  // The pages loaded so far: the latest ten first, then each 'Load more'.
  const shown = useMemo(() => places.data?.pages.flatMap((page) => page.items) ?? [], [places.data]);
  const total = locations.data?.total;
  const cityLabel = chosen?.label ?? '';
  // For a city the line names all of its places, loaded or not; 'all' and a search name what is shown.
  const showingCount = chosen && !search ? Math.max(chosen.count, shown.length) : shown.length;
  const showingLine = search
    ? `Showing ${plural(shown.length)} matching "${search}"${chosen ? ` in ${cityLabel}` : ''}`
    : chosen
      ? `Showing ${plural(showingCount)} from ${cityLabel}`
      : `Showing last ${plural(shown.length)}`;
  const filterLine = showLabel ? ` (${showLabel})` : '';
  const emptyLine = search
    ? `No places found matching "${search}"${chosen ? ` in ${cityLabel}` : ''}`
    : chosen
      ? `No places found in ${cityLabel}`
      : 'No places found';
  // Dialogs follow the fresh list, so counts and titles update while they are open.
  const galleryPlace = galleryOf && (shown.find((p) => p.id === galleryOf.id) ?? galleryOf);

  // After 'Load more' the first card just loaded takes the focus: reading goes on from there, and
  // the button may be gone (no more pages).
  const listRef = useRef<HTMLDivElement>(null);
  const focusCardAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    const index = focusCardAt.current;
    if (index === undefined || shown.length <= index) return;
    focusCardAt.current = undefined;
    const card = listRef.current?.querySelectorAll<HTMLElement>('[role="article"]')[index];
    if (!card) return;
    card.tabIndex = -1;
    card.focus();
  }, [shown]);

  function loadMore() {
    focusCardAt.current = shown.length;
    void places.fetchNextPage();
  }

  function confirmDelete() {
    const place = deleting;
    if (!place) return;
    setDeleting(undefined);
    deletePlace.mutate(place.id, {
      onSuccess: (result) => {
        toast.success(result.message, { action: undoDelete('place', place.id) });
        // the card that held focus is gone; keep keyboard users in the list rather than at the top
        headingRef.current?.focus();
      },
      onError: (error) =>
        toast.error('Error', {
          description: errorText(error, 'Failed to delete place'),
        }),
    });
  }

  return (
    <AdminLayout title="Edit Places" subtitle="Manage travel destinations" backTo="/iladmin">
      <title>Edit Places · Travel Places Admin</title>
      <PlacesFilters
        show={show}
        onShow={(value) => {
          focusCardAt.current = undefined;
          setParams(new URLSearchParams(value), { replace: true });
        }}
        city={selected}
        cities={choices}
        citiesLoaded={Boolean(locations.data)}
        onCity={(value) => {
          focusCardAt.current = undefined;
          setCity(value);
        }}
        sort={sort}
        onSort={(value) => {
          focusCardAt.current = undefined;
          setSort(value);
        }}
        search={typed}
        onSearch={(text) => {
          focusCardAt.current = undefined;
          setTyped(text);
        }}
      />

      {modelConfigured === false && (
        <div className="mb-4">
          <NoModelNote actions="Generate Trivia, Fetch History and Translate" />
        </div>
      )}

      <section aria-labelledby="places-heading">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="places-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none"
          >
            {total === undefined ? 'All Places' : `All Places (${total})`}
          </h2>
          {places.data && shown.length > 0 && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {showingLine}
              {filterLine}
            </p>
          )}
        </div>

        {places.isPending ? (
          <LoadingCards />
        ) : places.isError && !places.isFetchNextPageError ? (
          <LoadFailed what="The places" onRetry={() => void places.refetch()} />
        ) : shown.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <MapPinOff className="size-10 text-slate-400" aria-hidden="true" />
            <p className="font-medium text-slate-900">
              {emptyLine}
              {filterLine}
            </p>
            <p className="text-sm text-slate-600">
              {search
                ? 'Check the spelling, or search for fewer words.'
                : show
                  ? 'Nothing needs doing here. Choose “All places” under Show to see every place.'
                  : 'Upload geotagged photos to create places.'}
            </p>
          </Card>
        ) : (
          <div ref={listRef} className="flex flex-col gap-4">
            {shown.map((place) => (
              <AdminPlaceCard
                key={place.id}
                place={place}
                isRunning={(action) => ai.isRunning(action, place.id)}
                aiOffered={modelConfigured !== false}
                onAiAction={(action) => void ai.run(action, place)}
                onGallery={() => setGalleryOf(place)}
                onLanguages={() => setWriting({ kind: 'place', id: place.id, name: place.title })}
                onHistory={() =>
                  setHistoryOf({ collection: 'places', id: place.id, name: place.title, state: place.state })
                }
                onMerge={() => setMerging(place)}
                onEdit={() => setEditing(place)}
                onDelete={() => setDeleting(place)}
              />
            ))}
            {places.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" onClick={loadMore} disabled={places.isFetchingNextPage}>
                  {places.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {places.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
            {places.isFetchNextPageError && (
              <p className="text-center text-sm text-red-700" role="alert">
                The next places could not be loaded. Use Load more to try again.
              </p>
            )}
          </div>
        )}
      </section>

      <EditPlaceDialog place={editing} onClose={() => setEditing(undefined)} />
      <LanguagesDialog target={writing} onClose={() => setWriting(undefined)} />
      <GalleryDialog place={galleryPlace} onClose={() => setGalleryOf(undefined)} />
      <HistoryDialog target={historyOf} onClose={() => setHistoryOf(undefined)} />
      <MergeDialog place={merging} onClose={() => setMerging(undefined)} />
      <ConfirmDialog
        {...openFor(deleting, setDeleting)}
        title="Delete place"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"?`}
        preview={
          deleting && (
            <DeletePreview
              imageUrl={deleting.imageUrl}
              title={deleting.title}
              where={cityOf(deleting)}
              date={formatDate(deleting.date, 'en')}
            />
          )
        }
        onConfirm={confirmDelete}
      />
    </AdminLayout>
  );
}
