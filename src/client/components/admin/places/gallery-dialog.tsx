import { useQueryClient } from '@tanstack/react-query';
import { ImageOff, ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import type { AdminPlaceDto, GalleryItemDto, GalleryUploadResponse } from '@/shared/api/admin-places';
import { Button, buttonVariants } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { Progress, Skeleton } from '../../ui/form-controls';
import { toast } from '../../ui/toaster';
import { ApiError, errorText } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { photoCountText } from './place-card';
import { invalidatePlaceLists, useDeleteGalleryImage, useGallery } from './use-admin-places';
import { useRestoreFocus } from '../../ui/use-restore-focus';
import { imageAttributes } from '@/shared/media';
import { countText } from '@/shared/count-text';

interface UploadProgress {
  current: number;
  total: number;
  fileName: string;
}

/** One image per request (spec section 7): multipart field "image". Answers the server's warning, if any. */
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

  function confirmDelete() {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => toast.success('Image deleted successfully'),
      onError: (error) =>
        toast.error('Error', {
          description: errorText(error, 'Failed to delete image'),
        }),
    });
    setPending(undefined);
  }

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={`Gallery images of ${place.title}`}>
        {images.map((image, index) => (
          <li key={image.id} className="group relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
            <img
              {...imageAttributes(image.imageUrl, '(min-width: 640px) 240px, 50vw')}
              alt={`Gallery image ${index + 1} of ${place.title}`}
              loading="lazy"
              className="aspect-[4/3] w-full object-cover"
            />
            <div className="absolute inset-x-0 bottom-0 flex justify-end bg-gradient-to-t from-slate-950/60 to-transparent p-2">
              <Button
                variant="destructive"
                size="sm"
                onClick={() => setPending(image)}
                disabled={remove.isPending && remove.variables === image.id}
                aria-label={`Delete gallery image ${index + 1}`}
              >
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => !open && setPending(undefined)}
        title="Delete image"
        message="Are you sure you want to delete this image?"
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
    // Sequential on purpose (spec section 7): one request at a time keeps memory and the server calm.
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
    // Spec 8: 'Upload complete' with the count, then (after any failure) 'Some uploads failed' with the reason.
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

/** Gallery: {title} (spec section 2): upload several images one by one, see them, delete them. */
export function GalleryDialog({ place, onClose }: { place: AdminPlaceDto | undefined; onClose: () => void }) {
  const restoreFocus = useRestoreFocus(place !== undefined);
  return (
    <Dialog open={place !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" onCloseAutoFocus={restoreFocus}>
        <DialogHeader>
          <DialogTitle>Gallery: {place?.title}</DialogTitle>
          <DialogDescription>
            {place && `${photoCountText(place)}. `}
            The gallery holds the photos after the cover; choose the cover in Edit.
          </DialogDescription>
        </DialogHeader>
        {place && <GalleryBody key={place.id} place={place} />}
        <DialogFooter>
          <DialogClose className={buttonVariants({ variant: 'outline' })}>Close</DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
