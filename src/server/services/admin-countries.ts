import type { adminCountryContracts } from '../../shared/api/admin-areas';
import * as repo from '../db/repos/admin-areas-repo';
import { withTranslationState } from '../translation/status';
import { createAdminAreasService, type AdminAreasDeps, type AreaRules, type AreaTypesOf } from './admin-areas';

/**
 * A country is known by its name alone; its cities and places name it, so they follow a rename.
 * Without a translation the public site still names a country in each language (CLDR, offline).
 */
const COUNTRY: AreaRules<AreaTypesOf<typeof adminCountryContracts, repo.CountryRow>> = {
  type: 'country',
  // finding, locking, writing and deleting its row: the same for either kind, over its table
  ...repo.areaRows.country,
  notFound: 'Country not found. It may have been deleted already.',
  duplicateMessage: (country) => `A country named "${country.name}" already exists. Edit that country instead.`,
  findSame: (db, country) => repo.findCountryByName(db, country.name),
  findAdmin: async (db, id) => {
    const row = await repo.findAdminCountry(db, id);
    return row && withTranslationState(row);
  },
  list: async (db) => (await repo.listAdminCountries(db)).map(withTranslationState),
  missing: repo.listMissingCountries,
  describe: (ai, country) => ai.describeCountry({ name: country.name }),
  async carryReferences(tx, current, body, enqueue) {
    const renamed = current.name !== body.name;
    if (renamed) await repo.moveCountryReferences(tx, current.name, body.name, enqueue);
    return renamed;
  },
  kept: async (db, country) => {
    const [cities, places] = await Promise.all([
      repo.countCitiesIn(db, country.name),
      repo.countPlacesIn(db, { country: country.name }),
    ]);
    return [
      { count: cities, one: 'city', many: 'cities' },
      { count: places, one: 'place', many: 'places' },
    ];
  },
  respond: (country, outcome) => ({ country, ...outcome }),
};

/** Manage Countries (docs/product.md §2.5.5, §7.3.5): see admin-areas.ts for what cities and countries share. */
export const createAdminCountriesService = (deps: AdminAreasDeps) => createAdminAreasService(COUNTRY, deps);
export type AdminCountriesService = ReturnType<typeof createAdminCountriesService>;
