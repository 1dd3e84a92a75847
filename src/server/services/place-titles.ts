import { LANGUAGE_CODES, type LanguageCode } from '../../shared/languages';
import { comma } from '../../shared/punctuation';

const DAY_FORMAT = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
/** Titles read "Lisbon, 17 May 2024": day first, so the comma after the name is the only one. */
const TITLE_DATE = new Intl.DateTimeFormat('en-GB', DAY_FORMAT);
/** The same day as each language writes it ("17. Mai 2024", "17 de mayo de 2024", "2024年5月17日"). */
const LOCAL_DATES = new Map(LANGUAGE_CODES.map((lang) => [lang, new Intl.DateTimeFormat(lang, DAY_FORMAT)]));
const MONTHS = Array.from({ length: 12 }, (_, month) => {
  const parts = TITLE_DATE.formatToParts(Date.UTC(2000, month, 1));
  return parts.find((part) => part.type === 'month')!.value;
});
/** A title that ends in a day as TITLE_DATE writes it: "Lisbon, 17 May 2024". */
const DATED_TITLE = new RegExp(`^(.+), (\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})$`, 's');

/**
 * A title no other place of the same town has: the writer's title ("Lisbon", "Belém Tower"), else
 * with the day the photo was taken ("Lisbon, 17 May 2024") when the photo says it, else numbered
 * ("Lisbon (2)", "Lisbon (3)"). `taken` holds the titles the town's places have already.
 */
export function distinctTitle(title: string, taken: ReadonlySet<string>, photoDate?: string): string {
  const free = (candidate: string) => !taken.has(candidate);
  if (free(title)) return title;
  const day = photoDate && !Number.isNaN(Date.parse(photoDate)) ? TITLE_DATE.format(new Date(photoDate)) : undefined;
  if (day && !title.includes(day) && free(`${title}, ${day}`)) return `${title}, ${day}`;
  for (let n = 2; ; n++) {
    if (free(`${title} (${n})`)) return `${title} (${n})`;
  }
}

/**
 * An English title as a page in `lang` shows it while the place has no translation: a day that
 * tells two places of one town apart ("Madrid, 10 April 2015") is written as the language writes
 * dates ("Madrid, 10. April 2015", "Madrid，2015年4月10日"), never in English on another language's
 * page. Any other title is shown as it is.
 */
export function untranslatedTitle(title: string, lang: LanguageCode): string {
  if (lang === 'en') return title;
  const match = DATED_TITLE.exec(title);
  if (!match) return title;
  const [, name, day, month, year] = match as unknown as [string, string, string, string, string];
  const date = Date.UTC(Number(year), MONTHS.indexOf(month), Number(day));
  return `${name}${comma(lang)}${LOCAL_DATES.get(lang)!.format(date)}`;
}

/**
 * Whether an untranslated title reads as a page in `lang` writes it, not as English: the name of
 * the place's town as the photo's data gave it (the town the page names, unmarked, beside it) and the day
 * written by untranslatedTitle ("Rome, 10. April 2015"). Any other English title is English words,
 * and the page marks it `lang="en"`.
 */
export function titleReadsInLanguage(title: string, location: string, lang: LanguageCode): boolean {
  return lang === 'en' || DATED_TITLE.exec(title)?.[1] === location;
}

/** A row's title in `lang`: its translation's as written, the English one with its day in `lang`. */
export const titleIn = (row: { title: string; languageCode: string }, lang: LanguageCode) =>
  row.languageCode === 'en' ? untranslatedTitle(row.title, lang) : row.title;
