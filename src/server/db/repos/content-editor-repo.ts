import { and, eq } from 'drizzle-orm';
import type { HistoryEvent, TriviaFact } from '@/shared/api/public';
import type { PlaceText } from '@/shared/api/content-editor';
import type { DbOrTx } from '../client';
import { AREA_TABLES, type AreaKind } from './area-tables';
import { cityTranslations, countryTranslations, placeFacts, placeHistory, places, placeTranslations } from '../schema';
import { saveTranslation } from './translation-versions';

/**
 * The editor's desk's reads and writes (docs/decisions/014-written-by-a-person.md): every language
 * of a place's text, history and trivia and of a city's or country's name and description, with who
 * wrote it. A person's write replaces whatever is stored, unconditionally; machine writes go through
 * `unlessNewer` (translation-versions.ts), which never replaces a person's.
 */

/** A stored language of something, with the source version it was written from and who wrote it. */
export interface StoredLanguage<T> {
  languageCode: string;
  content: T;
  sourceVersion: number;
  origin: 'machine' | 'person';
  basedOn: Record<string, unknown> | null;
  /** A person has reviewed it (text rows only; migration 0013). */
  reviewed?: boolean;
}

const placeTextColumns = {
  title: places.title,
  description: places.description,
  fullDescription: places.fullDescription,
  location: places.location,
  country: places.country,
};

/** A place's English text, its address and version, locked for the transaction when `lock` is set. */
export async function findPlaceSource(db: DbOrTx, id: string, lock = false) {
  const query = db
    .select({
      id: places.id,
      slug: places.slug,
      sourceVersion: places.sourceVersion,
      reviewed: places.reviewed,
      ...placeTextColumns,
    })
    .from(places)
    .where(eq(places.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Every stored translation of a place's text. */
export async function listPlaceTexts(db: DbOrTx, placeId: string): Promise<StoredLanguage<PlaceText>[]> {
  const rows = await db.select().from(placeTranslations).where(eq(placeTranslations.placeId, placeId));
  return rows.map((row) => ({
    languageCode: row.languageCode,
    content: {
      title: row.title,
      description: row.description,
      fullDescription: row.fullDescription,
      location: row.location,
      country: row.country,
    },
    sourceVersion: row.sourceVersion,
    origin: row.origin,
    basedOn: row.basedOn ?? null,
    reviewed: row.reviewed,
  }));
}

/** A person's text of a place in one language, written from the English of `sourceVersion`. */
export async function writePlaceText(
  tx: DbOrTx,
  placeId: string,
  lang: string,
  text: PlaceText,
  sourceVersion: number,
  basedOn: PlaceText,
) {
  const set = { ...text, sourceVersion, origin: 'person' as const, basedOn: { ...basedOn }, reviewed: true };
  const row = { placeId, languageCode: lang, ...set };
  await saveTranslation(tx, 'person', placeTranslations, placeTranslations.placeId, row, set);
}

/** The cover and date of a place: what the Edit Place form sends besides the text. */
export async function findPlaceCoverAndDate(db: DbOrTx, id: string) {
  const [row] = await db.select({ imageUrl: places.imageUrl, date: places.date }).from(places).where(eq(places.id, id));
  return row;
}

export type PlacePartKind = 'history' | 'facts';
/** The items of a part: history events or trivia facts. */
export type PartItems<P extends PlacePartKind> = P extends 'history' ? HistoryEvent[] : TriviaFact[];

/** Every stored language of a place's history or trivia. */
export async function listPartItems<P extends PlacePartKind>(
  db: DbOrTx,
  part: P,
  placeId: string,
): Promise<StoredLanguage<PartItems<P>>[]> {
  if (part === 'history') {
    const rows = await db.select().from(placeHistory).where(eq(placeHistory.placeId, placeId));
    return rows.map((row) => ({ ...row, content: row.events as PartItems<P>, basedOn: row.basedOn ?? null }));
  }
  const rows = await db.select().from(placeFacts).where(eq(placeFacts.placeId, placeId));
  return rows.map((row) => ({ ...row, content: row.facts as PartItems<P>, basedOn: row.basedOn ?? null }));
}

/**
 * A person's history or trivia of a place in one language, written from the English of
 * `sourceVersion` (`basedOn`; null for English itself). An empty list says the place has none.
 */
export async function writePartItems<P extends PlacePartKind>(
  tx: DbOrTx,
  part: P,
  placeId: string,
  lang: string,
  items: PartItems<P>,
  sourceVersion: number,
  basedOn: PartItems<P> | null,
) {
  const common = {
    sourceVersion,
    origin: 'person' as const,
    basedOn: basedOn ? { items: basedOn } : null,
  };
  const placeAndLanguage = { placeId, languageCode: lang };
  const hasItems = items.length > 0 ? ('yes' as const) : ('no' as const);
  if (part === 'history') {
    const set = { ...common, hasEvents: hasItems, events: items as HistoryEvent[] };
    await saveTranslation(tx, 'person', placeHistory, placeHistory.placeId, { ...placeAndLanguage, ...set }, set);
  } else {
    const set = { ...common, hasFacts: hasItems, facts: items as TriviaFact[] };
    await saveTranslation(tx, 'person', placeFacts, placeFacts.placeId, { ...placeAndLanguage, ...set }, set);
  }
}

/** A city's or country's English name and description, its address and its version. */
export async function findAreaSource(db: DbOrTx, kind: AreaKind, id: string, lock = false) {
  const { table } = AREA_TABLES[kind];
  const query = db
    .select({
      id: table.id,
      slug: table.slug,
      name: table.name,
      description: table.description,
      sourceVersion: table.sourceVersion,
      reviewed: table.reviewed,
    })
    .from(table)
    .where(eq(table.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export interface AreaText {
  name: string;
  description: string;
}

/** Every stored translation of a city's or country's name and description. */
export async function listAreaTexts(db: DbOrTx, kind: AreaKind, id: string): Promise<StoredLanguage<AreaText>[]> {
  const { translations, owner } = AREA_TABLES[kind];
  const rows = await db.select().from(translations).where(eq(owner, id));
  return rows.map((row) => ({
    languageCode: row.languageCode,
    content: { name: row.name, description: row.description },
    sourceVersion: row.sourceVersion,
    origin: row.origin,
    basedOn: row.basedOn ?? null,
    reviewed: row.reviewed,
  }));
}

/** A person's name and description of a city or country in one language. */
export async function writeAreaText(
  tx: DbOrTx,
  kind: AreaKind,
  id: string,
  lang: string,
  text: AreaText,
  sourceVersion: number,
  basedOn: AreaText,
) {
  const set = { ...text, sourceVersion, origin: 'person' as const, basedOn: { ...basedOn }, reviewed: true };
  if (kind === 'city') {
    const row = { cityId: id, languageCode: lang, ...set };
    await saveTranslation(tx, 'person', cityTranslations, cityTranslations.cityId, row, set);
  } else {
    const row = { countryId: id, languageCode: lang, ...set };
    await saveTranslation(tx, 'person', countryTranslations, countryTranslations.countryId, row, set);
  }
}

/**
 * Hands a language back to the machine ("Translate again by machine"): its rows become a machine's
 * and lag behind every source version, so the next translation replaces them. Visitors keep reading
 * the person's text until then. Answers whether any row was a person's.
 */
export async function releaseToMachine(tx: DbOrTx, entity: { type: 'place' | AreaKind; id: string }, lang: string) {
  const release = { origin: 'machine' as const, sourceVersion: 0, basedOn: null };
  const tables =
    entity.type === 'place'
      ? [
          [placeTranslations, placeTranslations.placeId],
          [placeHistory, placeHistory.placeId],
          [placeFacts, placeFacts.placeId],
        ]
      : [[AREA_TABLES[entity.type].translations, AREA_TABLES[entity.type].owner]];
  let released = 0;
  for (const [table, owner] of tables as Array<[typeof placeTranslations, typeof placeTranslations.placeId]>) {
    const rows = await tx
      .update(table)
      .set(release)
      .where(and(eq(owner, entity.id), eq(table.languageCode, lang), eq(table.origin, 'person')))
      .returning({ languageCode: table.languageCode });
    released += rows.length;
  }
  return released > 0;
}
