import { describe, expect, it } from 'vitest';
import { absoluteUrl, downloadUrl, responsiveImage, thumbnailUrl } from './media';

describe('responsive images from the media naming convention', () => {
  it('derives WebP and JPEG sources at 480 and 1000 px from a web image URL', () => {
    expect(responsiveImage('/media/web/3f2c9a-1000.jpg')).toEqual({
      src: '/media/web/3f2c9a-1000.jpg',
      jpegSrcSet: '/media/web/3f2c9a-480.jpg 480w, /media/web/3f2c9a-1000.jpg 1000w',
      webpSrcSet: '/media/web/3f2c9a-480.webp 480w, /media/web/3f2c9a-1000.webp 1000w',
    });
    expect(thumbnailUrl('/media/web/3f2c9a-1000.jpg')).toBe('/media/web/3f2c9a-480.jpg');
  });

  it('leaves any other address without variants', () => {
    expect(responsiveImage('https://example.com/photo.jpg')).toBeUndefined();
    expect(responsiveImage('/media/originals/3f2c9a.jpg')).toBeUndefined();
    expect(responsiveImage('/media/web/../x-1000.jpg')).toBeUndefined();
    expect(thumbnailUrl('https://example.com/photo.jpg')).toBe('https://example.com/photo.jpg');
  });

  it('downloads the original as an attachment, or the image itself when there is none', () => {
    expect(downloadUrl('/media/originals/3f2c9a.heic', '/media/web/3f2c9a-1000.jpg')).toBe(
      '/media/originals/3f2c9a.heic?download=1',
    );
    expect(downloadUrl(null, '/media/web/3f2c9a-1000.jpg')).toBe('/media/web/3f2c9a-1000.jpg?download=1');
    expect(downloadUrl(null, 'https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
  });

  it('makes social-preview URLs absolute', () => {
    expect(absoluteUrl('/media/web/a-1000.jpg', 'https://travel.example/')).toBe(
      'https://travel.example/media/web/a-1000.jpg',
    );
    expect(absoluteUrl('https://cdn.example/a.jpg', 'https://travel.example')).toBe('https://cdn.example/a.jpg');
  });
});
