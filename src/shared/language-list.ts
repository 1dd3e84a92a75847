import { LANGUAGES, type LanguageCode } from './languages';

/**
 * English names of languages joined as a sentence would: "Spanish, German and French".
 * Its own module, so the public entry (which imports languages.ts) does not carry it.
 */
export function languageList(codes: readonly LanguageCode[]): string {
  const names = codes.map((code) => LANGUAGES.find((l) => l.code === code)?.name ?? code);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
