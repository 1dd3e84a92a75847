import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { downloadFileName, downloadName, downloadUrl, imageVariants, thumbnailUrl } from '@/shared/media';
import { parseMediaName } from '@/shared/media-names';
import type { GalleryImageDto, PlaceDto } from '@/shared/api/public';
import { englishIf, useUiText } from '../../lib/i18n';
import { Icon } from './icons';
import { ResponsiveImage } from './responsive-image';

export interface CarouselImage {
  id: string;
  imageUrl: string;
  originalImagePath: string | null;
  alt: string;
  /** What is said under the photo (in the page and under its title full screen), if anything. */
  caption?: string;
  /** The language of its alt text where it differs from the page's (`en`: the English shown instead). */
  altLang?: string;
  /** The language of its caption in the same way: a photo's two texts may be in different languages. */
  captionLang?: string;
}

/**
 * A place's photos as its page shows them: its own photo, described by its summary, then the
 * gallery, each photo with its own words (this language, else English), and without them the
 * place's title and the photo's number. Each text is marked `lang="en"` where it is the English fallback,
 * the alt text and the caption each on its own (a German caption may go with an English alt text).
 */
export function placeCarouselImages(
  place: Pick<PlaceDto, 'imageUrl' | 'originalImagePath' | 'title' | 'description' | 'englishFields'>,
  gallery: readonly GalleryImageDto[],
): CarouselImage[] {
  const summaryLang = englishIf(place.englishFields, 'description');
  const titleLang = englishIf(place.englishFields, 'title');
  return [
    {
      id: 'main',
      imageUrl: place.imageUrl,
      originalImagePath: place.originalImagePath,
      alt: place.description,
      altLang: summaryLang,
      caption: place.description,
      captionLang: summaryLang,
    },
    ...gallery.map(({ englishFields, ...image }, i) => ({
      ...image,
      alt: image.alt ?? `${place.title} – ${i + 2} / ${gallery.length + 1}`,
      altLang: image.alt === null ? titleLang : englishIf(englishFields, 'alt'),
      caption: image.caption ?? undefined,
      captionLang: englishIf(englishFields, 'caption'),
    })),
  ];
}

/** A thumbnail 120 px wide in its file's aspect ratio (3:2 for images of unknown size). */
function thumbnailHeight(url: string): number {
  const image = imageVariants(url);
  return image?.original ? Math.round((120 * image.height) / image.width) : 80;
}

const FORMATS: Record<string, string> = { jpg: 'JPEG', jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' };

/** What a download gives: "4032 × 3024 px · JPEG" (the size is known from the image id). */
function fileFacts(image: CarouselImage): string {
  const path = (image.originalImagePath || image.imageUrl).split('?')[0]!;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const size = parseMediaName(path)?.original ?? imageVariants(image.imageUrl)?.original;
  const format = FORMATS[name.slice(dot + 1).toLowerCase()];
  return [size && `${size.width} × ${size.height} px`, format].filter(Boolean).join(' · ');
}

/**
 * The place's photos: the main image first, then the gallery (docs/product.md §4.4: the total is both together).
 * Previous/next are disabled at the ends and hidden, with the counter, when there is only one
 * image; arrow keys and swipes work too. Under the photo: its caption, the counter, the download of the
 * full-resolution original (with its pixel size, format and CC0 licence) and a share button. A
 * full-screen view (a modal dialog: Escape closes it and focus returns to the button) shows the
 * largest size, with the place's title, the photo's caption and the download. Downloads are saved as
 * the place's address and the photo's position ("belem-tower-3.jpg"), not the stored file's name.
 */
export function GalleryCarousel({
  images,
  slug,
  title,
  titleLang,
}: {
  images: CarouselImage[];
  slug: string | null;
  title: string;
  /** The title's language where it differs from the page's (`en`: an untranslated place). */
  titleLang?: string;
}) {
  const t = useUiText();
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const [copied, setCopied] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeFrom = useRef<number | undefined>(undefined);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  if (!current) return null;

  const go = (next: number) => setIndex(Math.max(0, Math.min(total - 1, next)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    if (event.key === 'ArrowRight') go(index + 1);
  };
  const swipe = {
    onPointerDown: (event: PointerEvent) => {
      swipeFrom.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      const dx = event.clientX - (swipeFrom.current ?? event.clientX);
      if (Math.abs(dx) > 40) go(index + (dx < 0 ? 1 : -1));
      swipeFrom.current = undefined;
    },
  };
  const openFull = () => {
    setFull(true);
    dialog.current?.showModal();
  };
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: document.title, url });
      else {
        await navigator.clipboard.writeText(url);
        setCopied(true);
      }
    } catch {
      // the visitor closed the share sheet, or the clipboard is not available: nothing to report
    }
  };
  const arrows = (size: number) =>
    total > 1 && (
      <>
        <button
          type="button"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t('placeDetail.previous')}
          className="gallery-arrow left-3"
        >
          <Icon name="chevron-left" size={size} />
        </button>
        <button
          type="button"
          onClick={() => go(index + 1)}
          disabled={index === total - 1}
          aria-label={t('placeDetail.next')}
          className="gallery-arrow right-3"
        >
          <Icon name="chevron-right" size={size} />
        </button>
      </>
    );
  /**
   * The current photo where it is shown (in the page, full screen): swipeable, with its arrows and
   * the view's own controls. A render function, not a component, so nothing remounts on a change.
   */
  const stage = (view: { frame: string; sizes: string; image: string; arrowSize: number }, controls: ReactNode) => (
    <div className={view.frame} {...swipe}>
      <ResponsiveImage
        key={current.id}
        src={current.imageUrl}
        alt={current.alt}
        lang={current.altLang}
        sizes={view.sizes}
        className={view.image}
      />
      {arrows(view.arrowSize)}
      {controls}
    </div>
  );
  const position = Math.min(index, total - 1) + 1;
  const name = slug ? downloadName(slug, position) : undefined;
  const href = downloadUrl(current.originalImagePath, current.imageUrl, name);
  const download = href && {
    href,
    download: name ? downloadFileName(current.originalImagePath, current.imageUrl, name) : true,
  };
  const counter = total > 1 && (
    <p aria-live="polite" className="gallery-counter">
      {index + 1} / {total}
    </p>
  );

  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={t('placeDetail.gallery')}
      onKeyDown={onKeyDown}
      className="space-y-4"
    >
      <figure className="overflow-hidden rounded-3xl bg-slate-900 shadow-lg">
        {stage(
          {
            frame: 'relative aspect-[3/2] touch-pan-y',
            sizes: '(min-width: 1024px) 896px, 100vw',
            image: 'absolute inset-0 h-full w-full object-contain',
            arrowSize: 24,
          },
          <button
            ref={opener}
            type="button"
            onClick={openFull}
            aria-label={t('gallery.fullscreen')}
            className="gallery-expand"
          >
            <Icon name="expand" size={20} />
          </button>,
        )}
        <figcaption className="gallery-bar">
          {current.caption && (
            <p className="gallery-caption" lang={current.captionLang}>
              {current.caption}
            </p>
          )}
          {counter}
          {download && (
            <a {...download} className="gallery-download">
              <Icon name="download" size={18} className="shrink-0" />
              <span>
                <span className="block font-semibold">{t('placeDetail.download')}</span>
                <span className="block text-xs text-slate-300">
                  {[fileFacts(current), t('gallery.licence')].filter(Boolean).join(' · ')}
                </span>
              </span>
            </a>
          )}
          <button type="button" onClick={() => void share()} className="gallery-share">
            <Icon name="share" size={18} />
            <span>{t('gallery.share')}</span>
          </button>
          <span role="status" className="sr-only">
            {copied ? t('gallery.linkCopied') : ''}
          </span>
        </figcaption>
      </figure>
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
      <dialog
        ref={dialog}
        aria-label={current.alt}
        className="gallery-dialog"
        onKeyDown={onKeyDown}
        onClose={() => {
          setFull(false);
          opener.current?.focus();
        }}
      >
        {full && (
          <figure className="flex h-full flex-col">
            {stage(
              {
                frame: 'relative flex min-h-0 w-full flex-1 items-center justify-center',
                sizes: '100vw',
                image: 'max-h-full max-w-full object-contain',
                arrowSize: 28,
              },
              <>
                <div className="absolute left-3 top-3">{counter}</div>
                <button
                  type="button"
                  onClick={() => dialog.current?.close()}
                  aria-label={t('gallery.close')}
                  className="gallery-close"
                >
                  <Icon name="close" size={24} />
                </button>
              </>,
            )}
            <figcaption className="gallery-bar">
              <span className="min-w-0 flex-[1_1_16rem]">
                <span className="block font-semibold" lang={titleLang}>
                  {title}
                </span>
                {current.caption && (
                  <span className="block text-slate-300" lang={current.captionLang}>
                    {current.caption}
                  </span>
                )}
              </span>
              {download && (
                <a {...download} className="gallery-download">
                  <Icon name="download" size={18} className="shrink-0" />
                  <span className="font-semibold">{t('placeDetail.download')}</span>
                </a>
              )}
            </figcaption>
          </figure>
        )}
      </dialog>
    </div>
  );
}
