import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FactsDto, GalleryImageDto, HistoryDto, PlaceDto } from '../../../shared/api/public';
import type { LanguageCode } from '../../../shared/languages';
import type { DbOrTx } from '../client';
import { galleryImages, placeFacts, placeHistory, places, placeTranslations } from '../schema';
import { keysetOrder, pageKeyColumn, seekCondition, type Keyed, type Keyset, type Seek } from './keyset';

const tr = alias(placeTranslations, 'tr');

/** Newest first: by the place's date, then by when it was added. */
export const newestFirst = [desc(places.date), desc(places.createdAt), desc(places.id)] as const;

/** The same order as a keyset, for paging (index places_newest_idx). */
export const placesKeyset: Keyset = {
  columns: [
    { column: places.date, kind: 'text' },
    { column: places.createdAt, kind: 'timestamp' },
    { column: places.id, kind: 'uuid' },
  ],
};

function translatedColumns(lang: LanguageCode) {
  return {
    id: places.id,
    slug: places.slug,
    title: sql<string>`coalesce(${tr.title}, ${places.title})`,
    description: sql<string>`coalesce(${tr.description}, ${places.description})`,
    fullDescription: sql<
      string | null
    >`case when ${tr.id} is null then ${places.fullDescription} else coalesce(${tr.fullDescription}, ${places.fullDescription}) end`,
    imageUrl: places.imageUrl,
    originalImagePath: places.originalImagePath,
    location: sql<string>`coalesce(${tr.location}, ${places.location})`,
    country: sql<string>`coalesce(${tr.country}, ${places.country})`,
    date: places.date,
    latitude: places.latitude,
    longitude: places.longitude,
    languageCode: sql<string>`case when ${tr.id} is null then 'en' else ${lang} end`,
  };
}

/** Places with their text in `lang`, falling back to the original (English) text per place. */
function selectTranslated(db: DbOrTx, lang: LanguageCode, where?: SQL) {
  return db
    .select(translatedColumns(lang))
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(where)
    .orderBy(...newestFirst);
}

export interface PlaceFilter {
  location?: string;
  country?: string;
}

/** One page of places (newest first), optionally of one location and/or country. */
export function listPlacesPage(
  db: DbOrTx,
  lang: LanguageCode,
  filter: PlaceFilter,
  seek: Seek | undefined,
  limit: number,
): Promise<(PlaceDto & Keyed)[]> {
  return db
    .select({ ...translatedColumns(lang), pageKey: pageKeyColumn(placesKeyset) })
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(
      and(
        filter.location !== undefined ? eq(places.location, filter.location) : undefined,
        filter.country !== undefined ? eq(places.country, filter.country) : undefined,
        seekCondition(placesKeyset, seek),
      ),
    )
    .orderBy(...keysetOrder(placesKeyset, seek))
    .limit(limit);
}

export async function findTranslatedPlaceBySlug(db: DbOrTx, slug: string, lang: LanguageCode) {
  const rows = await selectTranslated(db, lang, eq(places.slug, slug)).limit(1);
  return rows[0];
}

export async function findPlaceById(db: DbOrTx, id: string) {
  const rows = await db.select().from(places).where(eq(places.id, id)).limit(1);
  return rows[0];
}

/**
 * Other places of the same city, newest first, never the place itself: the page lists them under
 * 'see also in {location}', so they come from that location only. Index-backed
 * (places_location_country_newest_idx), so it costs the same with 5 or 50,000 places in a city.
 */
export async function listRelatedPlaces(
  db: DbOrTx,
  place: { id: string; location: string; country: string },
  lang: LanguageCode,
  limit: number,
): Promise<PlaceDto[]> {
  return db
    .select(translatedColumns(lang))
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(eq(places.location, place.location), eq(places.country, place.country), ne(places.id, place.id)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The place's history in `lang`, else in English (one query, the wanted language first). */
export async function findHistory(db: DbOrTx, placeId: string, lang: string): Promise<HistoryDto | undefined> {
  const rows = await db
    .select({ hasEvents: placeHistory.hasEvents, events: placeHistory.events })
    .from(placeHistory)
    .where(and(eq(placeHistory.placeId, placeId), inArray(placeHistory.languageCode, [lang, 'en'])))
    .orderBy(sql`${placeHistory.languageCode} = ${lang} desc`)
    .limit(1);
  return rows[0];
}

/** The place's trivia in `lang`, else in English. */
export async function findFacts(db: DbOrTx, placeId: string, lang: string): Promise<FactsDto | undefined> {
  const rows = await db
    .select({ hasFacts: placeFacts.hasFacts, facts: placeFacts.facts })
    .from(placeFacts)
    .where(and(eq(placeFacts.placeId, placeId), inArray(placeFacts.languageCode, [lang, 'en'])))
    .orderBy(sql`${placeFacts.languageCode} = ${lang} desc`)
    .limit(1);
  return rows[0];
}

export function listGallery(db: DbOrTx, placeId: string): Promise<GalleryImageDto[]> {
  return db
    .select({
      id: galleryImages.id,
      imageUrl: galleryImages.imageUrl,
      originalImagePath: galleryImages.originalImagePath,
    })
    .from(galleryImages)
    .where(eq(galleryImages.placeId, placeId))
    .orderBy(galleryImages.createdAt, galleryImages.id);
}
