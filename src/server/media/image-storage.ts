import { imageFamilyKeys, imageIdOf, urlForKey } from '../../shared/media-names';
import type { ImageLimits } from './image-checks';
import { processImage, type ProcessedImage } from './image-processing';
import type { Storage } from './storage';

/** An image's files in storage: written all or none, and removed together. */

export interface StoredImage {
  /** The 1000 px JPEG: /media/web/<id>-1000.jpg (a WebP twin sits beside it). */
  imageUrl: string;
  /** The 480 px JPEG: /media/web/<id>-480.jpg (a WebP twin sits beside it). */
  thumbnailUrl: string;
  /** The full-resolution original, auto-rotated; of its metadata only the capture date and colour profile. */
  originalImagePath: string;
  /** Every storage key written, for cleanup by the caller if a later step fails. */
  keys: string[];
  /** Size of the original after rotation. */
  width: number;
  height: number;
}

/** Writes the processed files at once; if any write fails, removes them all and rethrows. */
export async function writeProcessedImage(storage: Storage, image: ProcessedImage): Promise<StoredImage> {
  // All at once: one round trip instead of five when the storage is a bucket.
  const results = await Promise.allSettled(image.files.map((file) => storage.put(file.key, file.data)));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    // remove() also removes a half-written file, so every key goes, written or not
    await Promise.allSettled(image.files.map((file) => storage.remove(file.key)));
    throw failed.reason;
  }
  const [web1000, , web480, , original] = image.files;
  return {
    imageUrl: urlForKey(web1000!.key),
    thumbnailUrl: urlForKey(web480!.key),
    originalImagePath: urlForKey(original!.key),
    keys: image.files.map((f) => f.key),
    width: image.width,
    height: image.height,
  };
}

/** Validates, converts and stores an uploaded image (see processImage). Leaves no files on failure. */
export async function storeImage(storage: Storage, bytes: Buffer, limits: ImageLimits): Promise<StoredImage> {
  return writeProcessedImage(storage, await processImage(bytes, limits));
}

/**
 * Removes every file we generated for the images behind these URLs (all web sizes and the original),
 * whichever of the URLs is given. URLs we did not generate (external links) are ignored.
 */
export async function deleteImageFiles(storage: Storage, urls: Array<string | null | undefined>): Promise<void> {
  const ids = new Set(urls.map(imageIdOf).filter((id): id is string => id !== undefined));
  await Promise.all([...ids].flatMap(imageFamilyKeys).map((key) => storage.remove(key)));
}
