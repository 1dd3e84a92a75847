import { ImageOff } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { imageAttributes, thumbnailUrl } from '@/shared/media';
import { Skeleton } from '../../ui/form-controls';
import type { PhotoChoice } from './use-areas-admin';

interface PhotoPickerProps {
  photos: PhotoChoice[] | undefined;
  loading: boolean;
  error: boolean;
  value: string | undefined;
  onChange: (imageUrl: string) => void;
}

/**
 * A radio group of thumbnails: native radios keep arrow-key navigation and screen-reader
 * announcements, the thumbnails are their labels. The chosen photo shows large below.
 */
export function PhotoPicker({ photos, loading, error, value, onChange }: PhotoPickerProps) {
  if (loading) {
    return (
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-6" role="status" aria-label="Loading photos">
        <Skeleton className="aspect-square" />
        <Skeleton className="aspect-square" />
        <Skeleton className="aspect-square" />
      </div>
    );
  }
  if (error || !photos || photos.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
        <ImageOff className="size-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-700">{error ? 'Photos could not be loaded' : 'No photos available'}</p>
        <p className="text-sm text-slate-500">
          {error ? 'Close this dialog and try again.' : 'Upload a photo taken here first, then add it.'}
        </p>
      </div>
    );
  }
  const selected = photos.find((p) => p.imageUrl === value);
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          Choose a photo <span className="font-normal text-slate-500">({photos.length} available)</span>
        </legend>
        <div className="grid max-h-44 grid-cols-4 gap-2 overflow-y-auto p-1 sm:grid-cols-6">
          {photos.map((photo) => (
            <label key={photo.imageUrl} className="relative block cursor-pointer">
              <input
                type="radio"
                name="photo"
                value={photo.imageUrl}
                checked={photo.imageUrl === value}
                onChange={() => onChange(photo.imageUrl)}
                className="peer sr-only"
                aria-label={photo.title}
              />
              <img
                src={thumbnailUrl(photo.imageUrl)}
                alt=""
                loading="lazy"
                className={cn(
                  'aspect-square w-full rounded-lg object-cover ring-offset-2 transition',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
                  photo.imageUrl === value ? 'ring-3 ring-brand-600' : 'opacity-80 hover:opacity-100',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      {selected && (
        <figure className="overflow-hidden rounded-xl border border-slate-200">
          <img
            {...imageAttributes(selected.imageUrl, '(min-width: 640px) 528px, 100vw')}
            alt={`Preview: ${selected.title}`}
            className="aspect-[21/9] w-full object-cover"
          />
          <figcaption className="truncate px-3 py-2 text-xs text-slate-600">{selected.title}</figcaption>
        </figure>
      )}
    </div>
  );
}
