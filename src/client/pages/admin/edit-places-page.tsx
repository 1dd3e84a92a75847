import { MapPinOff, RefreshCw } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import type { AdminPlaceDto } from '../../../shared/api/admin-places';
import { EDIT_PLACES_DEFAULT_COUNT } from '../../../shared/limits';
import { AdminLayout } from '../../components/admin/admin-layout';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EditPlaceDialog } from '../../components/admin/places/edit-place-dialog';
import { GalleryDialog } from '../../components/admin/places/gallery-dialog';
import { PlaceCard } from '../../components/admin/places/place-card';
import { useAdminPlaces, useDeletePlace } from '../../components/admin/places/use-admin-places';
import { usePlaceAiActions } from '../../components/admin/places/use-place-ai-actions';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Select, Skeleton } from '../../components/ui/form-controls';
import { Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { useSessionExpiredRedirect } from '../../lib/admin-session';

const ALL = 'all';
const cityOf = (place: Pick<AdminPlaceDto, 'location' | 'country'>) => `${place.location}, ${place.country}`;

function LoadingCards() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label="Loading places">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-4 p-4 sm:flex-row">
          <Skeleton className="aspect-[4/3] w-full sm:h-36 sm:w-56" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-12 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}

export default function EditPlacesPage() {
  const places = useAdminPlaces();
  useSessionExpiredRedirect(places.error);
  const deletePlace = useDeletePlace();
  const ai = usePlaceAiActions();
  const filterId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [city, setCity] = useState(ALL);
  const [editing, setEditing] = useState<AdminPlaceDto | undefined>();
  const [galleryOf, setGalleryOf] = useState<AdminPlaceDto | undefined>();
  const [deleting, setDeleting] = useState<AdminPlaceDto | undefined>();

  const all = useMemo(() => places.data ?? [], [places.data]);
  const cities = useMemo(() => [...new Set(all.map(cityOf))].sort((a, b) => a.localeCompare(b)), [all]);
  // A city that disappeared (its last place deleted or moved) falls back to all places.
  const selected = city !== ALL && cities.includes(city) ? city : ALL;
  const shown = selected === ALL ? all.slice(0, EDIT_PLACES_DEFAULT_COUNT) : all.filter((p) => cityOf(p) === selected);
  // Dialogs follow the fresh list, so counts and titles update while they are open.
  const galleryPlace = galleryOf && (all.find((p) => p.id === galleryOf.id) ?? galleryOf);

  function confirmDelete() {
    const place = deleting;
    if (!place) return;
    setDeleting(undefined);
    deletePlace.mutate(place.id, {
      onSuccess: () => {
        toast.success('Place deleted successfully');
        // the card that held focus is gone; keep keyboard users in the list rather than at the top
        headingRef.current?.focus();
      },
      onError: (error) =>
        toast.error('Error', {
          description: (error instanceof ApiError && error.serverMessage) || 'Failed to delete place',
        }),
    });
  }

  return (
    <AdminLayout title="Edit Places" subtitle="Manage travel destinations" backTo="/iladmin">
      <title>Edit Places · Travel Places Admin</title>
      <Card className="mb-6">
        <CardContent className="flex flex-col gap-2 pt-6 sm:flex-row sm:items-center sm:gap-4">
          <Label htmlFor={filterId} className="shrink-0">
            Filter by City
          </Label>
          <Select
            id={filterId}
            value={selected}
            onChange={(event) => setCity(event.target.value)}
            className="sm:max-w-md"
            disabled={!places.data}
          >
            <option value={ALL}>All Places (Last {EDIT_PLACES_DEFAULT_COUNT})</option>
            {cities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </CardContent>
      </Card>

      <section aria-labelledby="places-heading">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="places-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none"
          >
            All Places ({all.length})
          </h2>
          {places.data && shown.length > 0 && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {selected === ALL
                ? `Showing last ${shown.length} place${shown.length === 1 ? '' : 's'}`
                : `Showing ${shown.length} place${shown.length === 1 ? '' : 's'} from ${selected}`}
            </p>
          )}
        </div>

        {places.isPending ? (
          <LoadingCards />
        ) : places.isError ? (
          <Card className="flex flex-col items-center gap-3 p-10 text-center" role="alert">
            <p className="font-medium text-slate-900">The places could not be loaded.</p>
            <Button variant="outline" onClick={() => void places.refetch()}>
              <RefreshCw aria-hidden="true" /> Try again
            </Button>
          </Card>
        ) : shown.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <MapPinOff className="size-10 text-slate-400" aria-hidden="true" />
            <p className="font-medium text-slate-900">
              {selected === ALL ? 'No places found' : `No places found in ${selected}`}
            </p>
            <p className="text-sm text-slate-600">Upload geotagged photos to create places.</p>
          </Card>
        ) : (
          <div className="flex flex-col gap-4">
            {shown.map((place) => (
              <PlaceCard
                key={place.id}
                place={place}
                isRunning={(action) => ai.isRunning(action, place.id)}
                onAiAction={(action) => void ai.run(action, place)}
                onGallery={() => setGalleryOf(place)}
                onEdit={() => setEditing(place)}
                onDelete={() => setDeleting(place)}
              />
            ))}
          </div>
        )}
      </section>

      <EditPlaceDialog place={editing} onClose={() => setEditing(undefined)} />
      <GalleryDialog place={galleryPlace} onClose={() => setGalleryOf(undefined)} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete place"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"?`}
        onConfirm={confirmDelete}
      />
    </AdminLayout>
  );
}
