import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GalleryImageDto } from '@/shared/api/public';
import { GalleryCarousel, placeCarouselImages } from './gallery-carousel';

/** A place on a German page whose title and summary have no German translation. */
const place = {
  imageUrl: '/media/web/tower-1000.jpg',
  originalImagePath: null,
  title: 'Belém Tower',
  description: 'A fortress in the river',
  englishFields: ['title' as const, 'description' as const],
};

const photo = (id: string, texts: Pick<GalleryImageDto, 'alt' | 'caption' | 'englishFields'>): GalleryImageDto => ({
  id,
  imageUrl: `/media/web/${id}-1000.jpg`,
  originalImagePath: null,
  ...texts,
});

// The first photo: a German caption written by hand, its alt text still English.
const mixed = photo('mixed', { alt: 'A white stone tower in the water', caption: 'Der Turm', englishFields: ['alt'] });
// The second: no words at all, so the (English) title and its number stand for them.
const bare = photo('bare', { alt: null, caption: null, englishFields: [] });

/** Each `<img>` and caption of the carousel showing `images`' first photo, with its `lang` ('page': none). */
function shown(images: ReturnType<typeof placeCarouselImages>) {
  const html = renderToStaticMarkup(<GalleryCarousel images={images} slug="belem-tower" title={place.title} />);
  const lang = (tag: string) => /\blang="([^"]*)"/.exec(tag)?.[1] ?? 'page';
  const img = /<img\b[^>]*\balt="[^"]+"[^>]*>/.exec(html)![0];
  const caption = /<p class="gallery-caption"[^>]*>/.exec(html)?.[0];
  return { alt: lang(img), caption: caption && lang(caption) };
}

describe('a place’s photos on a page in another language', () => {
  it('marks an English alt text English even where the caption is in the page’s language', () => {
    const images = placeCarouselImages(place, [mixed, bare]);
    expect(images.map(({ alt, altLang, caption, captionLang }) => ({ alt, altLang, caption, captionLang }))).toEqual([
      { alt: place.description, altLang: 'en', caption: place.description, captionLang: 'en' },
      { alt: mixed.alt, altLang: 'en', caption: 'Der Turm', captionLang: undefined },
      { alt: 'Belém Tower – 3 / 3', altLang: 'en', caption: undefined, captionLang: undefined },
    ]);
    expect(shown(images.slice(1))).toEqual({ alt: 'en', caption: 'page' });
    expect(shown(images)).toEqual({ alt: 'en', caption: 'en' });
  });

  it('marks nothing where the place and its photos are written in the page’s language', () => {
    const translated = { ...place, englishFields: [] };
    const german = photo('german', { alt: 'Ein Turm', caption: 'Der Turm', englishFields: [] });
    const images = placeCarouselImages(translated, [german, bare]);
    expect(images.map((image) => [image.altLang, image.captionLang])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(shown(images.slice(1))).toEqual({ alt: 'page', caption: 'page' });
  });
});
