import { Loader2, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import type { ExifData } from '@/shared/api/uploads';
import { Button } from '../../ui/button';
import { DisclosureButton } from '../../ui/disclosure-button';
import { ExifPanel } from './exif-panel';
import { draftPosition, EMPTY_LOCATION, ManualLocation, type LocationDraft } from './manual-location';
import type { ManualPosition } from './upload-photo';

interface RetryWithLocationProps {
  fileName: string;
  exifData: ExifData;
  retrying: boolean;
  /** Sends the same file again with this position (and the town chosen, if any). */
  onRetry: (location: ManualPosition) => void;
}

/**
 * On the card of a photo refused for having no GPS: the town search (or coordinates) right there,
 * and a button that uploads the same file again with that position. The photo's EXIF, which
 * explains the refusal to the curious, waits behind "Show photo details".
 */
export function RetryWithLocation({ fileName, exifData, retrying, onRetry }: RetryWithLocationProps) {
  const id = useId();
  const [draft, setDraft] = useState<LocationDraft>(EMPTY_LOCATION);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const position = draftPosition(draft);
  return (
    <div className="flex flex-col gap-3">
      <ManualLocation
        count={1}
        draft={draft}
        onChange={setDraft}
        disabled={retrying}
        explanation="This photo has no GPS position, so it was not uploaded. Choose the town where it was taken, or enter its coordinates, then upload it again."
      />
      <div>
        <Button type="button" disabled={!position || retrying} onClick={() => position && onRetry(position)}>
          {retrying ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          {retrying ? 'Uploading...' : 'Set location and retry'}
        </Button>
        {!position && !retrying && (
          <p className="mt-2 text-sm text-slate-600">Choose a town first, then upload {fileName} again.</p>
        )}
      </div>
      <div>
        <DisclosureButton open={detailsOpen} onOpenChange={setDetailsOpen} controls={`${id}-details`}>
          {detailsOpen ? 'Hide photo details' : 'Show photo details'}
        </DisclosureButton>
        <div id={`${id}-details`} hidden={!detailsOpen} className="mt-2">
          {detailsOpen && (
            <ExifPanel
              title={`No GPS position in ${fileName}`}
              exif={exifData}
              onDismiss={() => setDetailsOpen(false)}
            />
          )}
        </div>
      </div>
    </div>
  );
}
