import { describe, expect, it } from 'vitest';
import { distinctTitle, untranslatedTitle } from './place-titles';

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

describe('untranslatedTitle: a day that tells two places apart, in the page language', () => {
  it('writes the day of a dated English title as each language writes dates', () => {
    expect(untranslatedTitle('Madrid, 10 April 2015', 'en')).toBe('Madrid, 10 April 2015');
    expect(untranslatedTitle('Madrid, 10 April 2015', 'de')).toBe('Madrid, 10. April 2015');
    expect(untranslatedTitle('Madrid, 10 April 2015', 'es')).toBe('Madrid, 10 de abril de 2015');
    expect(untranslatedTitle('Madrid, 10 April 2015', 'fr')).toBe('Madrid, 10 avril 2015');
    expect(untranslatedTitle('Madrid, 10 April 2015', 'zh')).toBe('Madrid，2015年4月10日');
    expect(untranslatedTitle('Belém Tower, 1 December 2023', 'fr')).toBe('Belém Tower, 1 décembre 2023');
  });

  it('leaves every other title as it is', () => {
    for (const title of ['Madrid', 'Madrid (2)', 'Madrid, 10 Avril 2015', 'Madrid 10 April 2015', 'Spring, 2015']) {
      expect(untranslatedTitle(title, 'de')).toBe(title);
    }
  });
});
