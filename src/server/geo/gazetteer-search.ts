import type { GazetteerCity } from '../../shared/api/gazetteer';
import { CITY_ALIASES } from './city-aliases';
import type { CityTable } from './city-table';
import { englishCountryName } from './country-names';

/** Letters NFKD does not take apart: "Łódź" must be found by "lodz", "Øresund" by "oresund". */
const LETTERS: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  ŋ: 'n',
  þ: 'th',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
};

const PLAIN = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/**
 * A name as the search compares it: no accents or case ("münchen", "MUNCHEN" and "München" are one),
 * apostrophes and dots dropped ("xian" finds "Xi’an", "st petersburg" "St. Petersburg"), hyphens
 * and runs of spaces as one space. Never contains a line break, the separator of the search text.
 */
export function foldName(name: string): string {
  // Most GeoNames names are plain ASCII words: the fast path builds the index in a fraction of the time.
  if (PLAIN.test(name)) return name.toLowerCase();
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łøđðħıŀŧŋþßæœ]/g, (letter) => LETTERS[letter]!)
    .replace(/['’‘ʻʼ`´.]/g, '')
    .replace(/[\s\p{Cc}\-‐‑‒–—_]+/gu, ' ')
    .trim();
}

/** Characters a word starts after: a match there ranks above one inside a word. */
const WORD_BREAK = new Set([' ', '(', '/', ',']);

interface Index {
  table: CityTable;
  /** Every folded town name, in table order, each followed by "\n". */
  text: string;
  /** Where town i's name starts in text. */
  starts: Uint32Array;
  /** Folded other names, each with the row of its town. */
  aliases: Array<{ folded: string; display: string; row: number }>;
}

interface Match {
  row: number;
  /** 0: the name is the query; 1: the name or one of its words starts with it; 2: it is inside a word. */
  tier: number;
  population: number;
  /** The other name that matched, when it matched better than the town's own. */
  alias: string | null;
}

const better = (a: Match, b: Match) =>
  a.tier !== b.tier ? a.tier < b.tier : a.population !== b.population ? a.population > b.population : a.row < b.row;

/** The best `limit` matches, one per town: a short sorted array (limit is at most 10). */
function topMatches(limit: number) {
  const kept: Match[] = [];
  return {
    kept,
    /** The tier a match needs at least to be considered: a worse one cannot enter a full list. */
    worstTier: () => (kept.length < limit ? 2 : kept[limit - 1]!.tier),
    consider(match: Match) {
      const same = kept.findIndex((m) => m.row === match.row);
      if (same >= 0) {
        if (!better(match, kept[same]!)) return;
        kept.splice(same, 1);
      } else if (kept.length === limit && !better(match, kept[limit - 1]!)) {
        return;
      }
      let at = kept.length;
      while (at > 0 && better(match, kept[at - 1]!)) at--;
      kept.splice(at, 0, match);
      if (kept.length > limit) kept.pop();
    },
  };
}

export interface GazetteerSearch {
  /** Towns whose name (or a well-known other name) contains `query`, best first, at most `limit`. */
  search(query: string, limit: number): GazetteerCity[];
}

/**
 * Type-ahead search of the offline gazetteer (the geocoder's GeoNames towns, shared, not loaded
 * twice). The index is one string of all folded names (1.4 MB) and their offsets, built on the first
 * search (about 0.5 s) rather than at start-up: only an administrator placing a photo by hand needs
 * it. A search scans that string with indexOf (2-5 ms; under 30 ms for a single letter, which
 * matches ~165,000 times) and keeps only the best `limit` matches, so nothing grows with the query.
 */
export function createGazetteerSearch(cities: () => CityTable): GazetteerSearch {
  let index: Index | undefined;

  function load(): Index {
    if (index) return index;
    const table = cities();
    const starts = new Uint32Array(table.count);
    const folded = new Array<string>(table.count);
    // The most populous town of each aliased name in its country.
    const wanted = new Map(CITY_ALIASES.map(([, name, country]) => [`${country}\n${name}`, -1]));
    let length = 0;
    for (let row = 0; row < table.count; row++) {
      const name = table.name(row);
      starts[row] = length;
      folded[row] = foldName(name);
      length += folded[row]!.length + 1;
      const key = `${table.countryCodes[table.country[row]!]}\n${name}`;
      const found = wanted.get(key);
      if (found !== undefined && (found < 0 || table.population[row]! > table.population[found]!)) {
        wanted.set(key, row);
      }
    }
    const text = folded.join('\n') + '\n';
    const aliases = CITY_ALIASES.flatMap(([display, name, country]) => {
      const row = wanted.get(`${country}\n${name}`) ?? -1;
      return row < 0 ? [] : [{ folded: foldName(display), display, row }];
    });
    index = { table, text, starts, aliases };
    return index;
  }

  /** The row whose name holds position `at` of the text. */
  function rowAt(starts: Uint32Array, at: number): number {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  return {
    search(query, limit) {
      const needle = foldName(query);
      if (needle === '' || limit < 1) return [];
      const { table, text, starts, aliases } = load();
      const best = topMatches(limit);
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
        // The tier is read from the neighbouring characters, so a hit that cannot enter the list
        // (one letter matches inside ~100,000 names) costs no lookup of its town.
        const nameStart = at === 0 || text[at - 1] === '\n';
        const tier =
          nameStart && text[at + needle.length] === '\n' ? 0 : nameStart || WORD_BREAK.has(text[at - 1]!) ? 1 : 2;
        if (tier > best.worstTier()) continue;
        const row = rowAt(starts, at);
        best.consider({ row, tier, population: table.population[row]!, alias: null });
      }
      for (const alias of aliases) {
        const at = alias.folded.indexOf(needle);
        if (at < 0) continue;
        const tier = alias.folded === needle ? 0 : at === 0 || WORD_BREAK.has(alias.folded[at - 1]!) ? 1 : 2;
        best.consider({ row: alias.row, tier, population: table.population[alias.row]!, alias: alias.display });
      }
      return best.kept.map(({ row, alias }) => {
        const countryCode = table.countryCodes[table.country[row]!]!;
        return {
          id: table.geonameId[row]!,
          name: table.name(row),
          alias,
          country: englishCountryName(countryCode) ?? countryCode,
          countryCode,
          latitude: table.latitude[row]!,
          longitude: table.longitude[row]!,
          population: table.population[row]!,
        };
      });
    },
  };
}
