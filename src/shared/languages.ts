/** The five languages of the product (docs/product.md §9). Imported by client and server alike. */
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

/** Unsupported or missing codes fall back to English (docs/product.md §2.2). */
export function toLanguageCode(value: unknown): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}

/** A first path segment shaped like a language tag: 'pt', 'xx', 'pt-BR', 'zh_CN' ('api' is the API's). */
const LANGUAGE_TAG = /^(?!api$)([a-z]{2,3})(?:[-_][a-z0-9]{2,8})*$/i;

/**
 * docs/product.md §2.2: an unsupported language is English. For a path whose first segment is a language tag we
 * do not serve, the same page in the language it names when we have it (zh-CN, EN), else in
 * English: '/pt/home?x=1' -> '/en/home?x=1', '/xx' -> '/en/home'. Undefined for every other path
 * (a supported language, or no language tag). The answer is always a path on this site.
 */
export function supportedLanguagePath(url: string): string | undefined {
  const match = /^\/([^/?#]*)([^?#]*)(.*)$/s.exec(url);
  const tag = match && LANGUAGE_TAG.exec(match[1]!);
  if (!match || !tag || isLanguageCode(match[1])) return undefined;
  const lang = toLanguageCode(tag[1]!.toLowerCase());
  // Repeated slashes collapse ('/pt//x' -> '/en/x'); the answer starts with '/{lang}' whatever follows.
  const rest = match[2]!.replace(/^\/+/, '/');
  return `/${lang}${rest === '' || rest === '/' ? '/home' : rest}${match[3]}`;
}

export function localeFor(lang: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === lang)?.locale ?? 'en-US';
}

/** Name of the cookie that remembers the visitor's language (docs/product.md §9: 365 days, path /, SameSite Lax). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** More entries than any browser sends: the rest of a longer header is not read. */
const ACCEPT_LANGUAGE_ENTRIES_MAX = 32;

/**
 * The language of ours that an `Accept-Language` header prefers most, by its q-values (the order
 * of the header breaks ties): 'de-AT,de;q=0.9' -> 'de', 'zh-Hans-CN' and 'zh-TW' -> 'zh'.
 * Undefined when it names none of ours (or only with q=0), or is missing or malformed.
 */
export function languageFromAcceptLanguage(header: string | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  let best: { lang: LanguageCode; q: number } | undefined;
  for (const entry of header.split(',').slice(0, ACCEPT_LANGUAGE_ENTRIES_MAX)) {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim());
    const lang = range.split(/[-_]/)[0]!.toLowerCase();
    if (!isLanguageCode(lang)) continue;
    const qParam = params.find((param) => /^q\s*=/i.test(param));
    const q = qParam === undefined ? 1 : Number(qParam.slice(qParam.indexOf('=') + 1).trim());
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang;
}
