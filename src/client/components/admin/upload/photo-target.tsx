import { useQuery } from '@tanstack/react-query';
import exifr from 'exifr';
import { useId, useState } from 'react';
import type { NearPlacesResponse } from '@/shared/api/photo-grouping';
import { apiJson, errorText } from '@/client/lib/api';
import { DisclosureButton } from '../../ui/disclosure-button';
import { Select, type Choice } from '../../ui/form-controls';
import { Label } from '../../ui/input';
import { NEW_PLACE } from './upload-form-state';

interface PhotoTargetProps {
  file: File;
  /** '' automatic, NEW_PLACE, or a place's id. */
  target: string;
  disabled?: boolean;
  onChange: (target: string) => void;
}

/** The photo's GPS position as the browser reads it; undefined when it has none readable here. */
async function positionOf(file: File): Promise<{ latitude: number; longitude: number } | null> {
  try {
    const gps = await exifr.gps(file);
    return gps && Number.isFinite(gps.latitude) && Number.isFinite(gps.longitude) ? gps : null;
  } catch {
    return null;
  }
}

/** The places this photo could join: read once the admin opens the choice. */
function useNearPlaces(file: File, enabled: boolean) {
  return useQuery({
    queryKey: ['upload', 'near-places', file.name, file.size, file.lastModified],
    enabled,
    staleTime: 60_000,
    queryFn: async (): Promise<NearPlacesResponse | null> => {
      const at = await positionOf(file);
      if (!at) return null;
      const query = `lat=${at.latitude.toFixed(7)}&lng=${at.longitude.toFixed(7)}`;
      return apiJson<NearPlacesResponse>('GET', `/api/admin/places/near?${query}`);
    },
  });
}

/**
 * Where one photo goes (decision 027): by default the nearest place within the grouping distance
 * (its gallery), else a new place; or always a new place; or the gallery of one of the nearest
 * places, chosen here. Behind a button, like the photo's story, so a long batch stays short.
 */
export function PhotoTarget({ file, target, disabled, onChange }: PhotoTargetProps) {
  const id = useId();
  const [open, setOpen] = useState(target !== '');
  const near = useNearPlaces(file, open);
  const within = near.data?.groupWithinMeters;
  const automatic =
    within === 0 ? 'A new place (grouping is off)' : `The nearest place within ${within ?? 100} m, else a new place`;
  const choices: Choice[] = [
    { value: '', label: automatic },
    { value: NEW_PLACE, label: 'A new place' },
    ...(near.data?.places ?? []).map((place) => ({
      value: place.id,
      label: `Gallery of “${place.title}” (${place.location}) · ${place.distanceMeters.toLocaleString('en-US')} m`,
    })),
  ];
  const hint = near.isError
    ? `${errorText(near.error, 'The places nearby could not be loaded.')} The photo can still go to the nearest place or a new one.`
    : near.data === null
      ? 'This photo’s GPS position could not be read here, so no nearby place is offered.'
      : near.data && near.data.places.length === 0
        ? 'No place within 2 km of this photo yet.'
        : 'The nearest places within 2 km, drafts too.';
  return (
    <div className="flex flex-col gap-2 px-3 pb-2">
      <DisclosureButton open={open} onOpenChange={setOpen} controls={`${id}-target`} className="self-start">
        {target ? 'Place for this photo (chosen)' : 'Place for this photo'}
      </DisclosureButton>
      <div id={`${id}-target`} hidden={!open} className="flex flex-col gap-1.5">
        {open && (
          <>
            <Label htmlFor={`${id}-select`}>Place for {file.name}</Label>
            <Select
              id={`${id}-select`}
              value={target}
              disabled={disabled}
              aria-describedby={`${id}-hint`}
              aria-busy={near.isLoading}
              choices={choices}
              onChange={(event) => onChange(event.target.value)}
            />
            <p id={`${id}-hint`} className="text-xs text-slate-500">
              {near.isLoading ? 'Looking for places near this photo…' : hint}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
