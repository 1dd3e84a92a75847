import { describe, expect, it } from 'vitest';
import { placeSlugText } from './slugs';

describe('placeSlugText', () => {
  const rome = { city: 'Rome', country: 'Italy', date: '2024-05-17' };

  it('is the title when the title is not the bare name of its city or country', () => {
    expect(placeSlugText('Colosseum at Dusk', rome)).toBe('Colosseum at Dusk');
    expect(placeSlugText('Rome Colosseum', rome)).toBe('Rome Colosseum');
  });

  it('adds the date when the title would take the address of its city or country page', () => {
    expect(placeSlugText('Rome', rome)).toBe('Rome 2024-05-17');
    expect(placeSlugText('  ROME! ', rome)).toBe('  ROME!  2024-05-17');
    expect(placeSlugText('Italy', rome)).toBe('Italy 2024-05-17');
    expect(placeSlugText('Łódź', { city: 'Lodz', country: 'Poland', date: '2024-01-02' })).toBe('Łódź 2024-01-02');
  });
});
