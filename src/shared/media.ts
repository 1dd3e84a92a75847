import { isImageAddress, siteImage } from './image-address';
import {
  LARGE_IMAGE_WIDTHS,
  largeWidthsFor,
  MEDIA_PREFIX,
  parseMediaName,
  THUMBNAIL_WIDTH,
  urlForKey,
  WEB_IMAGE_WIDTH,
  WEB_IMAGE_WIDTHS,
  webKey,
  type MediaName,
  type WebExt,
  type WebVariant,
} from './media-names';

/**
 * What pages make of our media names (src/shared/media-names.ts): the responsive variants of an
 * uploaded image, its card crop and thumbnail, and its download.
 */

/**
 * How wide a hero photo is drawn: the full width, or on a portrait screen the width of a 3:2 photo
 * covering a hero up to 88% of the screen's height (so phones get a file sharp enough for that).
 * The preload link of the page's head uses the same value, so the browser fetches one file.
 */
export const HERO_IMAGE_SIZES = '(orientation: portrait) 132vh, 100vw';

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

/** A web file of ours in one of the sizes pages choose from (or the card crop), with its name. */
function webImage(url: string): MediaName | undefined {
  const name = url.startsWith(MEDIA_PREFIX) ? parseMediaName(url) : undefined;
  const known = [...WEB_IMAGE_WIDTHS, ...LARGE_IMAGE_WIDTHS, 'card'] as const;
  if (name?.kind !== 'web' || !(known as readonly (number | string | undefined)[]).includes(name.variant)) {
    return undefined;
  }
  return name;
}

/** The address of one web file of an image. */
const webUrl = (id: string, variant: WebVariant, ext: WebExt) => urlForKey(webKey(id, variant, ext));

/**
 * The files of one of our images that a page chooses from (the ResponsiveImage component draws
 * them); undefined for any other address.
 */
export function imageVariants(url: string): ImageVariants | undefined {
  const image = webImage(url);
  if (!image) return undefined;
  const { id, original } = image;
  // a file is never wider than the original: below 1000 px, the "1000" file is the original's width
  const fileWidth = (w: number) => (original ? Math.min(w, original.width) : w);
  const web = original && original.width <= THUMBNAIL_WIDTH ? [THUMBNAIL_WIDTH] : [...WEB_IMAGE_WIDTHS];
  const set = (ext: WebExt, widths: readonly number[]) =>
    widths.map((w) => `${webUrl(id, w, ext)} ${fileWidth(w)}w`).join(', ');
  const width = fileWidth(WEB_IMAGE_WIDTH);
  return {
    src: webUrl(id, WEB_IMAGE_WIDTH, 'jpg'),
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
  if (!image?.original) return undefined;
  return { jpg: webUrl(image.id, 'card', 'jpg'), webp: webUrl(image.id, 'card', 'webp') };
}

/** The smallest variant, for thumbnails; the URL itself when it has no variants (if on this site). */
export function thumbnailUrl(url: string): string {
  const image = webImage(url);
  return image ? webUrl(image.id, THUMBNAIL_WIDTH, 'jpg') : siteImage(url);
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
  if (!source.startsWith(MEDIA_PREFIX)) return source;
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
