import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
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

/** Same city first, then the same country; newest first within each; never the place itself. */
export async function listRelatedPlaces(
  db: DbOrTx,
  place: { id: string; location: string; country: string },
  lang: LanguageCode,
  limit: number,
): Promise<PlaceDto[]> {
  const sameCity = and(eq(places.location, place.location), eq(places.country, place.country));
  return db
    .select(translatedColumns(lang))
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(ne(places.id, place.id), or(sameCity, eq(places.country, place.country))))
    .orderBy(sql`case when ${sameCity} then 0 else 1 end`, ...newestFirst)
    .limit(limit);
}

export async function findHistory(db: DbOrTx, placeId: string, lang: string): Promise<HistoryDto | undefined> {
  const rows = await db
    .select({ hasEvents: placeHistory.hasEvents, events: placeHistory.events })
    .from(placeHistory)
    .where(and(eq(placeHistory.placeId, placeId), eq(placeHistory.languageCode, lang)))
    .limit(1);
  return rows[0];
}

export async function findFacts(db: DbOrTx, placeId: string, lang: string): Promise<FactsDto | undefined> {
  const rows = await db
    .select({ hasFacts: placeFacts.hasFacts, facts: placeFacts.facts })
    .from(placeFacts)
    .where(and(eq(placeFacts.placeId, placeId), eq(placeFacts.languageCode, lang)))
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
