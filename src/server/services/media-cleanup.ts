import { WEB_IMAGE_WIDTH } from '../../shared/limits';
import type { DbOrTx } from '../db/client';
import { referencedUrls } from '../db/repos/admin-places-repo';
import { deleteImageFiles, THUMBNAIL_WIDTH } from '../media/images';
import { keyFromUrl, type Storage } from '../media/storage';

/** Our generated files share one id: web/<id>-1000.jpg, web/<id>-480.webp, originals/<id>.png ... */
const IMAGE_ID =
  /^\/media\/(?:web\/([0-9a-f]{32})-\d+\.(?:jpg|webp)|originals\/([0-9a-f]{32})\.(?:jpg|png|webp|avif))$/;

/** Every address a stored image is reachable by; any one of them in use keeps the whole image. */
function addressesOf(url: string): string[] {
  const match = IMAGE_ID.exec(url);
  const id = match?.[1] ?? match?.[2];
  if (!id) return [url];
  return [
    ...[WEB_IMAGE_WIDTH, THUMBNAIL_WIDTH].flatMap((w) => [`/media/web/${id}-${w}.jpg`, `/media/web/${id}-${w}.webp`]),
    ...['jpg', 'png', 'webp', 'avif'].map((ext) => `/media/originals/${id}.${ext}`),
  ];
}

/**
 * Called inside the transaction that deleted the rows: answers the addresses whose files may go,
 * leaving out any image a remaining row still shows (a city may use a place's photo as its picture).
 */
export async function unusedImages(tx: DbOrTx, urls: readonly (string | null | undefined)[]): Promise<string[]> {
  const families = [...new Set(urls.filter((u): u is string => Boolean(u)))].map(addressesOf);
  const used = await referencedUrls(tx, [...new Set(families.flat())]);
  return families.filter((family) => !family.some((url) => used.has(url))).flat();
}

/**
 * Removes the files behind addresses whose rows are gone (run after the transaction committed):
 * every size of our generated images, and any other file of ours named directly. Addresses outside
 * our storage (an http(s) image an admin typed in) are not ours and are left alone.
 */
export async function removeImageFiles(storage: Storage, urls: readonly string[]): Promise<void> {
  await deleteImageFiles(storage, [...urls]);
  const keys = [...new Set(urls.map(keyFromUrl).filter((key): key is string => key !== undefined))];
  await Promise.all(keys.map((key) => storage.remove(key)));
}
