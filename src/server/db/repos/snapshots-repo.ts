import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import {
  cities,
  cityTranslations,
  countries,
  countryTranslations,
  galleryImages,
  galleryImageTexts,
  photos,
  placeFacts,
  placeHistory,
  places,
  placeTranslations,
} from '../schema';
import { AREA_TABLES, type AreaKind } from './area-tables';
import { galleryOrder } from './gallery-repo';
import { readPins, writePins } from './featured-repo';
import { readVisitRows, replaceVisitRows, type VisitRows } from './visit-facts-repo';
import { readPlaceThemeRows, writePlaceThemeRows, type PlaceThemeSnapshotRow } from './themes-repo';

/**
 * Everything a place, city, country or gallery photo is, as one JSON document
 * (docs/decisions/017-revisions-and-trash.md): revisions keep one from before each change, the trash
 * keeps one of what was deleted, and the writers below put one back. Rows keep their ids (a restore
 * from the trash gives back the same entity); numbered rows (translations, history, trivia, texts)
 * get new numbers, nothing refers to them.
 */

type PlaceRow = typeof places.$inferSelect;
type AreaRow = typeof cities.$inferSelect | typeof countries.$inferSelect;
type PlaceTranslationRow = typeof placeTranslations.$inferSelect;
type HistoryRow = typeof placeHistory.$inferSelect;
type FactsRow = typeof placeFacts.$inferSelect;
type GalleryRow = typeof galleryImages.$inferSelect;
type GalleryTextRow = typeof galleryImageTexts.$inferSelect;
type PhotoRow = typeof photos.$inferSelect;
type AreaTranslationRow = typeof cityTranslations.$inferSelect;
type CountryTranslationRow = typeof countryTranslations.$inferSelect;
/** A table with a row per owner and language. */
type LanguageTable = PgTable & { languageCode: AnyPgColumn };

export interface GalleryImageSnapshot {
  image: GalleryRow;
  texts: GalleryTextRow[];
}

export interface PlaceSnapshot {
  kind: 'place';
  place: PlaceRow;
  translations: PlaceTranslationRow[];
  history: HistoryRow[];
  facts: FactsRow[];
  gallery: GalleryImageSnapshot[];
  photos: PhotoRow[];
  /** Its visit facts and their texts (migration 0020); absent in snapshots made before them. */
  visit?: VisitRows;
  /** Its themes (decision 041); absent in snapshots taken before migration 0019. */
  themes?: PlaceThemeSnapshotRow[];
}

export interface AreaSnapshot {
  kind: AreaKind;
  row: AreaRow;
  translations: AreaTranslationRow[];
  /** Its highlights' place ids in order (migration 0021; absent from snapshots made before). */
  featured?: string[];
}

export type EntitySnapshot = PlaceSnapshot | AreaSnapshot;
export type SnapshotKind = EntitySnapshot['kind'];

/** Timestamps come back from JSON as text: the writers need dates. */
function revived<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const key of ['createdAt', 'updatedAt']) {
    if (typeof out[key] === 'string') out[key] = new Date(out[key]);
  }
  return out as T;
}

/** A numbered row without its number, to be inserted again. */
function renumbered<T extends { id: number }>(row: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = revived(row);
  return rest;
}

/** As stored in jsonb: dates as ISO text. */
export const asJson = (snapshot: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>;

async function galleryOf(db: DbOrTx, placeId: string): Promise<GalleryImageSnapshot[]> {
  const images = await db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.placeId, placeId))
    .orderBy(...galleryOrder);
  if (images.length === 0) return [];
  const texts = await db
    .select()
    .from(galleryImageTexts)
    .where(
      inArray(
        galleryImageTexts.imageId,
        images.map((image) => image.id),
      ),
    )
    .orderBy(asc(galleryImageTexts.languageCode));
  return images.map((image) => ({ image, texts: texts.filter((text) => text.imageId === image.id) }));
}

/** An owner's rows of a per-language table (its translations, history or trivia), in language order. */
async function languageRows<T extends LanguageTable>(
  db: DbOrTx,
  table: T,
  owner: AnyPgColumn,
  id: string,
): Promise<T['$inferSelect'][]> {
  // read as a plain table: Drizzle cannot check a select from a generic one (the rows are the table's all the same)
  const source: LanguageTable = table;
  return db.select().from(source).where(eq(owner, id)).orderBy(asc(table.languageCode));
}

export async function readPlaceSnapshot(db: DbOrTx, id: string): Promise<PlaceSnapshot | undefined> {
  const [place] = await db.select().from(places).where(eq(places.id, id));
  if (!place) return undefined;
  // Sequential on purpose: the handle may be a transaction, which runs one query at a time.
  const translations = await languageRows(db, placeTranslations, placeTranslations.placeId, id);
  const history = await languageRows(db, placeHistory, placeHistory.placeId, id);
  const facts = await languageRows(db, placeFacts, placeFacts.placeId, id);
  const photoRows = await db.select().from(photos).where(eq(photos.placeId, id));
  const gallery = await galleryOf(db, id);
  return {
    kind: 'place',
    place,
    translations,
    history,
    facts,
    gallery,
    photos: photoRows,
    visit: await readVisitRows(db, id),
    themes: await readPlaceThemeRows(db, id),
  };
}

/** A snapshot holds a country's translations as a city's, the country's id as `cityId`. */
function inCityShape(row: AreaTranslationRow | CountryTranslationRow): AreaTranslationRow {
  if (!('countryId' in row)) return row;
  const { countryId, ...rest } = row;
  return { ...rest, cityId: countryId };
}

export async function readAreaSnapshot(db: DbOrTx, kind: AreaKind, id: string): Promise<AreaSnapshot | undefined> {
  const { table, translations, owner } = AREA_TABLES[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) return undefined;
  const rows = (await languageRows(db, translations, owner, id)).map(inCityShape);
  return { kind, row, translations: rows, featured: await readPins(db, kind, id) };
}

export function readSnapshot(db: DbOrTx, kind: SnapshotKind, id: string): Promise<EntitySnapshot | undefined> {
  return kind === 'place' ? readPlaceSnapshot(db, id) : readAreaSnapshot(db, kind, id);
}

export async function readGalleryImageSnapshot(db: DbOrTx, imageId: string) {
  const [image] = await db.select().from(galleryImages).where(eq(galleryImages.id, imageId));
  if (!image) return undefined;
  const texts = await db.select().from(galleryImageTexts).where(eq(galleryImageTexts.imageId, imageId));
  return { image, texts };
}

/** Every media address a snapshot shows or offers for download. */
export function mediaUrlsOf(snapshot: EntitySnapshot | GalleryImageSnapshot): string[] {
  const urls =
    'image' in snapshot
      ? [snapshot.image.imageUrl, snapshot.image.originalImagePath]
      : snapshot.kind === 'place'
        ? [
            snapshot.place.imageUrl,
            snapshot.place.originalImagePath,
            ...snapshot.photos.flatMap((p) => [p.originalImagePath, p.thumbnailPath]),
            ...snapshot.gallery.flatMap((g) => [g.image.imageUrl, g.image.originalImagePath]),
          ]
        : [snapshot.row.imageUrl];
  return [...new Set(urls.filter((url): url is string => Boolean(url?.startsWith('/media/'))))];
}

/** Puts a gallery photo back with its texts (its place must exist). */
export async function insertGalleryImage(tx: DbOrTx, snapshot: GalleryImageSnapshot): Promise<void> {
  await tx.insert(galleryImages).values(revived(snapshot.image));
  if (snapshot.texts.length > 0) await tx.insert(galleryImageTexts).values(snapshot.texts.map(renumbered));
}

/**
 * Puts a deleted place back as it was: its row (same id, state, address unless `slug` says
 * otherwise), translations, history, trivia, photos and gallery. The table triggers write its search
 * documents and bump the content version as for any insert. An upload of the same photo made since
 * holds its fingerprint: the place comes back without that photo row (its files stay its own).
 */
export async function insertPlaceSnapshot(tx: DbOrTx, snapshot: PlaceSnapshot, slug: string | null): Promise<void> {
  await tx.insert(places).values({ ...revived(snapshot.place), slug });
  if (snapshot.translations.length > 0)
    await tx.insert(placeTranslations).values(snapshot.translations.map(renumbered));
  if (snapshot.history.length > 0) await tx.insert(placeHistory).values(snapshot.history.map(renumbered));
  if (snapshot.facts.length > 0) await tx.insert(placeFacts).values(snapshot.facts.map(renumbered));
  if (snapshot.photos.length > 0)
    await tx
      .insert(photos)
      .values(snapshot.photos.map((p) => revived(p)))
      .onConflictDoNothing();
  for (const image of snapshot.gallery) await insertGalleryImage(tx, image);
  await replaceVisit(tx, snapshot);
  if (snapshot.themes?.length) await writePlaceThemeRows(tx, snapshot.place.id, snapshot.themes);
}

/**
 * A place's visit facts back as a snapshot holds them. A snapshot from before visit facts existed
 * says nothing about them: the current ones stay (docs/decisions/043-visit-facts.md).
 */
export async function replaceVisit(tx: DbOrTx, snapshot: PlaceSnapshot): Promise<void> {
  if (snapshot.visit) await replaceVisitRows(tx, snapshot.place.id, snapshot.visit);
}

/** A place's themes back as a snapshot holds them (one taken before themes existed leaves them as they are). */
export async function replacePlaceThemes(tx: DbOrTx, snapshot: PlaceSnapshot): Promise<void> {
  if (snapshot.themes) await writePlaceThemeRows(tx, snapshot.place.id, snapshot.themes);
}

/** Writes a snapshot's translations of a city or country (see inCityShape) into the kind's table. */
async function insertAreaTranslations(tx: DbOrTx, kind: AreaKind, rows: Omit<AreaTranslationRow, 'id'>[]) {
  if (rows.length === 0) return;
  if (kind === 'city') await tx.insert(cityTranslations).values(rows);
  else await tx.insert(countryTranslations).values(rows.map(({ cityId, ...rest }) => ({ ...rest, countryId: cityId })));
}

/** Puts a deleted city or country back with its translations (same id; `slug` as given). */
export async function insertAreaSnapshot(tx: DbOrTx, snapshot: AreaSnapshot, slug: string): Promise<void> {
  await tx.insert(AREA_TABLES[snapshot.kind].table).values({ ...revived(snapshot.row), slug });
  await insertAreaTranslations(tx, snapshot.kind, snapshot.translations.map(renumbered));
  await restoreAreaPins(tx, snapshot);
}

/** A city's or country's highlights back as the snapshot holds them (none kept: left as they are). */
export async function restoreAreaPins(tx: DbOrTx, snapshot: AreaSnapshot): Promise<void> {
  if (!snapshot.featured) return;
  const now = await readPins(tx, snapshot.kind, snapshot.row.id);
  if (now.join() !== snapshot.featured.join()) await writePins(tx, snapshot.kind, snapshot.row.id, snapshot.featured);
}

/**
 * A translated row's source version when its English comes back: a row that was current with the
 * snapshot's English is current with the restored English (`english`); one that already lagged
 * stays behind it (outdated), as it was.
 */
export const restoredVersion = (row: number, snapshotEnglish: number, english: number) =>
  row >= snapshotEnglish ? english : Math.min(row, english - 1);

/**
 * Every column of a place row back as the snapshot holds it, but those a restore writes another way
 * or keeps on purpose: its id and when it was made (the same), its address and cover (back when
 * still free and still ours), its source version (a new one, so what lagged stays outdated), when
 * it changed (now) and whether it is published (a restore never publishes or unpublishes). A
 * column added later comes back too without anyone remembering it.
 */
export async function restorePlaceColumns(tx: DbOrTx, snapshot: PlaceSnapshot) {
  const {
    id,
    createdAt: _createdAt,
    slug: _slug,
    imageUrl: _imageUrl,
    originalImagePath: _originalImagePath,
    sourceVersion: _sourceVersion,
    updatedAt: _updatedAt,
    state: _state,
    ...columns
  } = snapshot.place;
  await tx.update(places).set(columns).where(eq(places.id, id));
}

/** A place's other languages of its text back as they were (English is the place row, written by the edit path). */
export async function replacePlaceTranslations(tx: DbOrTx, snapshot: PlaceSnapshot, englishVersion: number) {
  await tx
    .delete(placeTranslations)
    .where(and(eq(placeTranslations.placeId, snapshot.place.id), ne(placeTranslations.languageCode, 'en')));
  const rows = snapshot.translations
    .filter((row) => row.languageCode !== 'en')
    .map((row) => ({
      ...renumbered(row),
      sourceVersion: restoredVersion(row.sourceVersion, snapshot.place.sourceVersion, englishVersion),
    }));
  if (rows.length > 0) await tx.insert(placeTranslations).values(rows);
}

/**
 * History or trivia back as they were, in every language. The English part gets a new version when
 * its content changes (so what lagged stays outdated); languages current with the snapshot's English
 * are current with it.
 */
export async function replacePart(tx: DbOrTx, part: 'history' | 'facts', snapshot: PlaceSnapshot) {
  const table = part === 'history' ? placeHistory : placeFacts;
  const placeId = snapshot.place.id;
  const stored = snapshot[part] as (HistoryRow | FactsRow)[];
  const [current] = await tx
    .select()
    .from(table)
    .where(and(eq(table.placeId, placeId), eq(table.languageCode, 'en')));
  const before = stored.find((row) => row.languageCode === 'en');
  const content = (row: HistoryRow | FactsRow | undefined) =>
    JSON.stringify(row && ('events' in row ? row.events : row.facts));
  const same = content(current) === content(before);
  const english = same
    ? (current?.sourceVersion ?? 1)
    : Math.max(current?.sourceVersion ?? 0, before?.sourceVersion ?? 0) + 1;
  await tx.delete(table).where(eq(table.placeId, placeId));
  const rows = stored.map((row) => ({
    ...renumbered(row),
    sourceVersion:
      row.languageCode === 'en' ? english : restoredVersion(row.sourceVersion, before?.sourceVersion ?? 1, english),
  }));
  if (rows.length === 0) return;
  if (part === 'history') await tx.insert(placeHistory).values(rows as (typeof placeHistory.$inferInsert)[]);
  else await tx.insert(placeFacts).values(rows as (typeof placeFacts.$inferInsert)[]);
}

/**
 * The gallery's order and texts back as they were, for the photos it still has: photos deleted
 * since are in the trash (restored from there), photos added since stay, after the others.
 */
export async function replaceGalleryTexts(tx: DbOrTx, snapshot: PlaceSnapshot) {
  const placeId = snapshot.place.id;
  const current = await tx
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(eq(galleryImages.placeId, placeId))
    .orderBy(...galleryOrder);
  const ids = new Set(current.map((row) => row.id));
  const kept = snapshot.gallery.filter((g) => ids.has(g.image.id));
  // The kept photos take their positions of then; the ones added since follow them.
  const positions = new Map(kept.map((g) => [g.image.id, g.image.position]));
  let last = Math.max(0, ...positions.values());
  for (const { id } of current) {
    const position = positions.get(id) ?? ++last;
    await tx
      .update(galleryImages)
      .set({ position })
      .where(and(eq(galleryImages.id, id), ne(galleryImages.position, position)));
  }
  for (const g of kept) {
    await tx.delete(galleryImageTexts).where(eq(galleryImageTexts.imageId, g.image.id));
    if (g.texts.length > 0) await tx.insert(galleryImageTexts).values(g.texts.map(renumbered));
  }
}

/** A city's or country's other languages back as they were. */
export async function replaceAreaTranslations(tx: DbOrTx, snapshot: AreaSnapshot, englishVersion: number) {
  const id = snapshot.row.id;
  const rows = snapshot.translations.map((row) => ({
    ...renumbered(row),
    sourceVersion: restoredVersion(row.sourceVersion, snapshot.row.sourceVersion, englishVersion),
  }));
  const { translations, owner } = AREA_TABLES[snapshot.kind];
  await tx.delete(translations).where(eq(owner, id));
  await insertAreaTranslations(tx, snapshot.kind, rows);
}
