import { describe, expect, it } from 'vitest';
import { CITY_ALIASES } from './city-aliases';
import { createGazetteerSearch, foldName } from './gazetteer-search';
import { createReverseGeocoder } from './reverse-geocoder';

const geocoder = createReverseGeocoder();
const gazetteer = createGazetteerSearch(() => geocoder.cities());
const first = (query: string) => gazetteer.search(query, 10)[0];

describe('gazetteer search', () => {
  it('finds towns whatever the accents and case: lodz is Łódź, munchen and MÜNCHEN are Munich', () => {
    expect(first('lodz')).toMatchObject({ name: 'Łódź', country: 'Poland', countryCode: 'PL' });
    expect(first('Łódź')).toMatchObject({ name: 'Łódź' });
    for (const query of ['münchen', 'munchen', 'MÜNCHEN', '  München ']) {
      expect(first(query), query).toMatchObject({ name: 'Munich', alias: 'München', country: 'Germany' });
    }
    expect(first('munich')).toMatchObject({ name: 'Munich', alias: null });
    expect(first('zurich')).toMatchObject({ name: 'Zürich', countryCode: 'CH' });
    expect(first('xian')).toMatchObject({ name: 'Xi’an' });
    expect(first('st petersburg')).toMatchObject({ name: 'Saint Petersburg' });
    expect(first('北京')).toMatchObject({ name: 'Beijing', alias: '北京' });
  });

  it('ranks names that start with the text first, the most populous first, with coordinates and a GeoNames id', () => {
    const paris = gazetteer.search('paris', 10);
    expect(paris[0]).toMatchObject({ name: 'Paris', countryCode: 'FR', id: 2988507 });
    expect(paris[0]!.latitude).toBeCloseTo(48.85341, 4);
    expect(paris[0]!.longitude).toBeCloseTo(2.3488, 4);
    const populations = paris.filter((c) => c.name === 'Paris').map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    // the whole name first ("York"), then the largest name with a word that starts so ("New York City")
    const york = gazetteer.search('york', 10).map((c) => c.name);
    expect(york.slice(0, york.lastIndexOf('York') + 2)).toEqual([...york.filter((n) => n === 'York'), 'New York City']);
    // text inside a word is found too, after every whole-word match and by population within each
    const tier = (name: string, query: string) =>
      foldName(name) === query ? 0 : ` ${foldName(name)}`.includes(` ${query}`) ? 1 : 2;
    for (const query of ['nice', 'san', 'bad', 'ven']) {
      const found = gazetteer.search(query, 10).map((c) => [tier(c.alias ?? c.name, query), -c.population]);
      expect(found, query).toEqual([...found].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    }
    expect(gazetteer.search('enice', 10).map((c) => c.name)).toContain('Venice');
  });

  it('answers at most the limit, and nothing for text no town has', () => {
    expect(gazetteer.search('a', 10)).toHaveLength(10);
    expect(gazetteer.search('san', 3)).toHaveLength(3);
    expect(gazetteer.search('qqqqzzzz', 10)).toEqual([]);
    expect(gazetteer.search('\u0301', 10)).toEqual([]);
    // each town once, even when its name and another of its names both match
    const ids = gazetteer.search('mun', 10).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('knows the town of every other name it lists', () => {
    const missing = CITY_ALIASES.filter(([alias, name]) => !gazetteer.search(alias, 10).some((c) => c.name === name));
    expect(missing).toEqual([]);
  });

  it('folds names the way people type them', () => {
    expect(foldName('Sankt-Peterburg')).toBe('sankt peterburg');
    expect(foldName('Øresund  Æbeltoft')).toBe('oresund aebeltoft');
    expect(foldName('Gießen')).toBe('giessen');
    expect(foldName('a\nb')).toBe('a b');
  });
});
