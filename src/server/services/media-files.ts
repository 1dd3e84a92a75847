import type { Database, DbOrTx } from '../db/client';
import { referencedUrls } from '../db/repos/admin-places-repo';
import type { FileJournal } from '../media/file-journal';
import { imageFamilyKeys, imageIdOf, urlForKey } from '../../shared/media-names';
import type { ProcessedImage } from '../media/image-processing';
import { writeProcessedImage, type StoredImage } from '../media/image-storage';
import { keyFromUrl, type Storage } from '../media/storage';

/** Every address a stored image is reachable by; any one of them in use keeps the whole image. */
function addressesOf(url: string): string[] {
  const id = imageIdOf(url);
  return id ? imageFamilyKeys(id).map(urlForKey) : [url];
}

/**
 * The storage keys of the images behind these addresses that no row uses any more, leaving out any
 * image a row still shows (a city may use a place's photo as its picture). Addresses outside our
 * storage (an http(s) image an admin typed in) are not ours and are left alone.
 */
export async function unusedKeys(db: DbOrTx, urls: readonly (string | null | undefined)[]): Promise<string[]> {
  const families = [...new Set(urls.filter((u): u is string => Boolean(u)))].map(addressesOf);
  const used = await referencedUrls(db, [...new Set(families.flat())]);
  const unused = families.filter((family) => !family.some((url) => used.has(url))).flat();
  return [...new Set(unused.map(keyFromUrl).filter((key): key is string => key !== undefined))];
}

interface MediaFilesDeps {
  db: Database;
  storage: Storage;
  journal: FileJournal;
}

/**
 * Media files and the rows that reference them, kept in step through crashes: every file is
 * recorded in the file journal while no committed row references it (see media/file-journal.ts).
 *
 * Adding: `write` (files recorded, then written) -> the saving transaction calls `adopt` -> if that
 * transaction fails, `discard`. Removing: the deleting transaction calls `release` (which files no
 * row uses any more, recorded) -> after it commits, `remove`.
 */
export function createMediaFiles({ db, storage, journal }: MediaFilesDeps) {
  const removeKeys = async (keys: readonly string[]) => {
    await Promise.all(keys.map((key) => storage.remove(key)));
    await journal.forget(keys);
  };

  return {
    async write(image: ProcessedImage): Promise<StoredImage> {
      const keys = image.files.map((file) => file.key);
      await journal.begin(keys);
      try {
        return await writeProcessedImage(storage, image);
      } catch (error) {
        await journal.forget(keys);
        throw error;
      }
    },

    adopt: (tx: DbOrTx, stored: StoredImage) => journal.settle(tx, stored.keys),

    discard: (stored: StoredImage) => removeKeys(stored.keys),

    /** In the transaction that changed or deleted rows: answers the keys of files to remove after it. */
    async release(tx: DbOrTx, urls: readonly (string | null | undefined)[]): Promise<string[]> {
      const keys = await unusedKeys(tx, urls);
      await journal.release(tx, keys);
      return keys;
    },

    /** After the releasing transaction committed. */
    remove: (keys: readonly string[]) => removeKeys(keys),

    /** At start: removes the files that processes which stopped mid-way left without a row. */
    sweep: () =>
      journal.sweep(
        (keys) => unusedKeys(db, keys.map(urlForKey)),
        (key) => storage.remove(key),
      ),
  };
}

export type MediaFiles = ReturnType<typeof createMediaFiles>;
