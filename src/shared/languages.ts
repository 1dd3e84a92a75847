/** The five languages of the product (spec section 9). Imported by client and server alike. */
export const LANGUAGE_CODES = ['en', 'es', 'de', 'fr', 'zh'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export interface LanguageInfo {
  code: LanguageCode;
  name: string;
  nativeName: string;
  locale: string;
  flag: string;
}

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'en', name: 'English', nativeName: 'English', locale: 'en-US', flag: '🇬🇧' },
  { code: 'es', name: 'Spanish', nativeName: 'Español', locale: 'es-ES', flag: '🇪🇸' },
  { code: 'de', name: 'German', nativeName: 'Deutsch', locale: 'de-DE', flag: '🇩🇪' },
  { code: 'fr', name: 'French', nativeName: 'Français', locale: 'fr-FR', flag: '🇫🇷' },
  { code: 'zh', name: 'Chinese', nativeName: '中文', locale: 'zh-CN', flag: '🇨🇳' },
];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** Unsupported or missing codes fall back to English, as the spec requires. */
export function toLanguageCode(value: unknown): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}

export function localeFor(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)?.locale ?? 'en-US';
}

/** Name of the cookie that remembers the visitor's language (spec: 365 days, path /, SameSite Lax). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
