import { cn } from '../../../lib/utils';

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The picked photos, the one being sent highlighted (current is 1-based; 0 when idle). */
export function SelectedFiles({ files, current }: { files: File[]; current: number }) {
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
          <span className="shrink-0 text-slate-500">{formatSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}
