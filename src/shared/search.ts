/*
 * Search rules shared by client and server, without zod (the public bundle imports this module;
 * the request schema lives in api/search.ts). The database matches on its own normalized text
 * (migration 0005); this module only decides what a query is and marks where it appears in a
 * result, folding text the way the database does: no case, no accents.
 */

import { SEARCH_TEXT_MAX } from './search-limits';

export { SEARCH_RESULTS_MAX, SEARCH_SUGGESTIONS, SEARCH_TEXT_MAX } from './search-limits';

/** Chinese, Japanese and Korean scripts: no spaces between words. */
export const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;

/** The query as searched: trimmed, runs of white space made one space. */
export const searchText = (q: string | undefined): string => (q ?? '').replace(/\s+/g, ' ').trim();

/** What is wrong with a query, if anything: nothing to look for, or too long to be a search. */
export function searchProblem(text: string): 'empty' | 'too-long' | undefined {
  if (text.length > SEARCH_TEXT_MAX) return 'too-long';
  return /[\p{L}\p{N}]/u.test(text) ? undefined : 'empty';
}

/** Letters the database's unaccent turns into other letters, which NFKD leaves alone. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  þ: 'th',
  Þ: 'th',
};

const foldChar = (char: string) =>
  LETTERS[char] ??
  char
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Folded text and, for each of its characters, where it came from in the original. */
function fold(text: string): { folded: string; from: number[]; to: number[] } {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (let i = 0; i < piece.length; i++) {
      from.push(index);
      to.push(index + char.length);
    }
    folded += piece;
    index += char.length;
  }
  return { folded, from, to };
}

const foldText = (text: string) => fold(text).folded;

/** The query's words (and the whole query) folded, the longest first; bounded. */
function needles(query: string): string[] {
  const whole = foldText(searchText(query));
  const words = whole.split(' ').filter((word) => word.length > 1 || CJK.test(word));
  return [...new Set([whole, ...words])].filter(Boolean).slice(0, 12);
}

/** Where the query (or its words) appear in `text`: [start, end) ranges of the original, in order. */
export function matchRanges(text: string, query: string): Array<[number, number]> {
  const { folded, from, to } = fold(text);
  const ranges: Array<[number, number]> = [];
  for (const needle of needles(query)) {
    let at = folded.indexOf(needle);
    while (at !== -1 && ranges.length < 50) {
      ranges.push([from[at]!, to[at + needle.length - 1]!]);
      at = folded.indexOf(needle, at + needle.length);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** `text` cut into plain and matching parts, for <mark> (React escapes every part). */
export function highlightParts(text: string, query: string): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** At most `max` characters of `text`, around the first place the query appears. */
export function excerptAround(text: string, query: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const first = matchRanges(clean, query)[0]?.[0] ?? 0;
  let start = Math.max(0, Math.min(first - Math.floor(max / 3), clean.length - max));
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(clean.length, start + max);
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    if (space > Math.max(start, first)) end = space;
  }
  return `${start > 0 ? '…' : ''}${clean.slice(start, end)}${end < clean.length ? '…' : ''}`;
}

/** How much of the visitor's query a heading or a message repeats. */
export const SEARCH_QUERY_SHOWN_CHARS = 60;

/**
 * The query as a heading repeats it: at most `max` characters (whole characters, emoji and
 * accents included), then an ellipsis, so a pasted paragraph does not fill a phone's screen.
 */
export function shownQuery(text: string, max = SEARCH_QUERY_SHOWN_CHARS): string {
  const characters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)];
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, max)
    .map((part) => part.segment)
    .join('')
    .trimEnd()}…`;
}
