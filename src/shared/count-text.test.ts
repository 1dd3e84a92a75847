import { describe, expect, it } from 'vitest';
import { countText } from './count-text';

describe('counts in sentences', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countText(1, 'attempt')).toBe('1 attempt');
    expect(countText(3, 'attempt')).toBe('3 attempts');
    expect(countText(0, 'event')).toBe('0 events');
    expect(countText(2, 'city', 'cities')).toBe('2 cities');
  });
});
