import { localeFor, type LanguageCode } from './languages';
import { durationMinutes, WEEKDAYS, type OpeningRow, type StoredPrice, type VisitDto } from './api/visit-facts';
import type { UiTextKey } from './ui-text';

/*
 * Visit facts in a visitor's language (decision 043): weekday names, times, prices and lengths are
 * written by Intl from the page's locale, so nothing here needs a translator; the few words around
 * them are interface text (visit.* keys). The place page's box and the GPX/KML descriptions both
 * use these, so a map app says what the page says.
 */

/** 2024-01-01 was a Monday: the weekdays' dates for their names. */
const MONDAY = Date.UTC(2024, 0, 1);
const dayNames = new Map<string, string[]>();

/** The weekdays' short names in a language, Monday first ("Mo." ... in German, "周一" in Chinese). */
export function weekdayNames(lang: LanguageCode): string[] {
  let names = dayNames.get(lang);
  if (!names) {
    const format = new Intl.DateTimeFormat(localeFor(lang), { weekday: 'short', timeZone: 'UTC' });
    names = WEEKDAYS.map((_, i) => format.format(new Date(MONDAY + i * 86_400_000)));
    dayNames.set(lang, names);
  }
  return names;
}

/** A time of day as the language writes it (09:00, 9:00 AM); 24:00 is the end of the day. */
export function formatTime(value: string, lang: LanguageCode): string {
  const [h, m] = value.split(':').map(Number) as [number, number];
  const format = new Intl.DateTimeFormat(localeFor(lang), { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return format.format(new Date(Date.UTC(1970, 0, 1, h % 24, m)));
}

/** The days of a row as ranges of consecutive weekdays: "Mo–Fr, Su". */
export function formatDays(days: readonly string[], lang: LanguageCode): string {
  const names = weekdayNames(lang);
  const indexes = WEEKDAYS.map((day, i) => (days.includes(day) ? i : -1)).filter((i) => i >= 0);
  const ranges: string[] = [];
  for (let k = 0; k < indexes.length;) {
    let end = k;
    while (end + 1 < indexes.length && indexes[end + 1] === indexes[end]! + 1) end++;
    const first = names[indexes[k]!]!;
    const last = names[indexes[end]!]!;
    ranges.push(end - k >= 2 ? `${first}–${last}` : end > k ? `${first}, ${last}` : first);
    k = end + 1;
  }
  return ranges.join(', ');
}

/** A row's hours: "09:00–17:00". */
export const formatHours = (row: OpeningRow, lang: LanguageCode) =>
  `${formatTime(row.opens, lang)}–${formatTime(row.closes, lang)}`;

/** A closing time before the opening time is the next day's (18:00 to 02:00), as schema.org reads it. */
export const closesNextDay = (row: OpeningRow) => row.closes !== '24:00' && row.closes < row.opens;

/** An amount in its currency, in the page's number format (12,50 € in German). */
export function formatAmount(price: { amount: number; currency: string }, lang: LanguageCode): string {
  return new Intl.NumberFormat(localeFor(lang), { style: 'currency', currency: price.currency }).format(price.amount);
}

/** A visit's length in words: "2 Stunden", "1 hour, 30 minutes". */
export function formatDuration(value: string, lang: LanguageCode): string {
  const minutes = durationMinutes(value);
  if (minutes === undefined) return value;
  const locale = localeFor(lang);
  const unit = (n: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(n);
  const parts = [
    ...(minutes >= 60 ? [unit(Math.floor(minutes / 60), 'hour')] : []),
    ...(minutes % 60 ? [unit(minutes % 60, 'minute')] : []),
  ];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}

/** The price shown: free, an amount, or the words; undefined without one. */
export function priceText(
  visit: { price: StoredPrice | null; priceText: string | null },
  lang: LanguageCode,
  free: string,
): string | undefined {
  if (visit.price && 'free' in visit.price) return free;
  if (visit.price) return formatAmount(visit.price, lang);
  return visit.priceText ?? undefined;
}

type Label = (key: UiTextKey) => string;

/** The facts as lines of plain text ("Address: …"), for a map app's description of the place. */
export function visitLines(visit: VisitDto, lang: LanguageCode, text: Label): string[] {
  const line = (key: UiTextKey, value: string | null | undefined) => (value ? [`${text(key)}: ${value}`] : []);
  const hours = visit.openingHours.map(
    (row) =>
      `${formatDays(row.days, lang)} ${formatHours(row, lang)}${closesNextDay(row) ? ` ${text('visit.afterMidnight')}` : ''}`,
  );
  return [
    ...line('visit.address', visit.address),
    ...line('visit.hours', [...hours, visit.hoursNote].filter(Boolean).join('; ')),
    ...line('visit.price', priceText(visit, lang, text('visit.free'))),
    ...line('visit.duration', visit.duration && formatDuration(visit.duration, lang)),
    ...line('visit.accessibility', visit.accessibility),
    ...line('visit.website', visit.website),
  ];
}
