import { isImageAddress, siteImage } from './image-address';

/**
 * Responsive variants of an uploaded image, derived from the naming convention of stored files.
 * An upload's files share one id; since issue 15 the id carries the upright size of the original
 * (`<32 hex>_<width>x<height>`), so a page knows which sizes exist and the true aspect ratio
 * without asking the database:
 *
 * - `/media/web/<id>-480.jpg|webp` and `/media/web/<id>-1000.jpg|webp` (never wider than the original),
 * - `/media/web/<id>-1600.webp` and `/media/web/<id>-2400.webp` when the original is wider than that,
 * - `/media/web/<id>-card.jpg|webp`: 800 × 1000, cropped by sharp's attention strategy to the 4:5
 *   frame of the city and country cards,
 * - the full-resolution original at `/media/originals/<id>.<ext>`.
 *
 * Ids from before (`<32 hex>` alone) have the 480 and 1000 px files only, of unknown height. Any
 * other URL (an admin may type one) has no variants.
 */
export const WEB_IMAGE_WIDTHS = [480, 1000] as const;
/** Larger WebP derivatives for wide and high-density screens, made only below the original's width. */
export const LARGE_IMAGE_WIDTHS = [1600, 2400] as const;
/**
 * How wide a hero photo is drawn: the full width, or on a portrait screen the width of a 3:2 photo
 * covering a hero up to 88% of the screen's height (so phones get a file sharp enough for that).
 * The preload link of the page's head uses the same value, so the browser fetches one file.
 */
export const HERO_IMAGE_SIZES = '(orientation: portrait) 132vh, 100vw';
/** The portrait crop of area cards. */
export const CARD_CROP = { width: 800, height: 1000 } as const;

export interface ImageVariants {
  /** The fallback source: the 1000 px JPEG. */
  src: string;
  jpegSrcSet: string;
  webpSrcSet: string;
  /** Size of the 1000 px file (or a 4:3 guess for images from before sizes were recorded). */
  width: number;
  height: number;
  /** Size of the original, when known. */
  original?: { width: number; height: number };
}

/**
 * The one pattern of our media names, read by the client and the server alike: a storage key
 * `web/<id>-<variant>.<jpg|webp>` or `originals/<id>.<ext>`, where the id is 32 hex digits and,
 * since issue 15, `_<width>x<height>` of the original.
 */
const MEDIA_NAME =
  /^(?:web\/(?<webId>[0-9a-f]{32}(?:_\d{1,5}x\d{1,5})?)-(?<variant>\d{1,5}|card)\.(?<webExt>jpg|webp)|originals\/(?<originalId>[0-9a-f]{32}(?:_\d{1,5}x\d{1,5})?)\.(?<originalExt>jpg|png|webp|avif))$/;
const SIZE_OF_ID = /_(\d{1,5})x(\d{1,5})$/;

/** One of our media files as its name describes it. */
export interface MediaName {
  kind: 'web' | 'original';
  /** The upload's id, shared by all of its files: `<32 hex>` or `<32 hex>_<W>x<H>`. */
  id: string;
  /** A web file's width in pixels, or `card` for the 4:5 crop; undefined for the original. */
  variant?: number | 'card';
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
  const key = keyOrUrl.startsWith('/media/') ? keyOrUrl.slice('/media/'.length) : keyOrUrl;
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

/** A web file of ours in one of the sizes pages choose from (or the card crop), with its `/media/web/<id>` base. */
function webImage(url: string): { base: string; name: MediaName } | undefined {
  if (!url.startsWith('/media/web/')) return undefined;
  const name = parseMediaName(url);
  const known = [...WEB_IMAGE_WIDTHS, ...LARGE_IMAGE_WIDTHS, 'card'] as const;
  if (!name || !(known as readonly (number | string | undefined)[]).includes(name.variant)) return undefined;
  return { base: `/media/web/${name.id}`, name };
}

/** The large WebP widths made for an original this wide: only those below its width. */
export function largeWidthsFor(originalWidth: number): number[] {
  return LARGE_IMAGE_WIDTHS.filter((w) => w < originalWidth);
}

/**
 * The files of one of our images that a page chooses from (the ResponsiveImage component draws
 * them); undefined for any other address.
 */
export function imageVariants(url: string): ImageVariants | undefined {
  const image = webImage(url);
  if (!image) return undefined;
  const { base } = image;
  const original = image.name.original;
  // a file is never wider than the original: below 1000 px, the "1000" file is the original's width
  const fileWidth = (w: number) => (original ? Math.min(w, original.width) : w);
  const web = original && original.width <= 480 ? [480] : [...WEB_IMAGE_WIDTHS];
  const set = (ext: string, widths: readonly number[]) =>
    widths.map((w) => `${base}-${w}.${ext} ${fileWidth(w)}w`).join(', ');
  const width = fileWidth(1000);
  return {
    src: `${base}-1000.jpg`,
    jpegSrcSet: set('jpg', web),
    webpSrcSet: set('webp', original ? [...web, ...largeWidthsFor(original.width)] : web),
    width,
    height: original ? Math.round((width * original.height) / original.width) : Math.round(width * 0.75),
    original,
  };
}

/**
 * `src`, `srcSet` and `sizes` of a plain `<img>` (the admin's cards and dialogs): the 480 and 1000
 * px JPEGs of one of our images, so small cards load the 480 px file; any other address as it is.
 */
export function imageAttributes(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const image = imageVariants(url);
  return image ? { src: image.src, srcSet: image.jpegSrcSet, sizes } : { src: siteImage(url) };
}

/** The 4:5 attention crop of an image with a recorded size, for area cards; undefined otherwise. */
export function cardCrop(url: string): { jpg: string; webp: string } | undefined {
  const image = webImage(url);
  if (!image?.name.original) return undefined;
  return { jpg: `${image.base}-card.jpg`, webp: `${image.base}-card.webp` };
}

/** The smallest variant, for thumbnails; the URL itself when it has no variants (if on this site). */
export function thumbnailUrl(url: string): string {
  const image = imageVariants(url);
  return image ? image.src.replace(/-1000\.jpg$/, '-480.jpg') : siteImage(url);
}

/** A download's file name without its extension: lowercase letters and digits in hyphenated words. */
export const DOWNLOAD_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const DOWNLOAD_NAME_MAX_LENGTH = 120;

/**
 * What a photo of a place is saved as: the place's address and the photo's position in its gallery,
 * from 1 ("belem-tower-3"), instead of the stored file's random name. Undefined for an address
 * that could not be a file name (the download then keeps the stored name).
 */
export function downloadName(slug: string, position: number): string | undefined {
  const name = `${slug}-${position}`;
  return DOWNLOAD_NAME.test(name) && name.length <= DOWNLOAD_NAME_MAX_LENGTH ? name : undefined;
}

/** The file a download gives: the original when it is on this site, else the image itself (if on this site). */
const downloadSource = (originalImagePath: string | null | undefined, imageUrl: string) =>
  [originalImagePath, imageUrl].find((url): url is string => Boolean(url) && isImageAddress(url!));

/**
 * Where the full-resolution download of an image comes from (sent as an attachment, named `name`
 * plus the file's own extension when a name is given); undefined when neither address is on this
 * site (no download is offered for another site's file).
 */
export function downloadUrl(
  originalImagePath: string | null | undefined,
  imageUrl: string,
  name?: string,
): string | undefined {
  const source = downloadSource(originalImagePath, imageUrl);
  if (!source) return undefined;
  if (!source.startsWith('/media/')) return source;
  const query = name ? `download=1&name=${name}` : 'download=1';
  return `${source}${source.includes('?') ? '&' : '?'}${query}`;
}

/** The file name a download is saved under ("belem-tower-3.heic"): the name and the file's extension. */
export function downloadFileName(originalImagePath: string | null | undefined, imageUrl: string, name: string): string {
  const path = (downloadSource(originalImagePath, imageUrl) ?? imageUrl).split('?')[0]!;
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? `${name}${file.slice(dot).toLowerCase()}` : name;
}

/**
 * An absolute URL on this site for social previews and structured data: `path` when it is an
 * image address of this site, else `fallback`.
 */
export function absoluteUrl(path: string, publicUrl: string, fallback: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${siteImage(path, fallback).replace(/^\/+/, '')}`;
}
