import { MapPinOff } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import type { GpsState } from './photo-gps';

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The picked photos, the one being sent highlighted (current is 1-based; 0 when idle), those without
 * a GPS position marked.
 */
export function SelectedFiles({ files, current, gps = [] }: { files: File[]; current: number; gps?: GpsState[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 text-sm" aria-label="Selected photos">
      {files.map((file, i) => (
        <li
          key={`${i}-${file.name}`}
          className={cn(
            'flex justify-between gap-3 border-b border-slate-100 px-3 py-1.5 last:border-b-0',
            i + 1 === current && 'bg-brand-50 font-medium',
          )}
        >
          <span className="truncate">{file.name}</span>
          <span className="flex shrink-0 items-center gap-3 text-slate-500">
            {gps[i] === false && (
              <span className="inline-flex items-center gap-1 text-amber-800">
                <MapPinOff className="size-3.5" aria-hidden="true" /> No GPS
              </span>
            )}
            {formatSize(file.size)}
          </span>
        </li>
      ))}
    </ul>
  );
}
