// The search part of `npm run bench:serve` (docs/decisions/007-search.md): load scenarios for the
// search API and page on the benchmark's places (Rome, Italy, text from bench/fill.ts's words).

/** Words the filled places are written in, and names the site gives them in other languages. */
const WORDS = [
  'basilica',
  'piazza',
  'fountain',
  'marble',
  'forum',
  'chapel',
  'garden',
  'terrace',
  'trattoria',
  'sunset',
  'panorama',
  'bridge',
  'palazzo',
  'mosaic',
  'statue',
  'emperor',
  'aqueduct',
  'temple',
  'staircase',
  'balcony',
  'baroque',
  'renaissance',
  'medieval',
  'gelato',
  'cathedral',
];

const api = (q: string, lang = 'en') => `/api/search?q=${encodeURIComponent(q)}&lang=${lang}`;

/** What visitors typically type: a word, a city, a typo, a country in German and in Chinese. */
export const TYPICAL_SEARCHES = [
  api('basilica'),
  api('rome'),
  api('fountain piazza'),
  api('colloseum'),
  api('italien', 'de'),
  api('意大利', 'zh'),
];

/**
 * Distinct two-word searches, each asked once, so none comes from the render cache: what a search
 * costs the database. Fewer than the API's rate limit per address and minute (600).
 */
export function distinctSearches(count: number): string[] {
  const out: string[] = [];
  for (const a of WORDS) {
    for (const b of WORDS) if (a !== b && out.length < count) out.push(api(`${a} ${b}`));
  }
  return out;
}

const SEARCH_PAGE = '/en/search?q=basilica';

/** Asked once before the load, so the repeated scenarios measure cached answers like the others. */
export const SEARCH_WARM_UP = [...TYPICAL_SEARCHES, SEARCH_PAGE];

/** The scenarios, in bench-serve's plan format: repeated answers come from the cache. */
export function searchScenarios(): Array<{ name: string; path?: string; paths?: string[] }> {
  return [
    // the six queries again and again, round and round (each path of the list once: a long list)
    {
      name: 'search API, 6 typical (repeated)',
      paths: Array.from({ length: 50_000 }, (_, i) => TYPICAL_SEARCHES[i % TYPICAL_SEARCHES.length]!),
    },
    { name: 'search API, distinct (first time)', paths: distinctSearches(400) },
    { name: 'search page (repeated)', path: SEARCH_PAGE },
  ];
}
