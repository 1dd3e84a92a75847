import { MapPin, X } from 'lucide-react';
import { useId, useState } from 'react';
import { parseCoordinate } from '@/shared/api/uploads';
import type { ManualPosition } from './upload-photo';
import { Button } from '../../ui/button';
import { Input, Label } from '../../ui/input';
import { CityCombobox, cityLabel } from './city-combobox';

/** What the administrator entered: coordinates as typed, and the town they came from, if any. */
export interface LocationDraft {
  latitude: string;
  longitude: string;
  /** "Munich (München), Germany" when chosen in the search; null for typed coordinates. */
  town: string | null;
  /** The chosen town's name and country, sent so the place is stored in it; null for typed coordinates. */
  chosen: { city: string; country: string } | null;
}

export const EMPTY_LOCATION: LocationDraft = { latitude: '', longitude: '', town: null, chosen: null };

/** The two coordinate fields: their limits in degrees and an example (Munich). */
const COORDINATES = [
  { field: 'latitude', label: 'Latitude', max: 90, example: '48.13743' },
  { field: 'longitude', label: 'Longitude', max: 180, example: '11.57549' },
] as const;

/**
 * The position to send (with the town chosen in the search, if any), or undefined while the draft
 * is incomplete or out of range.
 */
export function draftPosition(draft: LocationDraft): ManualPosition | undefined {
  const latitude = draft.latitude.trim();
  const longitude = draft.longitude.trim();
  if (parseCoordinate(latitude, 90) === undefined || parseCoordinate(longitude, 180) === undefined) return undefined;
  return draft.chosen ? { latitude, longitude, ...draft.chosen } : { latitude, longitude };
}

/** Degrees as the server reads them: plain decimals, never an exponent. */
export const degrees = (value: number) => value.toFixed(6).replace(/\.?0+$/, '');

interface ManualLocationProps {
  /** How many of the chosen photos have no GPS position. */
  count: number;
  draft: LocationDraft;
  onChange: (draft: LocationDraft) => void;
  disabled?: boolean;
  /** What the fieldset says first; by default, for photos about to be uploaded. */
  explanation?: string;
}

/**
 * "Set location" for photos without GPS (often lost on the way through a messaging app): a town from
 * the offline gazetteer, or coordinates. The server then finds city and country from them, as it
 * would from GPS, and records that the position was set by hand.
 */
export function ManualLocation({ count, draft, onChange, disabled, explanation }: ManualLocationProps) {
  const id = useId();
  // A new search field (empty) when the town it shows is no longer the location.
  const [searchField, setSearchField] = useState(0);
  const position = draftPosition(draft);
  const coordinate = (field: 'latitude' | 'longitude', value: string) => {
    if (draft.town !== null) setSearchField((n) => n + 1);
    onChange({ ...draft, [field]: value, town: null, chosen: null });
  };
  const clear = () => {
    setSearchField((n) => n + 1);
    onChange(EMPTY_LOCATION);
  };

  return (
    <fieldset
      className="flex flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50/60 p-4"
      aria-describedby={`${id}-why`}
    >
      <legend className="px-1 text-base font-semibold text-slate-900">Set location</legend>
      <p id={`${id}-why`} className="text-sm text-slate-700">
        {explanation ?? (
          <>
            {count === 1 ? '1 photo has' : `${count} photos have`} no GPS position. Choose the town where{' '}
            {count === 1 ? 'it was' : 'they were'} taken (the place is stored in that town), or enter its coordinates:
            city and country are then found from them. Photos with GPS keep their own position.
          </>
        )}
      </p>
      <CityCombobox
        key={searchField}
        disabled={disabled}
        onChoose={(city) =>
          onChange({
            latitude: degrees(city.latitude),
            longitude: degrees(city.longitude),
            town: cityLabel(city),
            chosen: { city: city.name, country: city.country },
          })
        }
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {COORDINATES.map(({ field, label, max, example }) => {
          const fieldId = `${id}-${field}`;
          const bad = draft[field].trim() !== '' && parseCoordinate(draft[field].trim(), max) === undefined;
          return (
            <div key={field} className="flex flex-col gap-2">
              <Label htmlFor={fieldId}>{label}</Label>
              <Input
                id={fieldId}
                inputMode="decimal"
                autoComplete="off"
                placeholder={example}
                maxLength={32}
                value={draft[field]}
                disabled={disabled}
                aria-invalid={bad || undefined}
                aria-describedby={bad ? `${fieldId}-error` : undefined}
                onChange={(event) => coordinate(field, event.target.value)}
              />
              {bad && (
                <p id={`${fieldId}-error`} className="text-sm text-red-700">
                  Decimal degrees from -{max} to {max}, e.g. {example}.
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3" role="status" aria-live="polite">
        {position ? (
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-800" data-testid="chosen-location">
            <MapPin className="size-4" aria-hidden="true" />
            Location: {draft.town ?? 'coordinates'} ({position.latitude}, {position.longitude})
          </p>
        ) : (
          <p className="text-sm text-amber-900">
            No location set: without one, {count === 1 ? 'this photo is' : 'these photos are'} refused.
          </p>
        )}
        {(position || draft.latitude || draft.longitude) && (
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={clear}>
            <X aria-hidden="true" /> Clear location
          </Button>
        )}
      </div>
    </fieldset>
  );
}
