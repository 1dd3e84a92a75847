import { useQueryClient } from '@tanstack/react-query';
import { ImageOff, ImagePlus, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { AdminPlaceDto, GalleryItemDto, GalleryUploadResponse } from '@/shared/api/admin-places';
import { buttonVariants } from '../../ui/button';
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle, StateDialog } from '../../ui/dialog';
import { Progress, Skeleton } from '../../ui/form-controls';
import { toast } from '../../ui/toaster';
import { useUndoDelete } from '../undo-delete';
import { ApiError, errorText } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { ConfirmDialog, openFor } from '../../ui/confirm-dialog';
import { DeletePreview } from '../delete-preview';
import { formatDate } from '@/client/lib/format-date';
import { photoCountText } from './admin-place-card';
import { GalleryPhoto } from './gallery-photo';
import { invalidatePlaceLists, useDeleteGalleryImage, useGallery, useReorderGallery } from './use-admin-places';
import { countText } from '@/shared/count-text';

interface UploadProgress {
  current: number;
  total: number;
  fileName: string;
}

/** One image per request (docs/product.md §7.3.4): multipart field "image". Answers the server's warning, if any. */
async function uploadGalleryImage(placeId: string, file: File): Promise<string | null> {
  const form = new FormData();
  form.append('image', file, file.name);
  const response = await fetch(`/api/admin/places/${encodeURIComponent(placeId)}/gallery`, {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  const body = (await response.json().catch(() => undefined)) as Partial<GalleryUploadResponse> | undefined;
  return body?.warning ?? null;
}

function GalleryGrid({ place, images }: { place: AdminPlaceDto; images: GalleryItemDto[] }) {
  const [pending, setPending] = useState<GalleryItemDto | undefined>();
  const remove = useDeleteGalleryImage();
  const undoDelete = useUndoDelete();
  const reorder = useReorderGallery(place.id);
  // The button pressed to move a photo: focus follows the photo to its new place.
  const movedRef = useRef<{ id: string; direction: 'up' | 'down'; index: number } | undefined>(undefined);

  useEffect(() => {
    const moved = movedRef.current;
    if (!moved || images[moved.index]?.id !== moved.id) return;
    movedRef.current = undefined;
    const button = document.getElementById(`move-${moved.id}-${moved.direction}`) as HTMLButtonElement | null;
    const other = document.getElementById(
      `move-${moved.id}-${moved.direction === 'up' ? 'down' : 'up'}`,
    ) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  }, [images]);

  function move(index: number, direction: -1 | 1) {
    const target = index + direction;
    // one move at a time: the buttons stay enabled (and focusable) while a move is saved
    if (target < 0 || target >= images.length || reorder.isPending) return;
    const ids = images.map((image) => image.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    movedRef.current = { id: images[index]!.id, direction: direction < 0 ? 'up' : 'down', index: target };
    reorder.mutate(ids, {
      onSuccess: () => toast.success('Gallery order saved', { description: `Photo moved to place ${target + 1}.` }),
      onError: (error) => toast.error('Error', { description: errorText(error, 'The new order could not be saved') }),
    });
  }

  function confirmDelete() {
    if (!pending) return;
    const { id } = pending;
    remove.mutate(id, {
      onSuccess: (result) => toast.success(result.message, { action: undoDelete('gallery_image', id) }),
      onError: (error) =>
        toast.error('Error', {
          description: errorText(error, 'Failed to delete image'),
        }),
    });
    setPending(undefined);
  }

  return (
    <>
      <ol className="flex flex-col gap-3" aria-label={`Gallery images of ${place.title}`}>
        {images.map((image, index) => (
          <li key={image.id}>
            <GalleryPhoto
              placeId={place.id}
              image={image}
              number={index + 1}
              count={images.length}
              onMove={(direction) => move(index, direction)}
              onDelete={() => setPending(image)}
              deleting={remove.isPending && remove.variables === image.id}
            />
          </li>
        ))}
      </ol>
      <ConfirmDialog
        {...openFor(pending, setPending)}
        title="Delete image"
        message="Are you sure you want to delete this image?"
        preview={
          pending && (
            <DeletePreview
              imageUrl={pending.imageUrl}
              title={`Photo ${images.indexOf(pending) + 1} of ${place.title}`}
              where={`${place.location}, ${place.country}`}
              date={formatDate(place.date, 'en')}
            />
          )
        }
        onConfirm={confirmDelete}
      />
    </>
  );
}

function GalleryBody({ place }: { place: AdminPlaceDto }) {
  const queryClient = useQueryClient();
  const gallery = useGallery(place.id);
  const [progress, setProgress] = useState<UploadProgress | undefined>();
  const inputId = useId();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    let succeeded = 0;
    let firstFailure: string | undefined;
    const warnings: string[] = [];
    // Sequential on purpose (docs/product.md §7.3.4): one request at a time keeps memory and the server calm.
    for (const [index, file] of files.entries()) {
      setProgress({ current: index + 1, total: files.length, fileName: file.name });
      try {
        const warning = await uploadGalleryImage(place.id, file);
        if (warning) warnings.push(`${file.name}: ${warning}`);
        succeeded += 1;
      } catch (error) {
        const reason = error instanceof ApiError ? error.serverMessage : undefined;
        firstFailure ??= reason ? `${file.name}: ${reason}` : file.name;
      }
    }
    setProgress(undefined);
    await invalidatePlaceLists(queryClient);
    const failed = files.length - succeeded;
    // docs/product.md §8.4: 'Upload complete' with the count, then on a failure 'Some uploads failed' with the reason.
    toast.success('Upload complete', {
      description: `Successfully uploaded ${succeeded} of ${countText(files.length, 'image')}`,
    });
    // Kept, but smaller than a photo should be: the administrator may want to replace it.
    if (warnings.length > 0) {
      toast.warning(warnings.length === 1 ? 'Small image' : `${warnings.length} small images`, {
        description: warnings.length === 1 ? warnings[0] : `${warnings[0]} (and ${warnings.length - 1} more)`,
      });
    }
    if (failed > 0) {
      toast.error('Some uploads failed', {
        description: `${countText(failed, 'image')} failed to upload (${firstFailure ?? 'unknown error'})`,
      });
    }
  }

  const uploading = progress !== undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="peer sr-only"
          onChange={(event) => void upload(event)}
          disabled={uploading}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants(),
            'cursor-pointer self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            uploading && 'pointer-events-none opacity-60',
          )}
          aria-disabled={uploading}
        >
          {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
          {uploading ? 'Uploading...' : 'Upload Images'}
        </label>
        {progress ? (
          <div className="flex flex-col gap-1.5" aria-live="polite">
            <p className="text-sm font-medium text-slate-800">
              Uploading {progress.current} of {progress.total}
            </p>
            <p className="truncate text-xs text-slate-500">{progress.fileName}</p>
            <Progress
              value={((progress.current - 1) / progress.total) * 100}
              label={`Uploading ${progress.current} of ${progress.total}`}
            />
          </div>
        ) : (
          <p className="text-xs text-slate-500">
            JPEG, PNG, WebP or HEIC. Each image gets a 1000 px web version; the full-resolution original is kept.
          </p>
        )}
      </div>

      {gallery.isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" role="status" aria-label="Loading gallery">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/3]" />
          ))}
        </div>
      ) : gallery.isError ? (
        <p className="rounded-xl bg-red-50 p-4 text-sm text-red-800" role="alert">
          The gallery could not be loaded. Close the dialog and try again.
        </p>
      ) : gallery.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 px-4 py-10 text-center">
          <ImageOff className="size-10 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900">No images in gallery</p>
          <p className="text-sm text-slate-600">Upload your first image to get started</p>
        </div>
      ) : (
        <GalleryGrid place={place} images={gallery.data} />
      )}
    </div>
  );
}

/**
 * Gallery: {title} (docs/product.md §2.5.4): upload several images one by one, see them, order them, describe
 * each one (caption and alt text per language) and delete them.
 */
export function GalleryDialog({ place, onClose }: { place: AdminPlaceDto | undefined; onClose: () => void }) {
  return (
    <StateDialog open={place !== undefined} onClose={onClose} className="sm:max-w-3xl">
      <DialogHeader>
        <DialogTitle>Gallery: {place?.title}</DialogTitle>
        <DialogDescription>
          {place && `${photoCountText(place)}. `}
          The gallery holds the photos after the cover, in this order; choose the cover in Edit. Give each photo a
          caption and alt text: the place page shows them.
        </DialogDescription>
      </DialogHeader>
      {place && <GalleryBody key={place.id} place={place} />}
      <DialogFooter>
        <DialogClose className={buttonVariants({ variant: 'outline' })}>Close</DialogClose>
      </DialogFooter>
    </StateDialog>
  );
}
