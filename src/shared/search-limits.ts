/*
 * Search limits alone: the navigation's search box (on every public page) needs only these, and
 * importing src/shared/search.ts there would put its text folding into the entry chunk.
 */

/** Longer search text is refused (400 on the API, a message on the page). */
export const SEARCH_TEXT_MAX = 200;
/** Type-ahead suggestions shown under the navigation's search box. */
export const SEARCH_SUGGESTIONS = 5;
/** Results a search can be paged to: every list is bounded. */
export const SEARCH_RESULTS_MAX = 1000;
