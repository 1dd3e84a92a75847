import { describe, expect, it } from 'vitest';
import { formatDate, isoDate } from './format-date';
import { languageFor, pathInLanguage } from './i18n';
import { readLanguageCookie } from './language-cookie';

describe('current language and language switching', () => {
  it('takes the language from the first path segment, then the cookie, then English', () => {
    expect(languageFor('/zh/home', 'de')).toBe('zh');
    expect(languageFor('/iladmin/login', 'de')).toBe('de');
    expect(languageFor('/xx/home', undefined)).toBe('en');
    expect(languageFor('/', 'nonsense')).toBe('en');
  });

  it('replaces the language segment and keeps the rest of the path', () => {
    expect(pathInLanguage('/en/belem-tower', 'fr')).toBe('/fr/belem-tower');
    expect(pathInLanguage('/de', 'es')).toBe('/es/home');
    expect(pathInLanguage('/some/page', 'zh')).toBe('/zh/home');
  });

  it('reads the language cookie among others', () => {
    expect(readLanguageCookie('a=1; lang=es; b=2')).toBe('es');
    expect(readLanguageCookie('flang=es')).toBeUndefined();
  });
});

describe('dates in the page language', () => {
  // The card's 'MMMM d, yyyy' is the English form; the long date has no time-zone drift.
  it.each([
    ['2024-05-01', 'en', 'May 1, 2024'],
    ['2024-05-01', 'de', '1. Mai 2024'],
    ['2024-05-01', 'es', '1 de mayo de 2024'],
    ['2024-05-01', 'fr', '1 mai 2024'],
    ['2024-05-01', 'zh', '2024年5月1日'],
    ['2024-09-14', 'en', 'September 14, 2024'],
    ['2024-09-14', 'zh', '2024年9月14日'],
    ['2024-09-14', 'de', '14. September 2024'],
  ] as const)("writes %s in %s as the page's language does: %s", (date, lang, written) => {
    expect(formatDate(date, lang)).toBe(written);
  });

  it('keeps the machine-readable date as it is', () => {
    expect(isoDate('2024-09-14')).toBe('2024-09-14');
  });

  it('shows an invalid date as written instead of failing', () => {
    expect(formatDate('sometime in spring', 'en')).toBe('sometime in spring');
    expect(isoDate('sometime in spring')).toBeUndefined();
  });
});
