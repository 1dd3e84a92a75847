import { ImagePlus, MapPinned } from 'lucide-react';
import { SiteLink } from '@/client/lib/navigation';
import { Button } from '../../ui/button';
import { UploadResultCard, type UploadResult } from './upload-result-card';
import type { ManualPosition } from './upload-photo';

interface UploadResultsProps {
  results: UploadResult[];
  counts: { success: number; failed: number };
  uploading: boolean;
  onDismissAll: () => void;
  onRetry: (result: UploadResult, location: ManualPosition) => void;
  onMakeNewPlace: (result: UploadResult) => void;
}

/** "tower-2.jpg → Eiffel Tower": the photos of the batch that joined a place's gallery. */
function GroupedSummary({ results }: { results: UploadResult[] }) {
  const grouped = results.filter((result) => result.response?.addedTo !== undefined);
  if (grouped.length === 0) return null;
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800">
      <p className="font-medium">
        {grouped.length === 1
          ? '1 photo was taken near a place and added to its gallery:'
          : `${grouped.length} photos were taken near a place and added to its gallery:`}
      </p>
      <ul className="mt-1 list-inside list-disc" aria-label="Photos added to a gallery">
        {grouped.map((result) => (
          <li key={result.key}>
            {result.fileName} → {result.response?.place?.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A card per uploaded photo, with Edit Places and Dismiss All. */
export function UploadResults({
  results,
  counts,
  uploading,
  onDismissAll,
  onRetry,
  onMakeNewPlace,
}: UploadResultsProps) {
  return (
    <section className="mt-8" aria-label="Upload results">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          {results.length > 0 ? `Results (${counts.success} uploaded, ${counts.failed} failed)` : 'Results'}
        </h2>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <SiteLink to="/iladmin/edit-places">
              <MapPinned aria-hidden="true" /> Edit Places
            </SiteLink>
          </Button>
          {results.length > 0 && (
            <Button variant="outline" onClick={onDismissAll} disabled={uploading}>
              Dismiss All
            </Button>
          )}
        </div>
      </div>
      {results.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <ImagePlus className="size-4" aria-hidden="true" /> Uploaded photos appear here.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <GroupedSummary results={results} />
          {results.map((result) => (
            <UploadResultCard key={result.key} result={result} onRetry={onRetry} onMakeNewPlace={onMakeNewPlace} />
          ))}
        </div>
      )}
    </section>
  );
}
