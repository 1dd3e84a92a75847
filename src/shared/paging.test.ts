import { describe, expect, it } from 'vitest';
import { cursorSearch, withCursor } from './paging';

describe('page addresses', () => {
  it('adds the cursor to an address with or without a query, and nothing for the first page', () => {
    expect(withCursor('/en/home', 'abc')).toBe('/en/home?cursor=abc');
    expect(withCursor('/en/search?q=rome', 'a/b=')).toBe('/en/search?q=rome&cursor=a%2Fb%3D');
    expect(withCursor('/en/search?q=rome', '')).toBe('/en/search?q=rome');
    expect(cursorSearch('x y')).toBe('?cursor=x%20y');
    expect(cursorSearch('')).toBe('');
  });
});
