import { siteImage } from '@/shared/image-address';
import { cardCrop, imageVariants } from '@/shared/media';
import { CARD_CROP } from '@/shared/media-names';

export interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** The language of the alt text where it differs from the page's (`en`: an English fallback). */
  lang?: string;
  /** How wide the image is drawn, for the browser's choice of file (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /** The hero: fetched at once with high priority. Everything else loads when scrolled near. */
  priority?: boolean;
  /** `card`: the 4:5 attention crop made for city and country cards, when the image has one. */
  crop?: 'card';
}

/**
 * A picture with WebP and JPEG variants (480 and 1000 px, WebP up to 2400 px for wide originals)
 * when the URL follows the media naming convention; a plain image otherwise (nothing visible for a
 * stored address of another site, see shared/image-address.ts). Width and height are
 * the served file's (known from the size recorded in the image id), so the box is reserved at the
 * right aspect ratio and nothing shifts.
 */
export function ResponsiveImage({ src, alt, lang, sizes, className, priority = false, crop }: ResponsiveImageProps) {
  const card = crop === 'card' ? cardCrop(src) : undefined;
  const variants = card ? undefined : imageVariants(src);
  const img = (
    <img
      src={card?.jpg ?? variants?.src ?? siteImage(src)}
      srcSet={variants?.jpegSrcSet}
      sizes={variants ? sizes : undefined}
      alt={alt}
      lang={lang}
      width={card ? CARD_CROP.width : (variants?.width ?? 1000)}
      height={card ? CARD_CROP.height : (variants?.height ?? 750)}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (!variants && !card) return img;
  return (
    <picture>
      {card ? (
        <source type="image/webp" srcSet={card.webp} />
      ) : (
        <source type="image/webp" srcSet={variants!.webpSrcSet} sizes={sizes} />
      )}
      {img}
    </picture>
  );
}
