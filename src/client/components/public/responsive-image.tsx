import { responsiveImage } from '../../../shared/media';

export interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** How wide the image is drawn, for the browser's choice of file (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /** The hero: fetched at once with high priority. Everything else loads when scrolled near. */
  priority?: boolean;
  width?: number;
  height?: number;
}

/**
 * A picture with WebP and JPEG variants at 480 and 1000 px when the URL follows the media naming
 * convention; a plain image otherwise. Width and height reserve its box, so nothing shifts.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  className,
  priority = false,
  width = 1000,
  height = 750,
}: ResponsiveImageProps) {
  const variants = responsiveImage(src);
  const img = (
    <img
      src={variants?.src ?? src}
      srcSet={variants?.jpegSrcSet}
      sizes={variants ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (!variants) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={variants.webpSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
