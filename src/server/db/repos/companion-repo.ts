import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { places, placeTranslations } from '../schema';
import { isPublished, newestFirst } from './places-repo';
import { textIn } from './text-in-language';

const tr = alias(placeTranslations, 'companion_tr');

/** A published place as a map app or a feed reader gets it: its text in one language, its position, its dates. */
export interface CompanionPlaceRow {
  id: string;
  slug: string | null;
  title: string;
  description: string;
  imageUrl: string;
  location: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  /** The language `title` is in: the requested one, or 'en' without a translation. */
  languageCode: string;
  createdAt: Date;
  updatedAt: Date;
}

function selectCompanionPlaces(db: DbOrTx, lang: LanguageCode, where: SQL | undefined) {
  return db
    .select({
      id: places.id,
      slug: places.slug,
      ...textIn(tr, places, ['title', 'description', 'location', 'country']),
      imageUrl: places.imageUrl,
      latitude: places.latitude,
      longitude: places.longitude,
      languageCode: sql<string>`case when ${tr.id} is null then 'en' else ${lang} end`,
      createdAt: places.createdAt,
      updatedAt: places.updatedAt,
    })
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(isPublished(), where));
}

/** Which places an export holds: a city's or a country's (by their stored English names), or given ids. */
export type ExportFilter = { location: string; country: string } | { country: string } | { ids: readonly string[] };

/**
 * Up to `limit` published places with a position, newest first (the order of the city and country
 * pages): the waypoints of a download. A place without a position has nothing to show on a map.
 */
export function listExportPlaces(
  db: DbOrTx,
  lang: LanguageCode,
  filter: ExportFilter,
  limit: number,
): Promise<CompanionPlaceRow[]> {
  const which =
    'ids' in filter
      ? inArray(places.id, [...filter.ids])
      : and(
          'location' in filter ? eq(places.location, filter.location) : undefined,
          eq(places.country, filter.country),
        );
  return selectCompanionPlaces(db, lang, and(which, isNotNull(places.latitude), isNotNull(places.longitude)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * The `limit` places added last (index places_created_idx), optionally of one country (its stored
 * English name): the entries of a feed, which announces places as they arrive.
 */
export function listNewestPlaces(
  db: DbOrTx,
  lang: LanguageCode,
  country: string | undefined,
  limit: number,
): Promise<CompanionPlaceRow[]> {
  return selectCompanionPlaces(db, lang, country === undefined ? undefined : eq(places.country, country))
    .orderBy(desc(places.createdAt), asc(places.id))
    .limit(limit);
}
