import { ExternalLink, Images, Loader2, MapPinPlus } from 'lucide-react';
import { previewPath } from '@/shared/api/publishing';
import type { UploadResponse } from '@/shared/api/uploads';
import { Button } from '../../ui/button';

/** Where the admin sees a place: its public page, or the preview of a draft. */
export const placeAddress = (place: { slug: string | null; state: string }) =>
  place.slug && (place.state === 'draft' ? previewPath('en', place.slug) : `/en/${place.slug}`);

interface GroupedResultProps {
  response: UploadResponse;
  /** The new place is being made. */
  switching: boolean;
  /** Absent when the file is no longer at hand (it cannot be sent again). */
  onMakeNewPlace?: () => void;
}

/** A photo added to the gallery of a place (decision 027): where it went, and the way back to a place of its own. */
export function GroupedResult({ response, switching, onMakeNewPlace }: GroupedResultProps) {
  const place = response.place;
  if (!place) return null;
  const distance = response.galleryImage?.distanceMeters;
  const address = placeAddress(place);
  return (
    <div className="flex flex-col gap-3" data-testid="grouped-result">
      <p className="flex items-start gap-2 text-slate-800">
        <Images className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          Added to the gallery of <strong>{place.title}</strong>
          {distance != null && ` (taken ${distance.toLocaleString('en-US')} m from it)`}.
        </span>
      </p>
      <p className="text-sm text-slate-600">
        Photos taken this close to a place join its gallery. If it shows something else, make it a place of its own: the
        photo leaves the gallery and nothing else changes.
      </p>
      <div className="flex flex-wrap gap-2">
        {onMakeNewPlace && (
          <Button type="button" variant="outline" size="sm" disabled={switching} onClick={onMakeNewPlace}>
            {switching ? <Loader2 className="animate-spin" aria-hidden="true" /> : <MapPinPlus aria-hidden="true" />}
            Make it a new place instead
          </Button>
        )}
        {address && (
          <Button asChild variant="outline" size="sm">
            <a href={address} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" /> Open {place.title}
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}
