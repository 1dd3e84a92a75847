import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, supportedLanguagePath } from './languages';

describe('an unsupported language in the address goes to a supported one (spec 2)', () => {
  it.each([
    // the page and its query stay, under English
    ['/pt/home', '/en/home'],
    ['/xx/home?cursor=abc&x=1', '/en/home?cursor=abc&x=1'],
    ['/pt-BR/rome-17-may-2024', '/en/rome-17-may-2024'],
    ['/xx', '/en/home'],
    ['/xx/', '/en/home'],
    // the language a regional tag or capitals name, when it is one of ours
    ['/zh-CN/home', '/zh/home'],
    ['/EN/countries', '/en/countries'],
    // always a path on this site
    ['/xx//evil.example/path', '/en/evil.example/path'],
  ])('%s goes to %s', (path, target) => {
    expect(supportedLanguagePath(path)).toBe(target);
  });

  it('answers a path on this site for a backslash too', () => {
    expect(supportedLanguagePath('/xx/\\evil.example')).toMatch(/^\/en\//);
  });

  it.each(['/de/home', '/iladmin/login', '/api/places', '/home', '/favicon.ico'])(
    'leaves %s alone: a supported language, or no language tag',
    (path) => {
      expect(supportedLanguagePath(path)).toBeUndefined();
    },
  );
});

describe("a first visit follows the browser's languages (Accept-Language)", () => {
  it.each([
    // the most preferred of ours, regional and script variants included
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['zh-Hans-CN', 'zh'],
    ['zh-TW', 'zh'],
    ['FR-ca', 'fr'],
    ['es', 'es'],
    // q-values over the order, and the order on ties
    ['en;q=0.5, de;q=0.8', 'de'],
    ['fr;q=0.7, es;q=0.7', 'fr'],
    ['pt-BR, pt;q=0.9, es;q=0.4, en;q=0.3', 'es'],
    // languages refused with q=0 are skipped
    ['de;q=0, fr;q=0.1', 'fr'],
  ])('%s picks %s', (header, lang) => {
    expect(languageFromAcceptLanguage(header)).toBe(lang);
  });

  it.each(['pt-BR, ja', '*', 'de;q=abc, zh;q=2', '', undefined, `${'xx,'.repeat(10_000)}de`])(
    'picks none of ours from ones we do not have, malformed entries or nothing (%#)',
    (header) => {
      expect(languageFromAcceptLanguage(header)).toBeUndefined();
    },
  );
});
