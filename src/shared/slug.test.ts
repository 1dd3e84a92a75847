import { describe, expect, it } from 'vitest';
import { slugify, SLUG_BASE_MAX_LENGTH } from './slug';

describe('slugify, the one slug rule of server and admin screens', () => {
  // 24 names in 9 scripts: Latin, Cyrillic, Greek, Han, Kana, Hangul, Arabic, Hebrew, Thai
  const names: Array<[string, string]> = [
    ['Eiffel Tower, at Night!', 'eiffel-tower-at-night'],
    ['Łódź', 'lodz'],
    ['München', 'munchen'],
    ['Straße über Øresund & Łódź', 'strasse-uber-oresund-and-lodz'],
    ['Crème Brûlée in Köln', 'creme-brulee-in-koln'],
    ['São Paulo', 'sao-paulo'],
    ['Đà Nẵng', 'da-nang'],
    ['İstanbul', 'istanbul'],
    ['Ærøskøbing', 'aeroskobing'],
    ["Saint-Jean-d'Angély", 'saint-jean-dangely'],
    ['Москва', 'moskva'],
    ['Красная площадь', 'krasnaya-ploshchad'],
    ['Київ', 'kiyiv'],
    ['Αθήνα', 'athina'],
    ['Ακρόπολη', 'akropoli'],
    ['北京', 'bei-jing'],
    ['故宫', 'gu-gong'],
    ['東京', 'dong-jing'],
    ['とうきょう', 'toukiyou'],
    ['서울', 'seoul'],
    ['القاهرة', 'lqhr'],
    ['תל אביב', 'tl-byb'],
    ['กรุงเทพ', 'krungethph'],
    ['Rome 2024-05-17', 'rome-2024-05-17'],
  ];

  it.each(names)('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('never answers an empty slug, and answers the same one for the same text', () => {
    expect(slugify('🏔️')).toMatch(/^place-[0-9a-f]{8}$/);
    expect(slugify('🏔️')).toBe(slugify('🏔️'));
    expect(slugify('🌊')).not.toBe(slugify('🏔️'));
    expect(slugify('')).toMatch(/^place-[0-9a-f]{8}$/);
  });

  it('keeps slugs short without cutting a word in half', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_BASE_MAX_LENGTH);
    expect(slug.split('-').every((w) => w === 'word')).toBe(true);
  });

  it('makes a long story title an address of at most 60 characters, ending at a whole word', () => {
    expect(SLUG_BASE_MAX_LENGTH).toBe(60);
    const slug = slugify(
      'Morning walk with the old camera, great light over the river and the bridges of the old town',
    );
    expect(slug).toBe('morning-walk-with-the-old-camera-great-light-over-the-river');
    expect(slug.length).toBeLessThanOrEqual(60);
    // exactly 60 characters stay as they are
    const sixty = `${'a'.repeat(29)}-${'b'.repeat(30)}`;
    expect(slugify(sixty)).toBe(sixty);
    // one word past the limit is left out whole
    expect(slugify(`${sixty} c`)).toBe(sixty);
  });

  it('cuts a single word longer than the limit at the limit, never answering a longer slug', () => {
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(60));
    expect(slugify(`${'y'.repeat(70)} tail`)).toBe('y'.repeat(60));
  });
});
