import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { places, placeThemes } from '../schema';
import type { MapPointFilter } from './places-map-repo';
import { keysetOrder, pageKeyColumn, type Keyed, type Seek } from './keyset';
import {
  cardFields,
  isPublished,
  placesKeyset,
  placesPageWhere,
  tr,
  type PlaceFilter,
  type TranslatedCardRow,
} from './places-repo';

/*
 * A place's themes (migration 0019, docs/decisions/041-themes.md) and the lists of a theme's
 * places. Public reads count published places only.
 */

export interface PlaceThemeRow {
  theme: string;
  origin: 'person' | 'suggested';
  suggestedBy: string | null;
}

/**
 * The map of every place narrowed to a theme's places (its `?theme=`): a filter for
 * places-map-repo, kept apart in the map's cache by its key.
 */
export const themeMapFilter = (theme: string): MapPointFilter => ({
  key: `theme:${theme}`,
  condition: sql`exists (select 1 from ${placeThemes} where ${placeThemes.placeId} = ${places.id} and ${placeThemes.theme} = ${theme})`,
});

/** The most markers a theme's map shows: its newest places with a position. */
export const THEME_MAP_PLACES_MAX = 500;

const ofTheme = (theme: string) =>
  sql`exists (select 1 from ${placeThemes} where ${placeThemes.placeId} = ${places.id} and ${placeThemes.theme} = ${theme})`;

/** How many published places each theme has (themes without any are absent). */
export function countPublishedByTheme(
  db: DbOrTx,
  filter: PlaceFilter = {},
): Promise<{ theme: string; count: number }[]> {
  return db
    .select({ theme: placeThemes.theme, count: count() })
    .from(placeThemes)
    .innerJoin(places, eq(places.id, placeThemes.placeId))
    .where(and(isPublished(), placesPageWhere(filter, undefined)))
    .groupBy(placeThemes.theme);
}

/** A place's themes in its owner's order (its position, then the theme's id). */
const THEME_ORDER = [asc(placeThemes.position), asc(placeThemes.theme)];

/** A place's themes in its owner's order. */
export function listPlaceThemes(db: DbOrTx, placeId: string): Promise<PlaceThemeRow[]> {
  return db
    .select({ theme: placeThemes.theme, origin: placeThemes.origin, suggestedBy: placeThemes.suggestedBy })
    .from(placeThemes)
    .where(eq(placeThemes.placeId, placeId))
    .orderBy(...THEME_ORDER);
}

/** The ids of a place's themes in its owner's order, as a JSON array inside a larger query (a place page's one read). */
export function placeThemeIdsJson(placeId: SQL): SQL<string[]> {
  return sql<
    string[]
  >`(select coalesce(json_agg(${placeThemes.theme} order by ${sql.join(THEME_ORDER, sql`, `)}), '[]'::json)
    from ${placeThemes} where ${placeThemes.placeId} = ${placeId})`;
}

/** The themes of a published place (none for a draft or an unknown id). */
export async function listPublishedPlaceThemes(db: DbOrTx, placeId: string): Promise<string[] | undefined> {
  const [place] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.id, placeId), isPublished()));
  if (!place) return undefined;
  return (await listPlaceThemes(db, placeId)).map((row) => row.theme);
}

/** The themes of several places (a feed's entries), by place, each in its owner's order. */
export async function listThemeIdsOfPlaces(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ placeId: placeThemes.placeId, theme: placeThemes.theme })
    .from(placeThemes)
    .where(inArray(placeThemes.placeId, [...ids]))
    .orderBy(asc(placeThemes.position), asc(placeThemes.theme));
  for (const row of rows) out.set(row.placeId, [...(out.get(row.placeId) ?? []), row.theme]);
  return out;
}

/** One page of a theme's published places, newest first, optionally of one city or country. */
export function listThemePlacesPage(
  db: DbOrTx,
  lang: LanguageCode,
  theme: string,
  filter: PlaceFilter,
  seek: Seek | undefined,
  limit: number,
): Promise<(TranslatedCardRow & Keyed)[]> {
  return db
    .select({ ...cardFields(places, tr, lang), pageKey: pageKeyColumn(placesKeyset) })
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(and(isPublished(), ofTheme(theme), placesPageWhere(filter, seek)))
    .orderBy(...keysetOrder(placesKeyset, seek))
    .limit(limit);
}

/** A theme's newest published places with a position, for its map (at most THEME_MAP_PLACES_MAX). */
export function listThemeMapPlaces(db: DbOrTx, lang: LanguageCode, theme: string, filter: PlaceFilter) {
  return db
    .select({
      slug: places.slug,
      title: sql<string>`coalesce(${tr.title}, ${places.title})`,
      latitude: sql<number>`${places.latitude}`,
      longitude: sql<number>`${places.longitude}`,
    })
    .from(places)
    .leftJoin(tr, and(eq(tr.placeId, places.id), eq(tr.languageCode, lang)))
    .where(
      and(
        isPublished(),
        ofTheme(theme),
        isNotNull(places.latitude),
        isNotNull(places.longitude),
        placesPageWhere(filter, undefined),
      ),
    )
    .orderBy(...keysetOrder(placesKeyset, undefined))
    .limit(THEME_MAP_PLACES_MAX);
}

/** A person's themes for a place, in this order: every earlier row (chosen or suggested) goes. */
export async function replacePlaceThemes(tx: DbOrTx, placeId: string, themes: readonly string[]): Promise<void> {
  await tx.delete(placeThemes).where(eq(placeThemes.placeId, placeId));
  if (themes.length === 0) return;
  await tx
    .insert(placeThemes)
    .values(themes.map((theme, position) => ({ placeId, theme, origin: 'person' as const, position })));
}

/**
 * A machine's suggestion (the model or the offline writer, `by`): stored as suggested, and only
 * where no person has chosen the place's themes yet (a machine never replaces a person's choice).
 * Answers whether it was stored.
 */
export async function suggestPlaceThemes(
  tx: DbOrTx,
  placeId: string,
  themes: readonly string[],
  by: string,
): Promise<boolean> {
  const current = await listPlaceThemes(tx, placeId);
  if (current.some((row) => row.origin === 'person') || themes.length === 0) return false;
  await tx.delete(placeThemes).where(eq(placeThemes.placeId, placeId));
  await tx
    .insert(placeThemes)
    .values(
      themes.map((theme, position) => ({ placeId, theme, origin: 'suggested' as const, suggestedBy: by, position })),
    );
  return true;
}

/** A place's theme rows as a snapshot keeps them (revisions, trash). */
export type PlaceThemeSnapshotRow = typeof placeThemes.$inferSelect;

export function readPlaceThemeRows(db: DbOrTx, placeId: string): Promise<PlaceThemeSnapshotRow[]> {
  return db
    .select()
    .from(placeThemes)
    .where(eq(placeThemes.placeId, placeId))
    .orderBy(asc(placeThemes.position), asc(placeThemes.theme));
}

/** A snapshot's theme rows back as they were (none: the place has none). */
export async function writePlaceThemeRows(
  tx: DbOrTx,
  placeId: string,
  rows: readonly PlaceThemeSnapshotRow[],
): Promise<void> {
  await tx.delete(placeThemes).where(eq(placeThemes.placeId, placeId));
  if (rows.length > 0) await tx.insert(placeThemes).values(rows.map((row) => ({ ...row, placeId })));
}
