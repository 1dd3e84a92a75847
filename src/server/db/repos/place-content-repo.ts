import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FactsDto, HistoryDto } from '@/shared/api/public';
import type { DbOrTx } from '../client';
import { placeFacts, placeHistory, places, placeTranslations } from '../schema';
import { listPlaceTexts as listGalleryTexts } from './gallery-repo';
import { saveTranslation, translationVersions, unlessNewer, type StoredVersion } from './translation-versions';

/**
 * The parts of a place the AI generates in English once and translates like its text: the history
 * timeline and the trivia. Their fields are the columns of their tables.
 */
export interface PlaceParts {
  history: HistoryDto;
  facts: FactsDto;
}
export type PlacePart = keyof PlaceParts;
const PART_TABLES = { history: placeHistory, facts: placeFacts } as const;
/** A part's own columns as one value in the API's shape. */
const PART_CONTENT: { [P in PlacePart]: SQL<PlaceParts[P]> } = {
  history: sql`json_build_object('hasEvents', ${placeHistory.hasEvents}, 'events', ${placeHistory.events})`,
  facts: sql`json_build_object('hasFacts', ${placeFacts.hasFacts}, 'facts', ${placeFacts.facts})`,
};
/**
 * The part's table, typed as one of the two: they differ only in the part's own columns, which
 * statements here read through PART_CONTENT or write from the part itself, and Drizzle cannot type a
 * statement on "either table".
 */
const partTable = (part: PlacePart) => PART_TABLES[part] as typeof placeHistory;

/** The place's part in `lang`, else in English, and which one it is (one query, the wanted language first). */
export async function findPart<P extends PlacePart>(
  db: DbOrTx,
  part: P,
  placeId: string,
  lang: string,
): Promise<{ languageCode: string; content: PlaceParts[P] } | undefined> {
  const table = partTable(part);
  const content: SQL<PlaceParts[P]> = PART_CONTENT[part];
  const [row] = await db
    .select({ languageCode: table.languageCode, content })
    .from(table)
    .where(and(eq(table.placeId, placeId), inArray(table.languageCode, [lang, 'en'])))
    .orderBy(sql`${table.languageCode} = ${lang} desc`)
    .limit(1);
  return row;
}

/** The part in every stored language, with the source version each was made from. */
function partRows<P extends PlacePart>(db: DbOrTx, part: P, placeId: string) {
  const table = partTable(part);
  const content: SQL<PlaceParts[P]> = PART_CONTENT[part];
  return db
    .select({ languageCode: table.languageCode, sourceVersion: table.sourceVersion, origin: table.origin, content })
    .from(table)
    .where(eq(table.placeId, placeId));
}

/**
 * Stores a part of a place in one language. English is generated once, and the first stored stays
 * (another request may have stored it meanwhile). A translation carries the version of the English
 * part it was made from and never replaces one made from a newer version.
 */
export async function savePart<P extends PlacePart>(
  db: DbOrTx,
  part: P,
  placeId: string,
  lang: string,
  content: PlaceParts[P],
  sourceVersion: number,
) {
  const table = partTable(part);
  const set = { ...(content as HistoryDto), sourceVersion };
  const insert = db.insert(table).values({ placeId, languageCode: lang, ...set });
  const key: [AnyPgColumn, AnyPgColumn] = [table.placeId, table.languageCode];
  await (lang === 'en'
    ? insert.onConflictDoNothing({ target: key })
    : insert.onConflictDoUpdate(unlessNewer(key, table, set)));
}

/** The version of the place's English history or trivia (1 when there is none). */
export async function englishPartVersion(db: DbOrTx, placeId: string, part: PlacePart): Promise<number> {
  const table = PART_TABLES[part];
  const [row] = await db
    .select({ version: table.sourceVersion })
    .from(table)
    .where(and(eq(table.placeId, placeId), eq(table.languageCode, 'en')));
  return row?.version ?? 1;
}

/** An English part of a place (history or trivia) and the versions of its translations. */
export interface PartSource<T> {
  content: T;
  version: number;
  translations: Map<string, StoredVersion>;
}

/** Everything a translation job reads about a place: its English text and what is translated from which version. */
export interface PlaceTranslationSource {
  id: string;
  sourceVersion: number;
  title: string;
  description: string;
  fullDescription: string | null;
  location: string;
  country: string;
  /** Language -> its stored text translation. */
  text: Map<string, StoredVersion>;
  history: PartSource<HistoryDto> | undefined;
  facts: PartSource<FactsDto> | undefined;
  /** The gallery photos that have English texts: each a part of its own, translated with the place. */
  gallery: Array<PartSource<{ caption: string; alt: string }> & { imageId: string }>;
}

function partSource<T>(
  rows: Array<{ languageCode: string; sourceVersion: number; origin: string; content: T }>,
): PartSource<T> | undefined {
  const english = rows.find((row) => row.languageCode === 'en');
  if (!english) return undefined;
  const translations = new Map(
    rows
      .filter((row) => row.languageCode !== 'en')
      .map((row) => [row.languageCode, { version: row.sourceVersion, byPerson: row.origin === 'person' }] as const),
  );
  return { content: english.content, version: english.sourceVersion, translations };
}

export async function findPlaceTranslationSource(
  db: DbOrTx,
  placeId: string,
): Promise<PlaceTranslationSource | undefined> {
  const [place] = await db
    .select({
      id: places.id,
      sourceVersion: places.sourceVersion,
      title: places.title,
      description: places.description,
      fullDescription: places.fullDescription,
      location: places.location,
      country: places.country,
    })
    .from(places)
    .where(eq(places.id, placeId));
  if (!place) return undefined;
  const [text, history, facts, galleryTexts] = await Promise.all([
    translationVersions(db, placeTranslations, placeTranslations.placeId, placeId),
    partRows(db, 'history', placeId),
    partRows(db, 'facts', placeId),
    listGalleryTexts(db, placeId),
  ]);
  const byImage = new Map<string, typeof galleryTexts>();
  for (const row of galleryTexts) byImage.set(row.imageId, [...(byImage.get(row.imageId) ?? []), row]);
  const gallery = [...byImage].flatMap(([imageId, rows]) => {
    const source = partSource(rows.map((row) => ({ ...row, content: { caption: row.caption, alt: row.alt } })));
    return source ? [{ ...source, imageId }] : [];
  });
  return {
    ...place,
    text,
    history: partSource(history),
    facts: partSource(facts),
    gallery,
  };
}

/**
 * Stores a translation of the place's text made from `sourceVersion`, unless a translation made
 * from a newer version is already there: a slow job never overwrites a newer state.
 */
export async function savePlaceTranslation(db: DbOrTx, row: typeof placeTranslations.$inferInsert) {
  await saveTranslation(db, 'machine', placeTranslations, placeTranslations.placeId, row, {
    title: row.title,
    description: row.description,
    fullDescription: row.fullDescription,
    location: row.location,
    country: row.country,
    sourceVersion: sql`excluded.source_version`,
    // a machine's text: no person has read it yet (migration 0013)
    reviewed: false,
  });
}
