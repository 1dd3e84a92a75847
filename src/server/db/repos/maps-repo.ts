import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { cities, cityTranslations, countries, countryTranslations, places } from '../schema';

/** The most markers one map shows (there are about 250 countries; a country's cities are capped). */
export const MAP_COUNTRIES_MAX = 300;
export const MAP_CITIES_MAX = 300;

const ctr = alias(countryTranslations, 'map_ctr');
const cityTr = alias(cityTranslations, 'map_city_tr');

/**
 * Where an area's places are: the mean of their positions as unit vectors (x, y, z), so places on
 * both sides of the antimeridian average to a point between them, not to the other side of the world.
 */
const meanVector = {
  x: sql<number>`avg(cos(radians(${places.latitude})) * cos(radians(${places.longitude})))::float8`,
  y: sql<number>`avg(cos(radians(${places.latitude})) * sin(radians(${places.longitude})))::float8`,
  z: sql<number>`avg(sin(radians(${places.latitude})))::float8`,
};

/** An area's marker: its page, its name in the language asked for (else English) and where its places are. */
const areaPosition = (area: { slug: AnyPgColumn; name: AnyPgColumn }, translation: { name: AnyPgColumn }) => ({
  slug: sql<string>`${area.slug}`,
  name: sql<string>`coalesce(${translation.name}, ${area.name})`,
  nameTranslated: sql<boolean>`(${translation.name} is not null)`,
  englishName: sql<string>`${area.name}`,
  ...meanVector,
});

/** Published places with a position: what the maps mark (a draft is on no map). */
const hasCoordinates = and(isNotNull(places.latitude), isNotNull(places.longitude), eq(places.state, 'published'));

export interface AreaPositionRow {
  slug: string;
  /** The name in the requested language when a translation is stored, else the English one. */
  name: string;
  nameTranslated: boolean;
  /** The stored (English) name. */
  englishName: string;
  x: number;
  y: number;
  z: number;
}

/** Countries that have places with coordinates, each with where its places are (one read of the places). */
export function listCountriesWithPlaces(db: DbOrTx, lang: LanguageCode): Promise<AreaPositionRow[]> {
  return db
    .select(areaPosition(countries, ctr))
    .from(countries)
    .innerJoin(places, and(eq(places.country, countries.name), hasCoordinates))
    .leftJoin(ctr, and(eq(ctr.countryId, countries.id), eq(ctr.languageCode, lang)))
    .groupBy(countries.id, ctr.id)
    .orderBy(asc(countries.name))
    .limit(MAP_COUNTRIES_MAX);
}

/** The cities of a country (English name) that have places with coordinates, with where they are. */
export function listCitiesWithPlaces(db: DbOrTx, country: string, lang: LanguageCode): Promise<AreaPositionRow[]> {
  return db
    .select(areaPosition(cities, cityTr))
    .from(cities)
    .innerJoin(places, and(eq(places.location, cities.name), eq(places.country, cities.country), hasCoordinates))
    .leftJoin(cityTr, and(eq(cityTr.cityId, cities.id), eq(cityTr.languageCode, lang)))
    .where(eq(cities.country, country))
    .groupBy(cities.id, cityTr.id)
    .orderBy(asc(cities.name))
    .limit(MAP_CITIES_MAX);
}
