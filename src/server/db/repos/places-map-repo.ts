import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { places, placeTranslations } from '../schema';
import { isPublished } from './places-repo';
import { textIn } from './text-in-language';

const tr = alias(placeTranslations, 'map_place_tr');

/**
 * Which places the map of every place shows, beyond "published, with a position and an address":
 * a condition on `places` made here (all SQL lives under db/) and handed through the service,
 * named by `key` for its cache. A theme's map (issue 40) is one:
 * `{ key: 'theme:castles', condition: sql\`exists (select 1 from place_themes ...)\` }`.
 */
export interface MapPointFilter {
  key: string;
  condition: SQL;
}

/** One place on the map: no text but its English city, the same in every language. */
export interface MapPointRow {
  id: string;
  slug: string;
  latitude: number;
  longitude: number;
  /** The stored (English) city: what a group of places is named after. */
  location: string;
}

/** Every place the map shows, in one read (ordered, so groups list their places the same way each time). */
export function listMapPoints(db: DbOrTx, filter?: MapPointFilter): Promise<MapPointRow[]> {
  return db
    .select({
      id: places.id,
      slug: sql<string>`${places.slug}`,
      latitude: sql<number>`${places.latitude}`,
      longitude: sql<number>`${places.longitude}`,
      location: places.location,
    })
    .from(places)
    .where(
      and(
        isPublished(),
        isNotNull(places.slug),
        isNotNull(places.latitude),
        isNotNull(places.longitude),
        filter?.condition,
      ),
    )
    .orderBy(asc(places.createdAt), asc(places.id));
}

export interface MapPlaceText {
  id: string;
  title: string;
  location: string;
}

/** The title and city of some places in `lang` (English where not translated): a view's markers and lists. */
export async function mapPlaceTexts(db: DbOrTx, ids: readonly string[], lang: LanguageCode): Promise<MapPlaceText[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: places.id, ...textIn(tr, places, ['title', 'location']) })
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(inArray(places.id, [...ids]), isPublished()));
}
