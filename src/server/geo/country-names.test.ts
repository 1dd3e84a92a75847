import { describe, expect, it } from 'vitest';
import { localCountryName } from './country-names';

describe('country names on pages in other languages', () => {
  it.each([
    // each language from the CLDR data built into Node
    ['Italy', 'de', 'Italien'],
    ['Italy', 'fr', 'Italie'],
    ['Italy', 'es', 'Italia'],
    ['Italy', 'zh', '意大利'],
    // the stored English name on English pages and for names it cannot place
    ['Italy', 'en', 'Italy'],
    ['Unknown country', 'de', 'Unknown country'],
    // the English spellings places store (aliases, overrides)
    ['United States', 'fr', 'États-Unis'],
    ['Czech Republic', 'de', 'Tschechien'],
  ] as const)('names %s in %s: %s', (name, lang, local) => {
    expect(localCountryName(name, lang)).toBe(local);
  });
});
