import { describe, expect, it } from 'vitest';
import type { CatalogService } from '../services/catalog';
import { createChromeMemo } from './public-data';

/** A read like a Drizzle query: nothing runs until it is awaited, and each await runs it again. */
function lazyQuery<T>(value: T, runs: { count: number }): Promise<T> {
  return {
    then(resolve, reject) {
      runs.count += 1;
      return Promise.resolve(value).then(resolve, reject);
    },
  } as Promise<T>;
}

describe('the chrome memo', () => {
  it('reads the languages and the interface text once per content version, however often a render awaits them', async () => {
    const languageRuns = { count: 0 };
    const textRuns = { count: 0 };
    const catalog = {
      languages: () => lazyQuery([{ id: 1, code: 'en', name: 'English', nativeName: 'English' }], languageRuns),
      uiTranslations: () => lazyQuery([{ key: 'nav.home', value: 'Home' }], textRuns),
    } as unknown as CatalogService;
    const memo = createChromeMemo(catalog);

    for (let render = 0; render < 3; render++) {
      const chrome = memo.at(7);
      await chrome.languages();
      await chrome.languages();
      expect(await chrome.uiTranslations('de')).toEqual([{ key: 'nav.home', value: 'Home' }]);
    }
    expect(languageRuns.count).toBe(1);
    expect(textRuns.count).toBe(1);

    // a write bumps the version: the next render reads afresh
    await memo.at(8).languages();
    expect(languageRuns.count).toBe(2);
  });
});
