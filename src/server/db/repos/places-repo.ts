import { and, desc, eq, inArray, ne, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { GalleryImageDto, PlaceCardDto, PlaceDto } from '@/shared/api/public';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { galleryImages, places, placeTranslations } from '../schema';
import { keysetOrder, pageKeyColumn, seekCondition, type Keyed, type Keyset, type Seek } from './keyset';
import { textIn, writtenBy } from './text-in-language';

/** A place's translation row, joined in `lang`. */
export const tr = alias(placeTranslations, 'tr');

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

type PlaceColumns = Record<
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'fullDescription'
  | 'imageUrl'
  | 'originalImagePath'
  | 'location'
  | 'country'
  | 'date'
  | 'latitude'
  | 'longitude'
  | 'reviewed'
  | 'origin',
  AnyPgColumn
>;
type TranslationColumns = Record<
  'id' | 'title' | 'description' | 'fullDescription' | 'location' | 'country' | 'origin' | 'reviewed',
  AnyPgColumn
>;

/** A place card's fields in `lang` from a places row `p` and its translation row `t` (English fallback). */
export function cardFields<P extends PlaceColumns, T extends TranslationColumns>(
  p: P,
  t: T,
  lang: LanguageCode | Placeholder,
) {
  return {
    id: p.id,
    slug: p.slug,
    ...textIn(t, p, ['title', 'description', 'location', 'country']),
    imageUrl: p.imageUrl,
    originalImagePath: p.originalImagePath,
    date: p.date,
    latitude: p.latitude,
    longitude: p.longitude,
    languageCode: sql<string>`case when ${t.id} is null then 'en' else ${lang} end`,
    // The pages of its city and country, where the admin has created them (the lookups of
    // migration 0008's city_slug_of and country_slug_of). Written out, not called: PostgreSQL plans
    // a SQL function's query again in every execution of the statement that calls it, where a
    // subquery is planned once with the statement (with jsonObject's names written in, a place page's
    // read went from 0.79 to 0.71 ms of CPU on embedded PGlite, the same rows).
    citySlug: sql<
      string | null
    >`(select cs.slug from cities cs where cs.name = ${p.location} and cs.country = ${p.country})`,
    countrySlug: sql<string | null>`(select ks.slug from countries ks where ks.name = ${p.country})`,
  };
}

/** A place's fields in `lang`, its article too (the place's own page). */
export function translatedFields<P extends PlaceColumns, T extends TranslationColumns>(
  p: P,
  t: T,
  lang: LanguageCode | Placeholder,
) {
  return {
    ...cardFields(p, t, lang),
    fullDescription: sql<
      string | null
    >`case when ${t.id} is null then ${p.fullDescription} else coalesce(${t.fullDescription}, ${p.fullDescription}) end`,
    // A translation without a full description shows the English one (see englishFields).
    fullDescriptionTranslated: sql<boolean>`(${t.fullDescription} is not null)`,
    // Whether a person has read the text shown: the translation's, else the English (migration 0013).
    reviewed: sql<boolean>`(case when ${t.id} is null then ${p.reviewed} else ${t.reviewed} end)`,
    machineTranslated: sql<boolean>`(${t.id} is not null and ${t.origin} = 'machine')`,
    writtenBy: writtenBy(p.origin, t),
  };
}

/**
 * A place in `lang` as read: the catalogue turns it into a PlaceDto (country name in `lang`,
 * the fields that fell back to English named).
 */
export type TranslatedPlaceRow = Omit<PlaceDto, 'englishFields'> & { fullDescriptionTranslated: boolean };
/** A place card in `lang` as read (see cardFields). */
export type TranslatedCardRow = Omit<PlaceCardDto, 'englishFields'>;

const cardColumns = (lang: LanguageCode) => cardFields(places, tr, lang);

/**
 * Fields as one JSON object (a row of them), for places nested in another query's row. The names
 * are the code's own identifiers, written into the statement: as parameters they were 50 of the
 * place page's 67, bound and sent again with every read.
 */
export function jsonObject(fields: Record<string, unknown>): SQL {
  const pairs = Object.entries(fields).map(([name, value]) => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error(`Not a field name: ${name}`);
    return sql`${sql.raw(`'${name}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * What visitors may see: published places only. Every public read of places asks for it (a draft
 * is invisible everywhere: pages, lists, search, nearby, maps, sitemaps); the admin reads all.
 */
export const isPublished = (table: typeof places = places) => eq(table.state, 'published');

/** Published places with their text in `lang`, falling back to the original (English) text per place. */
function selectTranslated(db: DbOrTx, lang: LanguageCode, where?: SQL) {
  return db
    .select(translatedFields(places, tr, lang))
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(isPublished(), where))
    .orderBy(...newestFirst);
}

export interface PlaceFilter {
  location?: string;
  country?: string;
  /** Left out: the page's highlights, shown above the list (docs/decisions/044-featured-places.md). */
  except?: readonly string[];
}

/** The places of one location and/or country (or all), from where `seek` says on. */
export function placesPageWhere(filter: PlaceFilter, seek: Seek | undefined): SQL | undefined {
  return and(
    filter.location !== undefined ? eq(places.location, filter.location) : undefined,
    filter.country !== undefined ? eq(places.country, filter.country) : undefined,
    filter.except?.length ? notInArray(places.id, [...filter.except]) : undefined,
    seekCondition(placesKeyset, seek),
  );
}

/** One page of places (newest first), optionally of one location and/or country. */
export function listPlacesPage(
  db: DbOrTx,
  lang: LanguageCode,
  filter: PlaceFilter,
  seek: Seek | undefined,
  limit: number,
): Promise<(TranslatedCardRow & Keyed)[]> {
  return db
    .select({ ...cardColumns(lang), pageKey: pageKeyColumn(placesKeyset) })
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(isPublished(), placesPageWhere(filter, seek)))
    .orderBy(...keysetOrder(placesKeyset, seek))
    .limit(limit);
}

export async function findTranslatedPlaceBySlug(db: DbOrTx, slug: string, lang: LanguageCode) {
  const rows = await selectTranslated(db, lang, eq(places.slug, slug)).limit(1);
  return rows[0];
}

/**
 * A gallery photo's caption or alt text (of the row `g`) in `lang`, else in English, else null: a
 * language's empty field counts as not written.
 */
export const galleryText = (field: 'alt' | 'caption', lang: Placeholder | LanguageCode) =>
  sql<string | null>`(select nullif(t.${sql.raw(field)}, '') from gallery_image_texts t
    where t.image_id = g.id and t.language_code in (${lang}, 'en') and t.${sql.raw(field)} <> ''
    order by t.language_code = ${lang} desc limit 1)`;

/** The language of a gallery photo's caption or alt text as galleryText picks it ('en' when it fell back). */
const galleryTextLanguage = (field: 'alt' | 'caption', lang: Placeholder | LanguageCode) =>
  sql`(select t.language_code from gallery_image_texts t
    where t.image_id = g.id and t.language_code in (${lang}, 'en') and t.${sql.raw(field)} <> ''
    order by t.language_code = ${lang} desc limit 1)`;

/** The texts of the gallery photo `g` shown in English on a page in `lang` (marked `lang="en"` there). */
export const galleryEnglishFields = (lang: Placeholder | LanguageCode) =>
  sql<GalleryImageDto['englishFields']>`to_json(array_remove(array[
    case when ${lang}::text <> 'en' and ${galleryTextLanguage('alt', lang)} = 'en' then 'alt' end,
    case when ${lang}::text <> 'en' and ${galleryTextLanguage('caption', lang)} = 'en' then 'caption' end
  ]::text[], null))`;

export async function findPlaceById(db: DbOrTx, id: string) {
  const rows = await db.select().from(places).where(eq(places.id, id)).limit(1);
  return rows[0];
}

/** A place visitors may see (published), by id: the public API's sections of a place. */
export async function findPublishedPlaceById(db: DbOrTx, id: string) {
  const rows = await db
    .select()
    .from(places)
    .where(and(eq(places.id, id), isPublished()))
    .limit(1);
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
): Promise<TranslatedCardRow[]> {
  return db
    .select(cardColumns(lang))
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(
      and(
        eq(places.location, place.location),
        eq(places.country, place.country),
        ne(places.id, place.id),
        isPublished(),
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A place's gallery in order, each photo's texts in `lang` (else English). */
export function listGallery(db: DbOrTx, placeId: string, lang: LanguageCode): Promise<GalleryImageDto[]> {
  const g = alias(galleryImages, 'g');
  return db
    .select({
      id: g.id,
      imageUrl: g.imageUrl,
      originalImagePath: g.originalImagePath,
      alt: galleryText('alt', lang),
      caption: galleryText('caption', lang),
      englishFields: galleryEnglishFields(lang),
    })
    .from(g)
    .where(eq(g.placeId, placeId))
    .orderBy(g.position, g.createdAt, g.id);
}

/** The published places among `ids` as cards in `lang` (the visitor's saved places); drafts and unknown ids are left out. */
export function listPlaceCardsByIds(
  db: DbOrTx,
  lang: LanguageCode,
  ids: readonly string[],
): Promise<TranslatedCardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(cardColumns(lang))
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(isPublished(), inArray(places.id, [...ids])));
}
