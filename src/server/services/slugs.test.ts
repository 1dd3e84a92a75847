import { describe, expect, it } from 'vitest';
import { slugify } from './slugs';

describe('slugify', () => {
  it('lowercases and hyphenates words', () => {
    expect(slugify('  Eiffel Tower, at Night!  ')).toBe('eiffel-tower-at-night');
  });

  it('transliterates accents and special Latin letters', () => {
    expect(slugify('Crème Brûlée in Köln')).toBe('creme-brulee-in-koln');
    expect(slugify('Straße über Øresund & Łódź')).toBe('strasse-uber-oresund-and-lodz');
  });

  it('transliterates Cyrillic and Greek', () => {
    expect(slugify('Красная площадь')).toBe('krasnaya-ploshchad');
    expect(slugify('Ακρόπολη')).toBe('akropoli');
  });

  it('never returns an empty slug, even for Chinese text', () => {
    const slug = slugify('故宫');
    expect(slug).toMatch(/^place-[0-9a-f]{8}$/);
    expect(slugify('故宫')).toBe(slug);
    expect(slugify('长城')).not.toBe(slug);
    expect(slugify('')).toMatch(/^place-/);
  });

  it('keeps slugs short without cutting a word in half', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.split('-').every((w) => w === 'word')).toBe(true);
  });
});
