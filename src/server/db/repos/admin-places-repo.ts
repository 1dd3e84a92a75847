import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPlaceSort, UpdatePlaceRequest } from '@/shared/api/admin-places';
import type { ReviewFilter, TranslationFilter } from '@/shared/api/review';
import type { VersionMap } from './translation-facts';
import { rowsOf, type DbOrTx } from '../client';
import { cities, countries, galleryImages, photos, places, placeTranslations, trash } from '../schema';
import { galleryOrder, nextPosition } from './gallery-repo';
import { keysetOrder, pageKeyColumn, seekCondition, type Keyset, type Seek } from './keyset';
import { placesKeyset, type PlaceFilter } from './places-repo';
import { reviewCondition, translationCondition } from './review-repo';
import { failuresJson, jobJson } from './translation-jobs-repo';
import { visitJson } from './visit-facts-repo';

/** Newest uploads first: when the place was made, then its id (places_created_idx backwards). */
const placesUploadedKeyset: Keyset = {
  columns: [
    { column: places.createdAt, kind: 'timestamp' },
    { column: places.id, kind: 'uuid' },
  ],
};

/** The key of each order of the Edit Places list; a cursor is only valid for the order that made it. */
export const adminPlaceKeysets: Record<AdminPlaceSort, Keyset> = {
  uploaded: placesUploadedKeyset,
  taken: placesKeyset,
};

/** The Edit Places list's filter: a city, and/or words of a title or location. */
export interface AdminPlaceFilter extends PlaceFilter {
  /** Found in the names of the place (title, location, country) in any of the five languages. */
  search?: string;
  state?: 'draft' | 'published';
  /** Only places with text no person has reviewed (any language, or one). */
  review?: ReviewFilter;
  /** Only places with an outdated translation, or a failed one. */
  translations?: TranslationFilter;
}

/** `%`, `_` and `\` stand for themselves in the LIKE pattern. */
const likeEscaped = (text: SQL) =>
  sql`replace(replace(replace(${text}, ${'\\'}, ${'\\\\'}), ${'%'}, ${'\\%'}), ${'_'}, ${'\\_'})`;

/**
 * Places whose names contain the text, folded the way public search folds it (no case, no
 * accents): the search documents hold each place's title, location and country in every language
 * (plus the English names), so "Köln", "Cologne" and "科隆" find the same place once translated.
 * `byPlace`: each place of the page order is looked up in its own documents (a few dozen lookups
 * when the text is common); else the text's few documents are collected first, through the trigram
 * index (143,000 of them at 100,000 places for a common text, hence the choice).
 */
function searchCondition(text: string, byPlace: boolean): SQL {
  const pattern = sql`'%' || ${likeEscaped(sql`search_normalize(${text})`)} || '%'`;
  // Drafts have no search documents (visitors must not find them): their English names are read here.
  const drafts = sql`select dp.id from places dp where dp.state = 'draft'
    and search_normalize(concat_ws(' ', dp.title, dp.location, dp.country)) like ${pattern}`;
  if (!byPlace) {
    return sql`${places.id} in (select d.entity_id from search_documents d where d.kind = 'place'
      and d.name_norm like ${pattern} union all ${drafts})`;
  }
  return sql`(coalesce((select true from search_documents d where d.entity_id = ${places.id} and d.kind = 'place'
    and d.name_norm like ${pattern} limit 1), false) or ${places.id} in (${drafts}))`;
}

/** How many places of the page order a search looks up one by one before it collects the text's documents instead. */
const SEARCH_PROBE = 200;

/**
 * The page of a search when the text is common enough to fill it among the next SEARCH_PROBE
 * places of the page order (or those are all there are): their ids, found place by place, at a
 * cost that does not grow with the catalogue. `undefined` when the text is rarer: its documents
 * are then few, and collected through the trigram index. (Counting the text's documents to decide
 * reads a trigram bitmap as large as the matches: 100 ms for a common word at 100,000 places.)
 */
async function commonTextPage(db: DbOrTx, search: string, where: SQL, order: SQL[], limit: number) {
  const candidates = sql`select ${places.id} as id, ${searchCondition(search, true)} as matched from ${places}
    where ${where} order by ${sql.join(order, sql`, `)} limit ${SEARCH_PROBE}`;
  // The outer limit stops the inner scan, and its lookups, once the page is full.
  const hits = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from (${candidates}) c where c.matched limit ${limit}`),
  ).map((row) => row.id);
  if (hits.length >= limit) return hits;
  const [scanned] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from (select 1 from ${places} where ${where} limit ${SEARCH_PROBE}) c`),
  );
  return Number(scanned?.n ?? 0) < SEARCH_PROBE ? hits : undefined;
}

/**
 * One page of places, newest first by `sort`, with the figures the Edit Places cards show;
 * optionally of one location and/or country and/or matching a search. Without a search the scan
 * walks places_created_idx (or places_newest_idx by photo date) backwards and stops after `limit`
 * rows; the figures' subqueries run only for the rows of the page.
 */
export async function listAdminPlacePage(
  db: DbOrTx,
  filter: AdminPlaceFilter,
  sort: AdminPlaceSort,
  seek: Seek | undefined,
  limit: number,
) {
  const keyset = adminPlaceKeysets[sort];
  const others = and(
    filter.location !== undefined ? eq(places.location, filter.location) : undefined,
    filter.country !== undefined ? eq(places.country, filter.country) : undefined,
    filter.state !== undefined ? eq(places.state, filter.state) : undefined,
    filter.review !== undefined ? reviewCondition(filter.review) : undefined,
    filter.translations !== undefined ? translationCondition(filter.translations) : undefined,
    seekCondition(keyset, seek),
  );
  const order = keysetOrder(keyset, seek);
  const search = filter.search;
  let searched: SQL | undefined;
  if (search !== undefined) {
    const ids = await commonTextPage(db, search, others ?? sql`true`, order, limit);
    if (ids?.length === 0) return [];
    searched = ids ? inArray(places.id, ids) : searchCondition(search, false);
  }
  return db
    .select({
      id: places.id,
      slug: places.slug,
      state: places.state,
      title: places.title,
      description: places.description,
      fullDescription: places.fullDescription,
      imageUrl: places.imageUrl,
      originalImagePath: places.originalImagePath,
      location: places.location,
      country: places.country,
      date: places.date,
      latitude: places.latitude,
      longitude: places.longitude,
      origin: places.origin,
      // Drizzle leaves columns unqualified in a one-table select, so the correlated subqueries
      // name their tables explicitly. Each language's stored translation, history and trivia,
      // by the source version it was made from (src/server/translation/status.ts reads them).
      sourceVersion: places.sourceVersion,
      textVersions: sql<VersionMap | null>`(select json_object_agg(pt.language_code, pt.source_version)
        from place_translations pt where pt.place_id = "places"."id" and pt.language_code <> 'en')`,
      historyVersions: sql<VersionMap | null>`(select json_object_agg(ph.language_code, ph.source_version)
        from place_history ph where ph.place_id = "places"."id")`,
      factsVersions: sql<VersionMap | null>`(select json_object_agg(pf.language_code, pf.source_version)
        from place_facts pf where pf.place_id = "places"."id")`,
      failures: failuresJson('place', sql`"places"."id"`),
      job: jobJson('place', sql`"places"."id"`),
      // AI generation language is fixed to English, so the English rows are the ones that count.
      historyEventCount: sql<number | null>`(select jsonb_array_length(ph.events)::int
        from place_history ph where ph.place_id = "places"."id" and ph.language_code = 'en')`,
      factsCount: sql<number | null>`(select jsonb_array_length(pf.facts)::int
        from place_facts pf where pf.place_id = "places"."id" and pf.language_code = 'en')`,
      galleryCount: sql<number>`(select count(*)::int from gallery_images gi where gi.place_id = "places"."id")`,
      visit: visitJson(sql`"places"."id"`),
      pageKey: pageKeyColumn(keyset),
    })
    .from(places)
    .where(and(others, searched))
    .orderBy(...order)
    .limit(limit);
}

/** How many places there are in all. */
export async function countPlaces(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(places);
  return row?.total ?? 0;
}

/**
 * Each distinct location and country with its number of places, by location then country; at
 * most `limit` of them. The grouping reads places_location_country_newest_idx in its order.
 */
export function listPlaceLocations(db: DbOrTx, limit: number) {
  return db
    .select({ location: places.location, country: places.country, count: sql<number>`count(*)::int` })
    .from(places)
    .groupBy(places.location, places.country)
    .orderBy(places.location, places.country)
    .limit(limit);
}

/** The translated fields and the picture of a place as they are now, locked until the transaction ends. */
export async function lockPlaceText(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      slug: places.slug,
      title: places.title,
      description: places.description,
      location: places.location,
      country: places.country,
      fullDescription: places.fullDescription,
      imageUrl: places.imageUrl,
      originalImagePath: places.originalImagePath,
    })
    .from(places)
    .where(eq(places.id, id))
    .for('update');
  return row;
}

/** Saves the Edit Place form; changed text makes a new source version (its translations are then outdated). */
export async function updatePlaceFields(
  db: DbOrTx,
  id: string,
  fields: Omit<UpdatePlaceRequest, 'fullDescription' | 'slug'> & {
    fullDescription?: string | null;
    originalImagePath?: string | null;
  },
  textChanged: boolean,
) {
  const rows = await db
    .update(places)
    // a person's edit of the English counts as a review (migration 0013) and makes it theirs (0016)
    .set({
      ...fields,
      reviewed: true,
      ...(textChanged ? { sourceVersion: sql`${places.sourceVersion} + 1`, origin: 'person' as const } : {}),
    })
    .where(eq(places.id, id))
    .returning({ id: places.id });
  return rows.length > 0;
}

/** The languages a place has a stored translation of its text in (English is the place itself). */
export async function listPlaceTranslationLanguages(db: DbOrTx, placeId: string): Promise<string[]> {
  const rows = await db
    .select({ languageCode: placeTranslations.languageCode })
    .from(placeTranslations)
    .where(and(eq(placeTranslations.placeId, placeId), ne(placeTranslations.languageCode, 'en')));
  return rows.map((row) => row.languageCode);
}

/**
 * Deletes a place and, through the foreign keys, its translations, history, facts, photos and
 * gallery rows. Answers the media addresses those rows pointed to, or undefined for an unknown id.
 */
export async function deletePlaceRows(tx: DbOrTx, id: string): Promise<string[] | undefined> {
  const [place] = await tx
    .select({ imageUrl: places.imageUrl, originalImagePath: places.originalImagePath })
    .from(places)
    .where(eq(places.id, id))
    .for('update');
  if (!place) return undefined;
  const photoRows = await tx
    .select({ original: photos.originalImagePath, thumbnail: photos.thumbnailPath })
    .from(photos)
    .where(eq(photos.placeId, id));
  const galleryRows = await tx
    .select({ imageUrl: galleryImages.imageUrl, original: galleryImages.originalImagePath })
    .from(galleryImages)
    .where(eq(galleryImages.placeId, id));
  await tx.delete(places).where(eq(places.id, id));
  return [
    place.imageUrl,
    place.originalImagePath,
    ...photoRows.flatMap((p) => [p.original, p.thumbnail]),
    ...galleryRows.flatMap((g) => [g.imageUrl, g.original]),
  ].filter((url): url is string => Boolean(url));
}

/**
 * The subset of `urls` some remaining row still shows: a city or country may use a place's photo
 * as its own picture, and those files must outlive the place. What waits in the trash keeps its
 * files too, until the trash is emptied or it expires.
 */
export async function referencedUrls(db: DbOrTx, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const wanted = sql`array[${sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  )}]::text[]`;
  const queries = [
    db.select({ url: cities.imageUrl }).from(cities).where(inArray(cities.imageUrl, urls)),
    db.select({ url: countries.imageUrl }).from(countries).where(inArray(countries.imageUrl, urls)),
    db
      .select({ url: places.imageUrl, original: places.originalImagePath })
      .from(places)
      .where(or(inArray(places.imageUrl, urls), inArray(places.originalImagePath, urls))),
    db
      .select({ url: galleryImages.imageUrl, original: galleryImages.originalImagePath })
      .from(galleryImages)
      .where(or(inArray(galleryImages.imageUrl, urls), inArray(galleryImages.originalImagePath, urls))),
    db
      .select({ url: photos.originalImagePath, original: photos.thumbnailPath })
      .from(photos)
      .where(or(inArray(photos.originalImagePath, urls), inArray(photos.thumbnailPath, urls))),
    db
      .select({ url: sql<string>`u.url` })
      .from(sql`${trash} cross join lateral unnest(${trash.mediaUrls}) as u(url)`)
      .where(sql`${trash.mediaUrls} && ${wanted} and u.url = any(${wanted})`),
  ];
  const used = new Set<string>();
  for (const rows of await Promise.all(queries)) {
    for (const row of rows as { url: string | null; original?: string | null }[]) {
      if (row.url) used.add(row.url);
      if (row.original) used.add(row.original);
    }
  }
  return used;
}

export function listGalleryRows(db: DbOrTx, placeId: string) {
  return db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.placeId, placeId))
    .orderBy(...galleryOrder);
}

/** A new photo goes last in its gallery. */
export async function insertGalleryRow(
  db: DbOrTx,
  row: { placeId: string; imageUrl: string; originalImagePath: string | null },
) {
  const [inserted] = await db
    .insert(galleryImages)
    .values({ ...row, position: nextPosition(row.placeId) })
    .returning();
  return inserted!;
}

/** The gallery row of this place showing `imageUrl`, locked for the transaction, or undefined. */
export async function lockGalleryRowByUrl(tx: DbOrTx, placeId: string, imageUrl: string) {
  const [row] = await tx
    .select({ id: galleryImages.id, originalImagePath: galleryImages.originalImagePath })
    .from(galleryImages)
    .where(and(eq(galleryImages.placeId, placeId), eq(galleryImages.imageUrl, imageUrl)))
    .limit(1)
    .for('update');
  return row;
}

/** The originals of the place's uploaded photos (usually one). */
export async function listPhotoOriginals(tx: DbOrTx, placeId: string): Promise<string[]> {
  const rows = await tx.select({ original: photos.originalImagePath }).from(photos).where(eq(photos.placeId, placeId));
  return rows.map((row) => row.original);
}

export async function setGalleryRowImage(
  tx: DbOrTx,
  id: string,
  image: { imageUrl: string; originalImagePath: string | null },
) {
  await tx.update(galleryImages).set(image).where(eq(galleryImages.id, id));
}

/** Deletes one gallery row and answers it, or undefined when there was none. */
export async function deleteGalleryRow(db: DbOrTx, id: string) {
  const [deleted] = await db.delete(galleryImages).where(eq(galleryImages.id, id)).returning();
  return deleted;
}

export async function placeExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: places.id }).from(places).where(eq(places.id, id)).limit(1);
  return rows.length > 0;
}

// A new place, as an upload makes it

export type NewPlace = typeof places.$inferInsert;

export async function insertPlace(db: DbOrTx, place: NewPlace) {
  const [row] = await db
    .insert(places)
    .values(place)
    .returning({ id: places.id, slug: places.slug, state: places.state, title: places.title });
  return row!;
}

/**
 * The titles of the places of one town that `title` or a variant of it (", <day>", " (n)") could
 * clash with, after waiting for any other upload choosing a title in that town (a lock held until
 * the transaction ends), so two uploads never pick the same one. Only those titles are read, not
 * every title of a town of thousands of places.
 */
export async function lockPlaceTitlesIn(
  tx: DbOrTx,
  town: { location: string; country: string },
  title: string,
): Promise<Set<string>> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`place-title\n${town.location}\n${town.country}`}))`);
  const rows = await tx
    .select({ title: places.title })
    .from(places)
    .where(
      and(
        eq(places.location, town.location),
        eq(places.country, town.country),
        or(
          eq(places.title, title),
          sql`left(${places.title}, ${[...title].length + 2}) in (${`${title}, `}, ${`${title} (`})`,
        ),
      ),
    );
  return new Set(rows.map((row) => row.title));
}

/**
 * The model's new English for a place the offline writer wrote (origin 'data'): a new source
 * version, origin 'machine'; state and slug stay. False when the English is no longer the photo's
 * data's (a person wrote it meanwhile) or the place is gone.
 */
export async function rewriteDataText(
  tx: DbOrTx,
  id: string,
  text: { title: string; description: string; fullDescription: string },
) {
  const rows = await tx
    .update(places)
    .set({ ...text, sourceVersion: sql`${places.sourceVersion} + 1`, origin: 'machine' })
    .where(and(eq(places.id, id), eq(places.origin, 'data')))
    .returning({ id: places.id });
  return rows.length > 0;
}
