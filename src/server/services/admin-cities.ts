import type { adminCityContracts } from '../../shared/api/admin-areas';
import * as repo from '../db/repos/admin-areas-repo';
import { withTranslationState } from '../translation/status';
import { createAdminAreasService, type AdminAreasDeps, type AreaRules, type AreaTypesOf } from './admin-areas';

/** A city is known by its name within its country; its places follow it when either changes. */
const CITY: AreaRules<AreaTypesOf<typeof adminCityContracts, repo.CityRow>> = {
  type: 'city',
  // finding, locking, writing and deleting its row: the same for either kind, over its table
  ...repo.areaRows.city,
  notFound: 'City not found. It may have been deleted already.',
  duplicateMessage: (city) => `A city named "${city.name}" in ${city.country} already exists. Edit that city instead.`,
  findSame: (db, city) => repo.findCityByName(db, city.name, city.country),
  findAdmin: async (db, id) => {
    const row = await repo.findAdminCity(db, id);
    return row && withTranslationState(row);
  },
  list: async (db) => (await repo.listAdminCities(db)).map(withTranslationState),
  missing: repo.listMissingCities,
  describe: (ai, city) => ai.describeCity({ name: city.name, country: city.country }),
  async carryReferences(tx, current, body, enqueue) {
    const moved = current.name !== body.name || current.country !== body.country;
    if (moved) await repo.movePlacesOfCity(tx, current, body, enqueue);
    return moved;
  },
  kept: async (db, city) => [
    {
      count: await repo.countPlacesIn(db, { location: city.name, country: city.country }),
      one: 'place',
      many: 'places',
    },
  ],
  respond: (city, outcome) => ({ city, ...outcome }),
};

/** Manage Cities (docs/product.md §2.5.5, §7.3.5): see admin-areas.ts for what cities and countries share. */
export const createAdminCitiesService = (deps: AdminAreasDeps) => createAdminAreasService(CITY, deps);
export type AdminCitiesService = ReturnType<typeof createAdminCitiesService>;
