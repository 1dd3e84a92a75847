import { describe, expect, it } from 'vitest';
import { BLANK_IMAGE } from '@/shared/image-address';
import { formatDate, isoDate } from '@/client/lib/format-date';
import { photoCountText } from './admin-place-card';
import { imageAttributes } from '@/shared/media';

describe("place dates on the Edit Places screen (the site's one date formatter)", () => {
  it('fills the date input from ISO, EXIF and other readable dates', () => {
    expect(isoDate('2024-05-01')).toBe('2024-05-01');
    expect(isoDate('2024:05:01 12:30:00')).toBe('2024-05-01');
    expect(isoDate('2024-05-01T10:00:00Z')).toBe('2024-05-01');
    expect(isoDate('sometime in spring')).toBeUndefined();
  });

  it("formats cards as 'MMMM d, yyyy' in English, EXIF dates too, and leaves unreadable text alone", () => {
    expect(formatDate('2024-12-05', 'en')).toBe('December 5, 2024');
    expect(formatDate('2024:12:05 08:00:00', 'en')).toBe('December 5, 2024');
    expect(formatDate('sometime in spring', 'en')).toBe('sometime in spring');
  });
});

describe('gallery counts', () => {
  it('say what they count, as the place page does: the cover and the gallery', () => {
    expect(photoCountText({ photoCount: 1, galleryCount: 0 })).toBe('1 photo on the place page: the cover');
    expect(photoCountText({ photoCount: 4, galleryCount: 3 })).toBe(
      '4 photos on the place page: the cover and 3 gallery photos',
    );
  });
});

describe('card images', () => {
  it('loads the 480 px file of a new upload (an id with the original size) on a small card', () => {
    const base = `/media/web/${'a'.repeat(32)}_4000x3000`;
    const sizes = '(min-width: 640px) 224px, 100vw';
    expect(imageAttributes(`${base}-1000.jpg`, sizes)).toEqual({
      src: `${base}-1000.jpg`,
      srcSet: `${base}-480.jpg 480w, ${base}-1000.jpg 1000w`,
      sizes,
    });
  });

  it('offers the 480 px twin of an image from before sizes were recorded, leaves other addresses of this site alone and shows none of another site', () => {
    const id = 'a'.repeat(32);
    expect(imageAttributes(`/media/web/${id}-1000.jpg`, '100vw')).toEqual({
      src: `/media/web/${id}-1000.jpg`,
      srcSet: `/media/web/${id}-480.jpg 480w, /media/web/${id}-1000.jpg 1000w`,
      sizes: '100vw',
    });
    expect(imageAttributes('/images/a.jpg', '100vw')).toEqual({ src: '/images/a.jpg' });
    expect(imageAttributes('https://example.org/a.jpg', '100vw')).toEqual({ src: BLANK_IMAGE });
  });
});
