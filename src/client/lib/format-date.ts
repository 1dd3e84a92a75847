import { localeFor, type LanguageCode } from '../../shared/languages';
import { keptFormatter } from './intl';

function parseDate(value: string): Date | undefined {
  // EXIF writes "2024:05:01 12:00:00"; the day is what counts.
  const exif = /^(\d{4}):(\d{2}):(\d{2})/.exec(value);
  const text = exif ? `${exif[1]}-${exif[2]}-${exif[3]}` : value;
  // Plain dates ('2024-05-01') are calendar days: read and print them in UTC so no time zone shifts them.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const formatter = (lang: LanguageCode) =>
  keptFormatter(`${lang} date`, () => new Intl.DateTimeFormat(localeFor(lang), { dateStyle: 'long', timeZone: 'UTC' }));

/**
 * The one date format of the site: a long date as people of that language write it, in the
 * language's locale of docs/product.md §9 ("May 1, 2024" — the card pattern 'MMMM d, yyyy' of §9 is
 * its English form —, "1. Mai 2024", "1 de mayo de 2024", "1 mai 2024", "2024年5月1日"). Cards,
 * heroes and the admin all use it; a value that is not a date is shown as written.
 */
export function formatDate(value: string, lang: LanguageCode): string {
  const date = parseDate(value);
  if (!date) return value;
  return formatter(lang).format(date);
}

/** ISO date (YYYY-MM-DD) for <time dateTime>, structured data and date inputs, when the value is a real date. */
export function isoDate(value: string): string | undefined {
  return parseDate(value)?.toISOString().slice(0, 10);
}
