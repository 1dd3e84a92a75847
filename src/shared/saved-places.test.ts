import { describe, expect, it } from 'vitest';
import { parseSavedIds, SAVED_PLACES_MAX } from './saved-places';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the ids of a share address', () => {
  it('reads place ids in order, once each, in lower case', () => {
    expect(parseSavedIds(`${id(2)},${id(1)},${id(2).toUpperCase()}`)).toEqual([id(2), id(1)]);
    expect(parseSavedIds('')).toEqual([]);
  });

  it('refuses anything that is not a place id, and more than the limit', () => {
    expect(parseSavedIds(`${id(1)},belem-tower`)).toBeUndefined();
    expect(parseSavedIds(`${id(1)}'; drop table places`)).toBeUndefined();
    const many = Array.from({ length: SAVED_PLACES_MAX + 1 }, (_, n) => id(n)).join(',');
    expect(parseSavedIds(many)).toBeUndefined();
    expect(parseSavedIds(many.split(',').slice(1).join(','))).toHaveLength(SAVED_PLACES_MAX);
  });
});
