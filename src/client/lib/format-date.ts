import { localeFor, type LanguageCode } from '../../shared/languages';

function parseDate(value: string): Date | undefined {
  // Plain dates ('2024-05-01') are calendar days: read and print them in UTC so no time zone shifts them.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Making an Intl formatter costs far more than using one: one per language and style, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: LanguageCode, style: 'month' | 'long'): Intl.DateTimeFormat {
  const key = `${lang} ${style}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(
      localeFor(lang),
      style === 'month' ? { month: 'long', timeZone: 'UTC' } : { dateStyle: 'long', timeZone: 'UTC' },
    );
    formatters.set(key, made);
  }
  return made;
}

/** The place card's 'MMMM d, yyyy' in the page's locale (month name localized). */
export function formatCardDate(value: string, lang: LanguageCode): string {
  const date = parseDate(value);
  if (!date) return value;
  return `${formatter(lang, 'month').format(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A long date as people of that language write it, for the place page's hero. */
export function formatLongDate(value: string, lang: LanguageCode): string {
  const date = parseDate(value);
  if (!date) return value;
  return formatter(lang, 'long').format(date);
}

/** ISO date for <time dateTime> and structured data, when the value is a real date. */
export function isoDate(value: string): string | undefined {
  return parseDate(value)?.toISOString().slice(0, 10);
}
