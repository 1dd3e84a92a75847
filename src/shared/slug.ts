import { transliterate } from 'transliteration';
import { HOW_WE_WRITE_PAGE, INFO_PAGES } from './site';

/**
 * The one slug rule of the site, used by the server when it stores an address and by the admin
 * screens when they show the address a name will get. Places, cities and countries share one
 * namespace: /{lang}/{slug}.
 */

/**
 * Paths of the public site that a slug must never shadow (/{lang}/home, /{lang}/countries,
 * /{lang}/map, /{lang}/search, the footer's pages /{lang}/about, /contact, /privacy, /imprint of site.ts, and
 * /{lang}/how-we-write), the saved places /{lang}/saved, the offline page /{lang}/offline and the themes /{lang}/themes/….
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'home',
  'countries',
  'map',
  'search',
  ...INFO_PAGES,
  HOW_WE_WRITE_PAGE,
  'iladmin',
  'api',
  'media',
  'assets',
  'saved',
  'offline',
  'themes',
]);

/**
 * Longest base slug: an address a person can read and share. "-2" etc. may follow. Cut at a word
 * boundary (a single word longer than this is cut at the limit).
 */
export const SLUG_BASE_MAX_LENGTH = 60;

/** FNV-1a, 32 bits, as 8 hex digits: a stable short name for text with no letters to spell. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The words of `slug` that fit in SLUG_BASE_MAX_LENGTH; the first word alone is cut at the limit. */
function cutAtWord(slug: string): string {
  const head = slug.slice(0, SLUG_BASE_MAX_LENGTH + 1);
  const lastHyphen = head.lastIndexOf('-');
  return lastHyphen > 0 ? head.slice(0, lastHyphen).replace(/-+$/, '') : head.slice(0, SLUG_BASE_MAX_LENGTH);
}

/**
 * A URL slug: ASCII, lowercase, words joined by hyphens. Every script is spelled in Latin letters
 * by the `transliteration` library (Łódź -> lodz, Москва -> moskva, 北京 -> bei-jing); text with
 * nothing to spell (emoji only, empty) becomes "place-" and a short stable hash, never "".
 */
export function slugify(text: string): string {
  const ascii = transliterate(text.normalize('NFC').replace(/&/g, ' and ').replace(/@/g, ' at '))
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = ascii.length > SLUG_BASE_MAX_LENGTH ? cutAtWord(ascii) : ascii;
  if (cut) return cut;
  return `place-${shortHash(text.trim())}`;
}
