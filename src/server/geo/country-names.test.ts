import { describe, expect, it } from 'vitest';
import { localCountryName } from './country-names';

describe('country names on pages in other languages', () => {
  it('names Italy in each language from the CLDR data built into Node', () => {
    expect(localCountryName('Italy', 'de')).toBe('Italien');
    expect(localCountryName('Italy', 'fr')).toBe('Italie');
    expect(localCountryName('Italy', 'es')).toBe('Italia');
    expect(localCountryName('Italy', 'zh')).toBe('意大利');
  });

  it('keeps the stored English name on English pages and names it cannot place', () => {
    expect(localCountryName('Italy', 'en')).toBe('Italy');
    expect(localCountryName('Unknown country', 'de')).toBe('Unknown country');
  });

  it('understands the English spellings places store (aliases, overrides)', () => {
    expect(localCountryName('United States', 'fr')).toBe('États-Unis');
    expect(localCountryName('Czech Republic', 'de')).toBe('Tschechien');
  });
});
