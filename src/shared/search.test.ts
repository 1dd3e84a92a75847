import { describe, expect, it } from 'vitest';
import { SEARCH_QUERY_SHOWN_CHARS, shownQuery } from './search';

describe('the query as a heading repeats it', () => {
  it('keeps a query of ordinary length whole', () => {
    expect(shownQuery('belem tower')).toBe('belem tower');
    expect(shownQuery('x'.repeat(SEARCH_QUERY_SHOWN_CHARS))).toBe('x'.repeat(SEARCH_QUERY_SHOWN_CHARS));
  });

  it('clips a long one with an ellipsis, never inside a character', () => {
    expect(shownQuery('x'.repeat(300))).toBe(`${'x'.repeat(SEARCH_QUERY_SHOWN_CHARS)}…`);
    expect(shownQuery('word '.repeat(20), 12)).toBe('word word wo…');
    const flags = '🇵🇹'.repeat(10);
    expect(shownQuery(flags, 3)).toBe('🇵🇹🇵🇹🇵🇹…');
    expect(shownQuery('里斯本'.repeat(30), 4)).toBe('里斯本里…');
  });
});
