import {
  succeeded,
  type GalleryItemDto,
  type GalleryUploadResponse,
  type SuccessMessage,
} from '../../shared/api/admin-places';
import { smallGalleryImageWarning } from '../../shared/api/upload';
import { MIN_PHOTO_LONG_SIDE } from '../../shared/limits';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import * as repo from '../db/repos/admin-places-repo';
import { NotFoundError } from '../errors';
import { processImage } from '../media/images';
import type { MediaFiles } from './media-files';

const PLACE_NOT_FOUND = 'Place not found';
const IMAGE_NOT_FOUND = 'Gallery image not found';

function toDto(row: Awaited<ReturnType<typeof repo.insertGalleryRow>>): GalleryItemDto {
  return {
    id: row.id,
    placeId: row.placeId,
    imageUrl: row.imageUrl,
    originalImagePath: row.originalImagePath,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Gallery images of a place: the same validation and derivatives as photo uploads (spec section 2). */
export function createGalleryService(db: Database, files: MediaFiles, limits: { maxUploadBytes: number }) {
  async function requirePlace(placeId: string) {
    if (!isUuid(placeId) || !(await repo.placeExists(db, placeId))) throw new NotFoundError(PLACE_NOT_FOUND);
  }

  return {
    async list(placeId: string): Promise<GalleryItemDto[]> {
      await requirePlace(placeId);
      return (await repo.listGalleryRows(db, placeId)).map(toDto);
    },

    /**
     * Stores the files first, then the row; if the row cannot be written the files go again. An
     * image under the size a place's own photo needs is kept, with a warning for the administrator.
     */
    async add(placeId: string, bytes: Buffer): Promise<GalleryUploadResponse> {
      await requirePlace(placeId);
      const processed = await processImage(bytes, { maxBytes: limits.maxUploadBytes });
      const warning =
        Math.max(processed.width, processed.height) < MIN_PHOTO_LONG_SIDE
          ? smallGalleryImageWarning(processed.width, processed.height)
          : null;
      const image = await files.write(processed);
      try {
        const row = await db.transaction(async (tx) => {
          await files.adopt(tx, image);
          return repo.insertGalleryRow(tx, {
            placeId,
            imageUrl: image.imageUrl,
            originalImagePath: image.originalImagePath,
          });
        });
        return { ...toDto(row), warning };
      } catch (error) {
        await files.discard(image);
        // The place was deleted while the image was being processed.
        if (!(await repo.placeExists(db, placeId))) throw new NotFoundError(PLACE_NOT_FOUND);
        throw error;
      }
    },

    async remove(imageId: string): Promise<SuccessMessage> {
      if (!isUuid(imageId)) throw new NotFoundError(IMAGE_NOT_FOUND);
      // A delete that finds nothing rolls back: even an empty DELETE would bump the content version.
      const keys = await db.transaction(async (tx) => {
        const row = await repo.deleteGalleryRow(tx, imageId);
        if (!row) throw new NotFoundError(IMAGE_NOT_FOUND);
        return files.release(tx, [row.imageUrl, row.originalImagePath]);
      });
      await files.remove(keys);
      return succeeded('Image deleted successfully');
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
