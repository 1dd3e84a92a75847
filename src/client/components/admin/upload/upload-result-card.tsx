import { AlertTriangle, CheckCircle2, ExternalLink, XCircle } from 'lucide-react';
import type { ExifData, UploadResponse } from '@/shared/api/uploads';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { GroupedResult, placeAddress } from './grouped-result';
import { RetryWithLocation } from './retry-with-location';
import type { ManualPosition } from './upload-photo';

export interface UploadResult {
  key: string;
  fileName: string;
  /** A local preview of the file (object URL), used until the server's thumbnail exists. */
  previewUrl: string;
  status: 'success' | 'failed';
  response?: UploadResponse;
  error?: string;
  /** Refused for having no GPS: the file and its EXIF, so the card can send it again with a location. */
  noGps?: {
    file: File;
    exifData: ExifData;
    /** What the first try sent with it: the story and the EXIF source's data. */
    fields: { description: string; exifData?: ExifData };
  };
  /** It is being sent again. */
  retrying?: boolean;
  /**
   * Added to a place's gallery: the file and what was sent with it, so "Make it a new place
   * instead" can send it again as a place of its own.
   */
  resend?: {
    file: File;
    fields: { description: string; exifData?: ExifData; location?: ManualPosition };
  };
  /** It was added to a gallery first, then made a place of its own. */
  madeNewPlace?: boolean;
}

interface UploadResultCardProps {
  result: UploadResult;
  /** Uploads a photo refused for having no GPS again, with a position set on its card. */
  onRetry?: (result: UploadResult, location: ManualPosition) => void;
  /** Makes a photo added to a gallery a place of its own. */
  onMakeNewPlace?: (result: UploadResult) => void;
}

/** One photo's outcome: what the server made of it, or why it failed (and, without GPS, a way on). */
export function UploadResultCard({ result, onRetry, onMakeNewPlace }: UploadResultCardProps) {
  const photo = result.response?.photo;
  const place = result.response?.place;
  const grouped = result.response?.addedTo !== undefined;
  const address = place && placeAddress(place);
  return (
    <Card className="overflow-hidden" data-testid="upload-result">
      <div className="grid gap-0 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <img
          src={photo?.thumbnailPath ?? result.response?.galleryImage?.imageUrl ?? result.previewUrl}
          alt={photo ? `Thumbnail of ${photo.title}` : `Preview of ${result.fileName}`}
          className="h-48 w-full bg-slate-100 object-cover sm:h-full"
        />
        <CardContent className="flex flex-col gap-3 p-5">
          <div className="flex flex-wrap items-center gap-2">
            {result.status === 'success' ? (
              <Badge variant="success">
                <CheckCircle2 className="size-3.5" aria-hidden="true" />
                {result.response?.duplicate
                  ? 'Already uploaded'
                  : grouped
                    ? 'Added to a gallery'
                    : result.madeNewPlace
                      ? 'New place made'
                      : 'Uploaded'}
              </Badge>
            ) : (
              <Badge variant="destructive">
                <XCircle className="size-3.5" aria-hidden="true" /> Failed
              </Badge>
            )}
            <span className="truncate text-sm text-slate-500">{result.fileName}</span>
          </div>
          {result.status === 'failed' && <p className="text-sm text-red-700">{result.error}</p>}
          {grouped && result.response && (
            <GroupedResult
              response={result.response}
              switching={result.retrying ?? false}
              onMakeNewPlace={result.resend && onMakeNewPlace ? () => onMakeNewPlace(result) : undefined}
            />
          )}
          {result.status === 'failed' && result.noGps && onRetry && (
            <RetryWithLocation
              fileName={result.fileName}
              exifData={result.noGps.exifData}
              retrying={result.retrying ?? false}
              onRetry={(location) => onRetry(result, location)}
            />
          )}
          {photo && (
            <>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{photo.title}</h3>
                <p className="text-sm text-slate-600">
                  {photo.city}, {photo.country}
                </p>
              </div>
              <dl className="grid gap-2 text-sm">
                <div>
                  <dt className="font-medium text-slate-800">Description</dt>
                  <dd className="text-slate-700">{photo.description}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-800">Summary</dt>
                  <dd className="text-slate-700">{photo.summary}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-800">Article</dt>
                  <dd className="max-h-40 overflow-y-auto whitespace-pre-line text-slate-700">{photo.travelArticle}</dd>
                </div>
              </dl>
              {result.response?.aiWarning && (
                <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {result.response.aiWarning}
                </p>
              )}
              {place && (
                <p className="text-sm text-slate-700" data-testid="publication-state">
                  {place.state === 'draft' ? (
                    <>
                      <Badge variant="warning">Draft</Badge> Visitors cannot see it yet: read it, then publish it in
                      Edit Places.
                    </>
                  ) : (
                    <>
                      <Badge variant="success">Published</Badge> Visitors can see it now.
                    </>
                  )}
                </p>
              )}
              {address && (
                <div>
                  <Button asChild variant="outline" size="sm">
                    <a href={address} target="_blank" rel="noopener noreferrer">
                      <ExternalLink aria-hidden="true" /> Open in Browser
                    </a>
                  </Button>
                </div>
              )}
            </>
          )}
        </CardContent>
      </div>
    </Card>
  );
}
