import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { UiTextEntryDto } from '../../shared/api/public';
import { isLanguageCode, toLanguageCode, type LanguageCode } from '../../shared/languages';
import { ENGLISH_TEXT, type UiTextKey } from '../../shared/ui-text';
import { usePageLocation } from './page-location';
import { uiTextQuery, usePublicQuery } from './public-queries';

/**
 * The language cookie as the request carried it. The server passes the request's cookie; the
 * browser reads document.cookie, so both render the same language on paths without one.
 */
const CookieLanguageContext = createContext<string | undefined>(undefined);

export function CookieLanguageProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return createElement(CookieLanguageContext.Provider, { value }, children);
}

/** docs/product.md §4.2: the language is the URL's first segment, then the language cookie, then English. */
export function languageFor(pathname: string, cookieLanguage: string | undefined): LanguageCode {
  const first = pathname.split('/')[1];
  return isLanguageCode(first) ? first : toLanguageCode(cookieLanguage);
}

/**
 * `lang="en"` for a field an answer lists in `englishFields` (no translation, English shown), so
 * screen readers, search engines and translators read it as English; nothing otherwise.
 */
export const englishIf = (englishFields: readonly string[], field: string): 'en' | undefined =>
  englishFields.includes(field) ? 'en' : undefined;

/** The `lang` attribute of text written in `textLang` on a page in `pageLang`: set only where they differ. */
export const langIfOther = (textLang: string, pageLang: string): string | undefined =>
  textLang === pageLang ? undefined : textLang;

export function useLanguage(): LanguageCode {
  const { pathname } = usePageLocation();
  return languageFor(pathname, useContext(CookieLanguageContext));
}

/**
 * The same page in another language: the first segment is replaced; a path without a language
 * goes to the other language's home page.
 */
export function pathInLanguage(pathname: string, lang: LanguageCode): string {
  const segments = pathname.split('/').filter(Boolean);
  if (!isLanguageCode(segments[0])) return `/${lang}/home`;
  const rest = segments.slice(1).join('/');
  return `/${lang}/${rest || 'home'}`;
}

type Values = Record<string, string | number>;

/**
 * The interface text for a key in the page's language, with `{name}` placeholders filled from
 * `values`. Where the language has no text for a key, the server writes the English one; the
 * browser always has the page's table (it comes with the page), and while another language's
 * table loads it keeps showing the previous one.
 */
export interface UiTextLookup {
  (key: UiTextKey, values?: Values): string;
  /** The text only if there is one for `key`: for keys made at run time (plural categories). */
  optional(key: string, values?: Values): string | undefined;
}

function interpolate(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * English where a language has no text for a key, on the server, which renders every page. The
 * browser needs none: each page brings its language's text, and while another language loads the
 * previous one stays (keeping the English out of the browser's bundle saves 1.8 KB gzipped).
 */
const english: Readonly<Record<string, string>> = import.meta.env.SSR ? ENGLISH_TEXT : {};

/**
 * A text the page's islands were not handed (the page brings only the keys their code names:
 * scripts/vite/island-ui-text.ts): said once in the browser's console, which the browser tests
 * watch, and shown as nothing.
 */
const unknownKeys = new Set<string>();
function notHanded(key: string, table: ReadonlyMap<string, string>): string {
  if (!import.meta.env.SSR && table.size > 0 && !unknownKeys.has(key)) {
    unknownKeys.add(key);
    console.error(`The page brought no interface text "${key}" for its islands.`);
  }
  return '';
}

function uiTextLookup(table: ReadonlyMap<string, string>): UiTextLookup {
  const optional = (key: string, values?: Values) => {
    const text = table.get(key) ?? english[key];
    return text === undefined ? undefined : interpolate(text, values);
  };
  return Object.assign((key: UiTextKey, values?: Values) => optional(key, values) ?? notHanded(key, table), {
    optional,
  });
}

const NO_TEXT = new Map<string, string>();
/** Outside the public site's layout no text is loaded: the server's English, nothing in the browser. */
const UiTextContext = createContext<UiTextLookup>(uiTextLookup(NO_TEXT));

/**
 * One lookup table per answer: the server renders every page of a language from the same answer
 * (read once per content version), so it builds the table once, not once per page.
 */
const tables = new WeakMap<UiTextEntryDto[], Map<string, string>>();
function lookupTable(rows: UiTextEntryDto[]): Map<string, string> {
  let table = tables.get(rows);
  if (!table) {
    table = new Map(rows.map((row) => [row.key, row.value]));
    tables.set(rows, table);
  }
  return table;
}

/**
 * Interface text from GET /api/translations/{lang}, read once for the whole public site (one
 * query and one lookup table, not one per component that shows text).
 */
export function UiTextProvider({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const { data } = usePublicQuery<UiTextEntryDto[]>(uiTextQuery(lang), { keepPrevious: true });
  const lookup = useMemo(() => uiTextLookup(data ? lookupTable(data) : NO_TEXT), [data]);
  return createElement(UiTextContext.Provider, { value: lookup }, children);
}

/** The page language's interface text (see UiTextLookup); English where a text is missing. */
export function useUiText(): UiTextLookup {
  return useContext(UiTextContext);
}
