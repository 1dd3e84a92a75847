import type { SearchResultDto } from '../../shared/api/search';
import { LANGUAGE_CODES, toLanguageCode, type LanguageCode } from '../../shared/languages';
import { PAGE_SIZE_DEFAULT, type Page, type PageQuery } from '../../shared/paging';
import { cityAndCountry } from '../../shared/punctuation';
import {
  CJK,
  excerptAround,
  SEARCH_RESULTS_MAX,
  SEARCH_TEXT_MAX,
  searchProblem,
  searchText,
} from '../../shared/search';
import type { Database } from '../db/client';
import {
  analyzeIfStale,
  readCountryNames,
  refreshStaleDocuments,
  replaceCountryNames,
  searchDocumentsPage,
  type CountryNameRow,
  type SearchRow,
} from '../db/repos/search-repo';
import { ALIASES, englishCountryName, translateCountryName } from '../geo/country-names';
import { BadRequestError } from '../errors';
import { titleIn, titleReadsInLanguage } from './place-titles';

/** A result's description: enough for a card, around the words searched for. */
const DESCRIPTION_CHARS = 220;
/** Queries of fewer characters match whole-word beginnings and typos only, not any substring. */
const SUBSTRING_MIN_CHARS = 3;

const EMPTY: Page<SearchResultDto> = { items: [], next: null, prev: null };

/** Search paging is by position in the ranked list: `o48` is the 49th result on. */
const cursorFor = (offset: number) => (offset > 0 ? `o${offset}` : '');

function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^o(\d{1,5})$/.exec(cursor);
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset < SEARCH_RESULTS_MAX)) {
    throw new BadRequestError(
      'Invalid cursor: use the address in the Link header of the previous page.',
      'invalid_cursor',
    );
  }
  return offset;
}

/**
 * A place's document names its city and country joined by ", " (written in SQL, search_sources);
 * the result joins them as the page's language does ("里斯本，葡萄牙"). Country names have no
 * ", ", so the last one is the join.
 */
function subtitleIn(row: SearchRow, lang: LanguageCode): string {
  const at = row.kind === 'place' ? row.subtitle.lastIndexOf(', ') : -1;
  if (at < 0) return row.subtitle;
  return cityAndCountry(lang, row.subtitle.slice(0, at), row.subtitle.slice(at + 2));
}

/** An untranslated place's title made of its town and the day is in `lang` as shown (place-titles.ts). */
function titleLangIn(row: SearchRow, lang: LanguageCode): string {
  if (row.kind !== 'place' || row.titleLang !== 'en') return row.titleLang;
  const town = row.subtitle.slice(0, Math.max(0, row.subtitle.lastIndexOf(', ')));
  return titleReadsInLanguage(row.title, town, lang) ? lang : row.titleLang;
}

function toDto(row: SearchRow, text: string, lang: LanguageCode): SearchResultDto {
  return {
    kind: row.kind,
    id: row.entityId,
    slug: row.slug,
    title: row.kind === 'place' ? titleIn({ title: row.title, languageCode: row.titleLang }, lang) : row.title,
    titleLang: titleLangIn(row, lang),
    subtitle: subtitleIn(row, lang),
    description: excerptAround(row.body, text, DESCRIPTION_CHARS),
    descriptionLang: row.bodyLang,
    imageUrl: row.imageUrl,
    date: row.date,
  };
}

/**
 * Every English country name (CLDR's and the site's own short forms) and alias that places and
 * cities may store, with its name in each other language where that differs.
 */
export function cldrCountryNames(): CountryNameRow[] {
  const english = new Set<string>(Object.keys(ALIASES));
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const cldr = names.of(code);
      if (!cldr) continue;
      english.add(cldr);
      english.add(englishCountryName(code) ?? cldr);
    }
  }
  const rows: CountryNameRow[] = [];
  const seen = new Set<string>();
  for (const englishName of english) {
    for (const lang of LANGUAGE_CODES) {
      if (lang === 'en') continue;
      const name = translateCountryName(englishName, lang);
      // one name per spelling whatever its case (the table's unique index says the same)
      const key = `${englishName.toLowerCase()}|${lang}`;
      if (!name || name === englishName || seen.has(key)) continue;
      seen.add(key);
      rows.push({ englishName, languageCode: lang, name });
    }
  }
  return rows;
}

const rowKey = (row: CountryNameRow) => `${row.englishName}|${row.languageCode}|${row.name}`;

/**
 * Makes the stored CLDR country names those of this Node.js (its ICU data), marking every search
 * document to be rewritten when they differ (on the first start, and after an upgrade that renamed
 * a country): the service rewrites them in the background, never before the server listens.
 */
export async function syncCountryNames(db: Database): Promise<boolean> {
  const wanted = cldrCountryNames();
  const stored = await readCountryNames(db);
  const storedKeys = new Set(stored.map(rowKey));
  if (stored.length === wanted.length && wanted.every((row) => storedKeys.has(rowKey(row)))) return false;
  await replaceCountryNames(db, wanted);
  return true;
}

/** Where the background rewrite of the search documents reports (the app's logger). */
interface RefreshLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Fresh statistics for the tables that need them (ten seconds at 100,000 places never analyzed),
 * then the documents marked stale rewritten and analyzed again; logs what it did, never throws.
 */
async function refreshInBackground(db: Database, keepGoing: () => boolean, log: RefreshLog) {
  const started = performance.now();
  try {
    await analyzeIfStale(db);
    const count = await refreshStaleDocuments(db, keepGoing);
    // Nothing was stale: nothing for an operator to read.
    if (!count) return;
    await analyzeIfStale(db);
    log.info(
      `Search documents of ${count} places, cities and countries rewritten in the background (${Math.round(performance.now() - started)} ms)`,
    );
  } catch (error) {
    log.warn({ err: error }, 'Rewriting the search documents failed; the next start goes on with it');
  }
}

/**
 * How often the server checks whether the planner's statistics are stale (any table a tenth
 * changed): PGlite has no autovacuum, and a server may have it off.
 */
const STATISTICS_CHECK_MS = 60_000;

/** Search over places, cities and countries in the visitor's language (docs/decisions/007-search.md). */
export function createSearchService({ db }: { db: Database }) {
  let stopped = false;
  let refreshing: Promise<unknown> | undefined;
  let checking: Promise<unknown> | undefined;
  let schedule: ReturnType<typeof setInterval> | undefined;
  /** In the background, once a minute: requests never wait for it. */
  const keepStatistics = () => {
    if (checking || stopped) return;
    checking = analyzeIfStale(db)
      .catch(() => false)
      .finally(() => (checking = undefined));
  };

  return {
    /** Start-up: the stored country names of this Node.js (statistics follow in the background). */
    async prepare(): Promise<void> {
      await syncCountryNames(db);
    },

    /**
     * After start-up, not waited for: rewrites the documents still to rewrite (new country names,
     * or a rewrite a stopped process left halfway), in small transactions, and logs what it did;
     * then keeps the planner's statistics fresh, once a minute.
     */
    refreshInBackground(log: RefreshLog): void {
      stopped = false;
      refreshing ??= refreshInBackground(db, () => !stopped, log).finally(() => (refreshing = undefined));
      schedule ??= setInterval(keepStatistics, STATISTICS_CHECK_MS).unref();
    },

    /** Resolves when the background rewrite of the documents has finished or stopped (tests, bench). */
    refreshed: () => refreshing ?? Promise.resolve(),

    /** Stops the background rewrite after its current batch (before the database closes). */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(schedule);
      schedule = undefined;
      await Promise.all([refreshing, checking]);
    },

    /** Analyzes every table now of which a tenth changed since the last time (tests). */
    refreshStatistics: () => analyzeIfStale(db),

    /**
     * One page of results for `q` in `lang`, best first. No text to look for answers no results;
     * text over SEARCH_TEXT_MAX characters, NUL or a forged cursor is a 400.
     */
    async search(
      q: string | undefined,
      requestedLang: string | undefined,
      page: PageQuery,
    ): Promise<Page<SearchResultDto>> {
      const text = searchText(q);
      if (text.includes('\u0000')) throw new BadRequestError('Text must not contain NUL characters.', 'nul_character');
      const problem = searchProblem(text);
      if (problem === 'too-long') {
        throw new BadRequestError(`The search text is too long: use at most ${SEARCH_TEXT_MAX} characters.`);
      }
      const offset = offsetOf(page.cursor);
      if (problem === 'empty') return EMPTY;
      const lang = toLanguageCode(requestedLang);
      const limit = Math.min(page.limit ?? PAGE_SIZE_DEFAULT, SEARCH_RESULTS_MAX - offset);
      const rows = await searchDocumentsPage(db, {
        text,
        lang,
        limit: limit + 1,
        offset,
        substring: [...text].length >= SUBSTRING_MIN_CHARS,
        cjk: CJK.test(text),
      });
      const more = rows.length > limit && offset + limit < SEARCH_RESULTS_MAX;
      return {
        items: rows.slice(0, limit).map((row) => toDto(row, text, lang)),
        next: more ? cursorFor(offset + limit) : null,
        prev: offset > 0 ? cursorFor(Math.max(0, offset - limit)) : null,
      };
    },
  };
}

export type SearchService = Awaited<ReturnType<typeof createSearchService>>;
