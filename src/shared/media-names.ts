/**
 * The names of stored media files, the one place the client and the server both read them from:
 * which files an upload makes (sizes and crops), the storage keys they are written under, the
 * addresses pages load them from, and the one pattern that reads a name back.
 *
 * An upload's files share one id; since issue 15 the id carries the upright size of the original
 * (`<32 hex>_<width>x<height>`), so a page knows which sizes exist and the true aspect ratio
 * without asking the database. Its files, each served at `/media/<key>`:
 *
 * - `web/<id>-480.jpg|webp` and `web/<id>-1000.jpg|webp` (never wider than the original),
 * - `web/<id>-1600.webp` and `web/<id>-2400.webp` when the original is wider than that,
 * - `web/<id>-card.jpg|webp`: 800 × 1000, cropped by sharp's attention strategy to the 4:5 frame of
 *   the city and country cards,
 * - `originals/<id>.<ext>`: the full-resolution original.
 *
 * Ids from before (`<32 hex>` alone) have the 480 and 1000 px files only, of unknown height. Any
 * other address (an admin may type one) has no variants.
 */

/** Where stored files are served: a storage key `web/x.jpg` is the address `/media/web/x.jpg`. */
export const MEDIA_PREFIX = '/media/';
/** The folders of the storage that uploads write to; anything else in a shared bucket is not ours. */
export const MEDIA_FOLDERS = ['web/', 'originals/'] as const;

/** The small web size: thumbnails, and what small cards load. */
export const THUMBNAIL_WIDTH = 480;
/** The web size every upload has: the `src` of pages and the image AI analysis sees. */
export const WEB_IMAGE_WIDTH = 1000;
/** The web sizes made in JPEG and WebP for every upload. */
export const WEB_IMAGE_WIDTHS = [THUMBNAIL_WIDTH, WEB_IMAGE_WIDTH] as const;
/** Larger WebP derivatives for wide and high-density screens, made only below the original's width. */
export const LARGE_IMAGE_WIDTHS = [1600, 2400] as const;
/** The portrait crop of area cards. */
export const CARD_CROP = { width: 800, height: 1000 } as const;

/** The formats of the web files. */
export type WebExt = 'jpg' | 'webp';
/** The formats an original is kept in (a HEIF is kept as a JPEG). */
export const ORIGINAL_EXTS = ['jpg', 'png', 'webp', 'avif'] as const;
export type OriginalExt = (typeof ORIGINAL_EXTS)[number];

/** A web file's width in pixels, or `card` for the 4:5 crop. */
export type WebVariant = number | 'card';

/** The large WebP widths made for an original this wide: only those below its width. */
export function largeWidthsFor(originalWidth: number): number[] {
  return LARGE_IMAGE_WIDTHS.filter((w) => w < originalWidth);
}

/** A new upload's id: 32 random hex digits and the original's upright size (`<hex>_4032x3024`). */
export function newImageId(width: number, height: number): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0'));
  return `${random.join('')}_${width}x${height}`;
}

/** The storage key of one web file of an image: `web/<id>-<variant>.<ext>`. */
export function webKey(id: string, variant: WebVariant, ext: WebExt): string {
  return `web/${id}-${variant}.${ext}`;
}

/** The storage key of an image's original: `originals/<id>.<ext>`. */
export function originalKey(id: string, ext: OriginalExt): string {
  return `originals/${id}.${ext}`;
}

/** The address a stored file is served at. */
export function urlForKey(key: string): string {
  return MEDIA_PREFIX + key;
}

/** Every storage key an image with this id may have: each web size and crop, and the original in any format. */
export function imageFamilyKeys(id: string): string[] {
  return [
    ...[WEB_IMAGE_WIDTH, THUMBNAIL_WIDTH, 'card' as const].flatMap((w) => [
      webKey(id, w, 'jpg'),
      webKey(id, w, 'webp'),
    ]),
    ...LARGE_IMAGE_WIDTHS.map((w) => webKey(id, w, 'webp')),
    ...ORIGINAL_EXTS.map((ext) => originalKey(id, ext)),
  ];
}

const ID = String.raw`[0-9a-f]{32}(?:_\d{1,5}x\d{1,5})?`;
/**
 * The one pattern of our media names: a storage key `web/<id>-<variant>.<jpg|webp>` or
 * `originals/<id>.<ext>`, where the id is 32 hex digits and, since issue 15, `_<width>x<height>`
 * of the original.
 */
const MEDIA_NAME = new RegExp(
  String.raw`^(?:web\/(?<webId>${ID})-(?<variant>\d{1,5}|card)\.(?<webExt>jpg|webp)` +
    String.raw`|originals\/(?<originalId>${ID})\.(?<originalExt>${ORIGINAL_EXTS.join('|')}))$`,
);
const SIZE_OF_ID = /_(\d{1,5})x(\d{1,5})$/;

/** One of our media files as its name describes it. */
export interface MediaName {
  kind: 'web' | 'original';
  /** The upload's id, shared by all of its files: `<32 hex>` or `<32 hex>_<W>x<H>`. */
  id: string;
  /** A web file's width in pixels, or `card` for the 4:5 crop; undefined for the original. */
  variant?: WebVariant;
  ext: string;
  /** The original's upright size, when the id records it. */
  original?: { width: number; height: number };
}

/** The original's size recorded in an image id (`<hex>_4032x3024`), if any. */
function originalSize(id: string): { width: number; height: number } | undefined {
  const match = SIZE_OF_ID.exec(id);
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Reads a storage key (`web/...`, `originals/...`) or a `/media/...` address; undefined for any other name. */
export function parseMediaName(keyOrUrl: string): MediaName | undefined {
  const key = keyOrUrl.startsWith(MEDIA_PREFIX) ? keyOrUrl.slice(MEDIA_PREFIX.length) : keyOrUrl;
  const groups = MEDIA_NAME.exec(key)?.groups;
  if (!groups) return undefined;
  const id = (groups.webId ?? groups.originalId)!;
  const variant =
    groups.variant === undefined ? undefined : groups.variant === 'card' ? 'card' : Number(groups.variant);
  return {
    kind: groups.webId ? 'web' : 'original',
    id,
    ...(variant === undefined ? {} : { variant }),
    ext: (groups.webExt ?? groups.originalExt)!,
    ...(originalSize(id) ? { original: originalSize(id) } : {}),
  };
}

/** The image id behind one of our `/media/` addresses (any of its files), or undefined for any other address. */
export function imageIdOf(url: string | null | undefined): string | undefined {
  return url?.startsWith(MEDIA_PREFIX) ? parseMediaName(url)?.id : undefined;
}
