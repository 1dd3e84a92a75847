import { LANGUAGES, type LanguageCode } from './languages';

/**
 * English names of languages joined as a sentence would: "Spanish, German and French".
 * Its own module, so the public entry (which imports languages.ts) does not carry it.
 */
export function languageList(langs: readonly LanguageCode[]): string {
  const names = langs.map((lang) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
