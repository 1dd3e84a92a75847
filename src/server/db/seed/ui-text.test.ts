import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@/shared/languages';
import { ENGLISH_TEXT } from '@/shared/ui-text';
import { UI_TEXT_BY_LANGUAGE } from './ui-text';

describe('interface text', () => {
  const englishKeys = Object.keys(ENGLISH_TEXT).sort();

  it.each(LANGUAGE_CODES)('%s has a text for exactly the English keys, none empty', (lang) => {
    const texts: Record<string, string> = UI_TEXT_BY_LANGUAGE[lang];
    expect(Object.keys(texts).sort()).toEqual(englishKeys);
    expect(Object.entries(texts).filter(([, value]) => !value.trim())).toEqual([]);
  });

  it.each(LANGUAGE_CODES)('%s keeps every {placeholder} of the English text', (lang) => {
    const texts: Record<string, string> = UI_TEXT_BY_LANGUAGE[lang];
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, english] of Object.entries(ENGLISH_TEXT)) {
      expect([key, placeholders(texts[key]!)]).toEqual([key, placeholders(english)]);
    }
  });
});
