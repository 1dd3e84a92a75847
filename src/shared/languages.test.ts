import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, supportedLanguagePath } from './languages';

describe('an unsupported language in the address goes to a supported one (spec 2)', () => {
  it('keeps the page and its query under English', () => {
    expect(supportedLanguagePath('/pt/home')).toBe('/en/home');
    expect(supportedLanguagePath('/xx/home?cursor=abc&x=1')).toBe('/en/home?cursor=abc&x=1');
    expect(supportedLanguagePath('/pt-BR/rome-17-may-2024')).toBe('/en/rome-17-may-2024');
    expect(supportedLanguagePath('/xx')).toBe('/en/home');
    expect(supportedLanguagePath('/xx/')).toBe('/en/home');
  });

  it('uses the language a regional tag or capitals name when it is one of ours', () => {
    expect(supportedLanguagePath('/zh-CN/home')).toBe('/zh/home');
    expect(supportedLanguagePath('/EN/countries')).toBe('/en/countries');
  });

  it('always answers a path on this site', () => {
    expect(supportedLanguagePath('/xx//evil.example/path')).toBe('/en/evil.example/path');
    expect(supportedLanguagePath('/xx/\\evil.example')).toMatch(/^\/en\//);
  });

  it('leaves supported languages and paths without a language tag alone', () => {
    expect(supportedLanguagePath('/de/home')).toBeUndefined();
    expect(supportedLanguagePath('/iladmin/login')).toBeUndefined();
    expect(supportedLanguagePath('/api/places')).toBeUndefined();
    expect(supportedLanguagePath('/home')).toBeUndefined();
    expect(supportedLanguagePath('/favicon.ico')).toBeUndefined();
  });
});

describe("a first visit follows the browser's languages (Accept-Language)", () => {
  it('picks the most preferred of ours, regional and script variants included', () => {
    expect(languageFromAcceptLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(languageFromAcceptLanguage('zh-Hans-CN')).toBe('zh');
    expect(languageFromAcceptLanguage('zh-TW')).toBe('zh');
    expect(languageFromAcceptLanguage('FR-ca')).toBe('fr');
    expect(languageFromAcceptLanguage('es')).toBe('es');
  });

  it('honours q-values over the order, and the order on ties', () => {
    expect(languageFromAcceptLanguage('en;q=0.5, de;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('fr;q=0.7, es;q=0.7')).toBe('fr');
    expect(languageFromAcceptLanguage('pt-BR, pt;q=0.9, es;q=0.4, en;q=0.3')).toBe('es');
  });

  it('skips languages refused with q=0, ones we do not have and malformed entries', () => {
    expect(languageFromAcceptLanguage('de;q=0, fr;q=0.1')).toBe('fr');
    expect(languageFromAcceptLanguage('pt-BR, ja')).toBeUndefined();
    expect(languageFromAcceptLanguage('*')).toBeUndefined();
    expect(languageFromAcceptLanguage('de;q=abc, zh;q=2')).toBeUndefined();
    expect(languageFromAcceptLanguage('')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
    expect(languageFromAcceptLanguage(`${'xx,'.repeat(10_000)}de`)).toBeUndefined();
  });
});
