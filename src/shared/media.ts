/**
 * Responsive variants of an uploaded image, derived from the naming convention of stored files:
 * `/media/web/<id>-480.jpg|webp` and `/media/web/<id>-1000.jpg|webp`, with the full-resolution
 * original at `/media/originals/<id>.<ext>`. Any other URL (an admin may type one) has no variants.
 */
export const WEB_IMAGE_WIDTHS = [480, 1000] as const;

export interface ResponsiveImage {
  /** The fallback source: the 1000 px JPEG. */
  src: string;
  jpegSrcSet: string;
  webpSrcSet: string;
}

const WEB_IMAGE = /^(\/media\/web\/[a-z0-9][a-z0-9_-]*?)-(?:480|1000)\.(?:jpg|webp)$/;

export function responsiveImage(url: string): ResponsiveImage | undefined {
  const match = WEB_IMAGE.exec(url);
  if (!match) return undefined;
  const base = match[1];
  const set = (ext: string) => WEB_IMAGE_WIDTHS.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  return { src: `${base}-1000.jpg`, jpegSrcSet: set('jpg'), webpSrcSet: set('webp') };
}

/** The smallest variant, for thumbnails; the URL itself when it has no variants. */
export function thumbnailUrl(url: string): string {
  const image = responsiveImage(url);
  return image ? image.src.replace(/-1000\.jpg$/, '-480.jpg') : url;
}

/** Where the full-resolution download of an image comes from (sent as an attachment). */
export function downloadUrl(originalImagePath: string | null | undefined, imageUrl: string): string {
  const source = originalImagePath || imageUrl;
  if (!source.startsWith('/media/')) return source;
  return `${source}${source.includes('?') ? '&' : '?'}download=1`;
}

/** An absolute URL for social previews and structured data. */
export function absoluteUrl(url: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}
