import { localeFor, type LanguageCode } from '../../shared/languages';

function parseDate(value: string): Date | undefined {
  // Plain dates ('2024-05-01') are calendar days: read and print them in UTC so no time zone shifts them.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Making an Intl formatter costs far more than using one: one per language, kept. */
const formatters = new Map<LanguageCode, Intl.DateTimeFormat>();
function formatter(lang: LanguageCode): Intl.DateTimeFormat {
  let made = formatters.get(lang);
  if (!made) {
    made = new Intl.DateTimeFormat(localeFor(lang), { dateStyle: 'long', timeZone: 'UTC' });
    formatters.set(lang, made);
  }
  return made;
}

/**
 * The one date format of the site: a long date as people of that language write it, in the
 * language's locale of spec section 9 ("May 1, 2024" — the spec's card pattern 'MMMM d, yyyy' is
 * its English form —, "1. Mai 2024", "1 de mayo de 2024", "1 mai 2024", "2024年5月1日"). Cards,
 * heroes and the admin all use it; a value that is not a date is shown as written.
 */
export function formatDate(value: string, lang: LanguageCode): string {
  const date = parseDate(value);
  if (!date) return value;
  return formatter(lang).format(date);
}

/** ISO date for <time dateTime> and structured data, when the value is a real date. */
export function isoDate(value: string): string | undefined {
  return parseDate(value)?.toISOString().slice(0, 10);
}
