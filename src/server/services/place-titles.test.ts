import { describe, expect, it } from 'vitest';
import { distinctTitle } from './place-titles';

describe('distinctTitle: two places of one town never share a title', () => {
  it('keeps a free title, then adds the day the photo was taken, then numbers', () => {
    const taken = new Set<string>();
    const titles = [1, 2, 3, 4].map(() => {
      const title = distinctTitle('Lisbon', taken, '2024-05-17');
      taken.add(title);
      return title;
    });
    expect(titles).toEqual(['Lisbon', 'Lisbon, 17 May 2024', 'Lisbon (2)', 'Lisbon (3)']);
  });

  it('numbers at once when the photo does not say when it was taken', () => {
    expect(distinctTitle('Lisbon', new Set(['Lisbon']))).toBe('Lisbon (2)');
    expect(distinctTitle('Lisbon', new Set(['Lisbon', 'Lisbon (2)']), 'not a date')).toBe('Lisbon (3)');
  });
});
