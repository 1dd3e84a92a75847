import { and, eq, ne, sql } from 'drizzle-orm';
import type { FactsDto, HistoryDto } from '../../../shared/api/public';
import type { DbOrTx } from '../client';
import { placeFacts, placeHistory, places, placeTranslations } from '../schema';
import { unlessNewer } from './translation-upsert';

/**
 * Stores generated history unless another request stored it first (unique per place and
 * language); answers what is stored either way.
 */
export async function saveHistory(db: DbOrTx, placeId: string, languageCode: string, history: HistoryDto) {
  await db
    .insert(placeHistory)
    .values({ placeId, languageCode, hasEvents: history.hasEvents, events: history.events })
    .onConflictDoNothing({ target: [placeHistory.placeId, placeHistory.languageCode] });
}

export async function saveFacts(db: DbOrTx, placeId: string, languageCode: string, facts: FactsDto) {
  await db
    .insert(placeFacts)
    .values({ placeId, languageCode, hasFacts: facts.hasFacts, facts: facts.facts })
    .onConflictDoNothing({ target: [placeFacts.placeId, placeFacts.languageCode] });
}

/** The version of the place's English history or trivia (1 when there is none). */
export async function englishPartVersion(db: DbOrTx, placeId: string, part: 'history' | 'facts'): Promise<number> {
  const table = part === 'history' ? placeHistory : placeFacts;
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
  translations: Map<string, number>;
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
  /** Language -> version of its stored text translation. */
  text: Map<string, number>;
  history: PartSource<HistoryDto> | undefined;
  facts: PartSource<FactsDto> | undefined;
}

function partSource<T>(
  rows: Array<{ languageCode: string; sourceVersion: number; content: T }>,
): PartSource<T> | undefined {
  const english = rows.find((row) => row.languageCode === 'en');
  if (!english) return undefined;
  const translations = new Map(
    rows.filter((row) => row.languageCode !== 'en').map((row) => [row.languageCode, row.sourceVersion] as const),
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
  const [text, history, facts] = await Promise.all([
    db
      .select({ languageCode: placeTranslations.languageCode, sourceVersion: placeTranslations.sourceVersion })
      .from(placeTranslations)
      .where(and(eq(placeTranslations.placeId, placeId), ne(placeTranslations.languageCode, 'en'))),
    db
      .select({
        languageCode: placeHistory.languageCode,
        sourceVersion: placeHistory.sourceVersion,
        content: sql<HistoryDto>`json_build_object('hasEvents', ${placeHistory.hasEvents}, 'events', ${placeHistory.events})`,
      })
      .from(placeHistory)
      .where(eq(placeHistory.placeId, placeId)),
    db
      .select({
        languageCode: placeFacts.languageCode,
        sourceVersion: placeFacts.sourceVersion,
        content: sql<FactsDto>`json_build_object('hasFacts', ${placeFacts.hasFacts}, 'facts', ${placeFacts.facts})`,
      })
      .from(placeFacts)
      .where(eq(placeFacts.placeId, placeId)),
  ]);
  return {
    ...place,
    text: new Map(text.map((row) => [row.languageCode, row.sourceVersion] as const)),
    history: partSource(history),
    facts: partSource(facts),
  };
}

/**
 * Stores a translation of the place's text made from `sourceVersion`, unless a translation made
 * from a newer version is already there: a slow job never overwrites a newer state.
 */
export async function savePlaceTranslation(db: DbOrTx, row: typeof placeTranslations.$inferInsert) {
  await db
    .insert(placeTranslations)
    .values(row)
    .onConflictDoUpdate(
      unlessNewer([placeTranslations.placeId, placeTranslations.languageCode], placeTranslations.sourceVersion, {
        title: row.title,
        description: row.description,
        fullDescription: row.fullDescription,
        location: row.location,
        country: row.country,
        sourceVersion: sql`excluded.source_version`,
      }),
    );
}

/** A translation of the English history made from its version `sourceVersion` (never over a newer one). */
export async function saveTranslatedHistory(
  db: DbOrTx,
  placeId: string,
  languageCode: string,
  history: HistoryDto,
  sourceVersion: number,
) {
  const set = { hasEvents: history.hasEvents, events: history.events, sourceVersion };
  await db
    .insert(placeHistory)
    .values({ placeId, languageCode, ...set })
    .onConflictDoUpdate(
      unlessNewer([placeHistory.placeId, placeHistory.languageCode], placeHistory.sourceVersion, set),
    );
}

export async function saveTranslatedFacts(
  db: DbOrTx,
  placeId: string,
  languageCode: string,
  facts: FactsDto,
  sourceVersion: number,
) {
  const set = { hasFacts: facts.hasFacts, facts: facts.facts, sourceVersion };
  await db
    .insert(placeFacts)
    .values({ placeId, languageCode, ...set })
    .onConflictDoUpdate(unlessNewer([placeFacts.placeId, placeFacts.languageCode], placeFacts.sourceVersion, set));
}
