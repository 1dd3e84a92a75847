import { describe, expect, it } from 'vitest';
import { supportedLanguagePath } from './languages';

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
