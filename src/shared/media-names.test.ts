import { describe, expect, it } from 'vitest';
import { imageFamilyKeys, imageIdOf, newImageId, parseMediaName } from './media-names';

describe('the names of stored media files', () => {
  it('reads every media name with one pattern: web sizes, card crops and originals, as keys or addresses', () => {
    const id = '0123456789abcdef0123456789abcdef_4000x3000';
    expect(parseMediaName(`web/${id}-480.jpg`)).toEqual({
      kind: 'web',
      id,
      variant: 480,
      ext: 'jpg',
      original: { width: 4000, height: 3000 },
    });
    expect(parseMediaName(`/media/web/${id}-card.webp`)).toMatchObject({ kind: 'web', id, variant: 'card' });
    const old = '0123456789abcdef0123456789abcdef';
    expect(parseMediaName(`/media/originals/${old}.png`)).toEqual({ kind: 'original', id: old, ext: 'png' });
    for (const other of [
      `web/${id}.jpg`,
      `originals/${id}-480.jpg`,
      `web/${old.toUpperCase()}-480.jpg`,
      `web/${id}-480.gif`,
      `thumbs/${id}-480.jpg`,
      `/media/web/../${id}-480.jpg`,
      'https://example.com/photo-1000.jpg',
    ]) {
      expect(parseMediaName(other)).toBeUndefined();
    }
  });

  it('names a new upload by 32 random hex digits and its size, and reads that size back', () => {
    const id = newImageId(4032, 3024);
    expect(id).toMatch(/^[0-9a-f]{32}_4032x3024$/);
    expect(newImageId(4032, 3024)).not.toBe(id);
    expect(parseMediaName(`web/${id}-1000.jpg`)?.original).toEqual({ width: 4032, height: 3024 });
  });

  it('lists every file an image may have, and finds the image behind any one of their addresses', () => {
    const id = '0123456789abcdef0123456789abcdef_4000x3000';
    const keys = imageFamilyKeys(id);
    expect(keys).toEqual(
      expect.arrayContaining([
        `web/${id}-480.jpg`,
        `web/${id}-1000.webp`,
        `web/${id}-2400.webp`,
        `web/${id}-card.jpg`,
        `originals/${id}.avif`,
      ]),
    );
    for (const key of keys) expect(imageIdOf(`/media/${key}`)).toBe(id);
    // a key is not an address, and another site's file is not ours
    expect(imageIdOf(`web/${id}-480.jpg`)).toBeUndefined();
    expect(imageIdOf('https://example.com/photo-1000.jpg')).toBeUndefined();
    expect(imageIdOf(null)).toBeUndefined();
  });
});
