import { describe, expect, it } from 'vitest';
import { formatPlaceDate, toDateInputValue } from './place-date';
import { responsiveImage } from './responsive-image';

describe('place dates on the Edit Places screen', () => {
  it('fills the date input from ISO, EXIF and other readable dates', () => {
    expect(toDateInputValue('2024-05-01')).toBe('2024-05-01');
    expect(toDateInputValue('2024:05:01 12:30:00')).toBe('2024-05-01');
    expect(toDateInputValue('2024-05-01T10:00:00Z')).toBe('2024-05-01');
    expect(toDateInputValue('sometime in spring')).toBe('');
  });

  it("formats cards as 'MMMM d, yyyy' and leaves unreadable text alone", () => {
    expect(formatPlaceDate('2024-12-05')).toBe('December 5, 2024');
    expect(formatPlaceDate('sometime in spring')).toBe('sometime in spring');
  });
});

describe('card images', () => {
  it('offers the 480 px twin of a generated image and leaves other addresses alone', () => {
    const id = 'a'.repeat(32);
    expect(responsiveImage(`/media/web/${id}-1000.jpg`, '100vw')).toEqual({
      src: `/media/web/${id}-1000.jpg`,
      srcSet: `/media/web/${id}-480.jpg 480w, /media/web/${id}-1000.jpg 1000w`,
      sizes: '100vw',
    });
    expect(responsiveImage('https://example.org/a.jpg', '100vw')).toEqual({ src: 'https://example.org/a.jpg' });
  });
});
