import { MapPin, MapPinOff, X } from 'lucide-react';
import type { ExifData } from '@/shared/api/uploads';
import { cn } from '@/client/lib/utils';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { formatExifValue, hasGps, isGpsField, sortedExifEntries } from './exif-source';

interface ExifPanelProps {
  title: string;
  exif: ExifData;
  onDismiss?: () => void;
}

/** Every EXIF field, GPS ones first and highlighted, with a clear found / not found state. */
export function ExifPanel({ title, exif, onDismiss }: ExifPanelProps) {
  const entries = sortedExifEntries(exif);
  const gps = hasGps(exif);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <CardTitle>{title}</CardTitle>
          <p
            className={cn(
              'inline-flex w-fit items-center gap-2 rounded-full px-3 py-1 text-sm font-medium',
              gps ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800',
            )}
            role="status"
          >
            {gps ? (
              <MapPin className="size-4" aria-hidden="true" />
            ) : (
              <MapPinOff className="size-4" aria-hidden="true" />
            )}
            {gps ? 'GPS Data Found' : 'GPS Data Not Found'}
            <span className="font-normal">
              · {entries.length} field{entries.length === 1 ? '' : 's'}
            </span>
          </p>
        </div>
        {onDismiss && (
          <Button variant="outline" size="sm" onClick={onDismiss}>
            <X aria-hidden="true" /> Dismiss
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">This photo carries no EXIF data.</p>
        ) : (
          <dl className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 text-sm">
            {entries.map(([key, value]) => (
              <div
                key={key}
                className={cn(
                  'grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 border-b border-slate-100 px-3 py-1.5 last:border-b-0',
                  isGpsField(key) && 'bg-emerald-50 font-medium text-emerald-900',
                )}
                data-gps={isGpsField(key) || undefined}
              >
                <dt className="truncate">{key}</dt>
                <dd className="break-words text-slate-700">{formatExifValue(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
