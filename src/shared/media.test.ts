import { describe, expect, it } from 'vitest';
import { BLANK_IMAGE } from './image-address';
import {
  absoluteUrl,
  cardCrop,
  downloadFileName,
  downloadName,
  downloadUrl,
  imageVariants,
  thumbnailUrl,
} from './media';

describe('responsive images from the media naming convention', () => {
  it('derives WebP and JPEG sources at 480 and 1000 px from a web image URL', () => {
    const base = '/media/web/3f2c9a0123456789abcdef0123456789';
    expect(imageVariants(`${base}-1000.jpg`)).toEqual({
      src: `${base}-1000.jpg`,
      jpegSrcSet: `${base}-480.jpg 480w, ${base}-1000.jpg 1000w`,
      webpSrcSet: `${base}-480.webp 480w, ${base}-1000.webp 1000w`,
      width: 1000,
      height: 750,
      original: undefined,
    });
    expect(thumbnailUrl(`${base}-1000.jpg`)).toBe(`${base}-480.jpg`);
  });

  it('knows the larger WebP sizes and the true aspect ratio from the size recorded in the id', () => {
    const id = '0123456789abcdef0123456789abcdef_4032x3024';
    expect(imageVariants(`/media/web/${id}-1000.jpg`)).toEqual({
      src: `/media/web/${id}-1000.jpg`,
      jpegSrcSet: `/media/web/${id}-480.jpg 480w, /media/web/${id}-1000.jpg 1000w`,
      webpSrcSet: `/media/web/${id}-480.webp 480w, /media/web/${id}-1000.webp 1000w, /media/web/${id}-1600.webp 1600w, /media/web/${id}-2400.webp 2400w`,
      width: 1000,
      height: 750,
      original: { width: 4032, height: 3024 },
    });
    // a portrait original narrower than 1600 px: no large sizes, the 1000 px file is 1000 x 1333
    const portrait = imageVariants('/media/web/0123456789abcdef0123456789abcdef_1200x1600-1000.jpg')!;
    expect(portrait.webpSrcSet).not.toContain('1600w');
    expect([portrait.width, portrait.height]).toEqual([1000, 1333]);
    // smaller than 1000 px: the "1000" file is as wide as the original
    const small = imageVariants('/media/web/0123456789abcdef0123456789abcdef_800x600-1000.jpg')!;
    expect(small.jpegSrcSet).toContain('-1000.jpg 800w');
    expect([small.width, small.height]).toEqual([800, 600]);
    expect(cardCrop(`/media/web/${id}-1000.jpg`)).toEqual({
      jpg: `/media/web/${id}-card.jpg`,
      webp: `/media/web/${id}-card.webp`,
    });
    expect(cardCrop('/media/web/3f2c9a0123456789abcdef0123456789-1000.jpg')).toBeUndefined();
  });

  it('leaves any other address without variants', () => {
    expect(imageVariants('https://example.com/photo.jpg')).toBeUndefined();
    expect(imageVariants('/media/originals/3f2c9a.jpg')).toBeUndefined();
    expect(imageVariants('/media/web/../x-1000.jpg')).toBeUndefined();
    // a name our uploads never make (typed by hand): no 480 px twin to count on
    expect(imageVariants('/media/web/3f2c9a-1000.jpg')).toBeUndefined();
    expect(thumbnailUrl('/og-image.jpg')).toBe('/og-image.jpg');
    // a stored address of another site is never put in a page
    expect(thumbnailUrl('https://example.com/photo.jpg')).toBe(BLANK_IMAGE);
    expect(thumbnailUrl('/\\evil.example/photo.jpg')).toBe(BLANK_IMAGE);
  });

  it('downloads the original as an attachment, or the image itself when there is none', () => {
    expect(downloadUrl('/media/originals/3f2c9a.heic', '/media/web/3f2c9a-1000.jpg')).toBe(
      '/media/originals/3f2c9a.heic?download=1',
    );
    expect(downloadUrl(null, '/media/web/3f2c9a-1000.jpg')).toBe('/media/web/3f2c9a-1000.jpg?download=1');
    // never a download from another site: the image on this site instead, or none at all
    expect(downloadUrl('/\\evil.example/a.jpg', '/media/web/3f2c9a-1000.jpg')).toBe(
      '/media/web/3f2c9a-1000.jpg?download=1',
    );
    expect(downloadUrl(null, 'https://example.com/a.jpg')).toBeUndefined();
    expect(downloadUrl(null, '/\\evil.example/a.jpg')).toBeUndefined();
  });

  it("names a download after the place and the photo's position, with the file's own extension", () => {
    expect(downloadName('belem-tower', 3)).toBe('belem-tower-3');
    expect(downloadUrl('/media/originals/3f2c9a.heic', '/media/web/3f2c9a-1000.jpg', 'belem-tower-3')).toBe(
      '/media/originals/3f2c9a.heic?download=1&name=belem-tower-3',
    );
    expect(downloadFileName('/media/originals/3f2c9a.HEIC', '/media/web/3f2c9a-1000.jpg', 'belem-tower-3')).toBe(
      'belem-tower-3.heic',
    );
    expect(downloadFileName(null, '/media/web/3f2c9a-1000.jpg', 'belem-tower-1')).toBe('belem-tower-1.jpg');
    // an address that could not be a file name keeps the stored name
    expect(downloadName('a"b', 1)).toBeUndefined();
    expect(downloadName('x'.repeat(200), 1)).toBeUndefined();
  });

  it('makes social-preview URLs absolute', () => {
    expect(absoluteUrl('/media/web/a-1000.jpg', 'https://travel.example/', '/og-image.jpg')).toBe(
      'https://travel.example/media/web/a-1000.jpg',
    );
    // another site's address becomes the fallback on this site
    for (const stored of ['https://cdn.example/a.jpg', '/\\evil.example/a.jpg']) {
      expect(absoluteUrl(stored, 'https://travel.example', '/og-image.jpg')).toBe(
        'https://travel.example/og-image.jpg',
      );
    }
  });
});
