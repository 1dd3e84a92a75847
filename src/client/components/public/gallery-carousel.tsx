import { useState, type KeyboardEvent } from 'react';
import { downloadUrl, responsiveImage, thumbnailUrl } from '../../../shared/media';

/** A thumbnail 120 px wide in its file's aspect ratio (3:2 for images of unknown size). */
function thumbnailHeight(url: string): number {
  const image = responsiveImage(url);
  return image?.original ? Math.round((120 * image.height) / image.width) : 80;
}
import { useTranslate } from '../../lib/i18n';
import { Icon } from './icons';
import { ResponsiveImage } from './responsive-image';

export interface CarouselImage {
  id: string;
  imageUrl: string;
  originalImagePath: string | null;
  alt: string;
}

/**
 * The place's photos: the main image first, then the gallery (spec 4: the total is both together).
 * Previous/next are disabled at the ends and hidden when there is only one image; arrow keys work
 * too. Every image offers its full-resolution original for download.
 */
export function GalleryCarousel({ images }: { images: CarouselImage[] }) {
  const t = useTranslate();
  const [index, setIndex] = useState(0);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  if (!current) return null;

  const go = (next: number) => setIndex(Math.max(0, Math.min(total - 1, next)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    if (event.key === 'ArrowRight') go(index + 1);
  };
  const arrow =
    'absolute top-1/2 flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg transition hover:bg-white disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={t('placeDetail.gallery', 'Gallery')}
      onKeyDown={onKeyDown}
      className="space-y-4"
    >
      <div className="relative overflow-hidden rounded-3xl bg-slate-900 shadow-lg">
        <div className="relative aspect-[3/2]">
          <ResponsiveImage
            key={current.id}
            src={current.imageUrl}
            alt={current.alt}
            sizes="(min-width: 1024px) 896px, 100vw"
            className="absolute inset-0 h-full w-full object-contain"
          />
        </div>
        {total > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label={t('placeDetail.previous', 'Previous image')}
              className={`${arrow} left-3`}
            >
              <Icon name="chevron-left" size={24} />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              disabled={index === total - 1}
              aria-label={t('placeDetail.next', 'Next image')}
              className={`${arrow} right-3`}
            >
              <Icon name="chevron-right" size={24} />
            </button>
          </>
        )}
        <p aria-live="polite" className="carousel-counter">
          {index + 1} / {total}
        </p>
        <a href={downloadUrl(current.originalImagePath, current.imageUrl)} download className="carousel-download">
          <Icon name="download" size={16} />
          {t('placeDetail.download', 'Download full resolution')}
        </a>
      </div>
      {total > 1 && (
        <ul className="flex gap-3 overflow-x-auto pb-2">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`${i + 1} / ${total}`}
                aria-current={i === index ? 'true' : undefined}
                className={`block overflow-hidden rounded-xl ring-2 transition ${
                  i === index ? 'ring-brand-600' : 'opacity-70 ring-transparent hover:opacity-100'
                }`}
              >
                <img
                  src={thumbnailUrl(image.imageUrl)}
                  alt=""
                  width={120}
                  height={thumbnailHeight(image.imageUrl)}
                  loading="lazy"
                  decoding="async"
                  className="h-20 w-28 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
