import { eq } from 'drizzle-orm';
import type { FactsDto, HistoryDto } from '../../../shared/api/public';
import type { DbOrTx } from '../client';
import { placeFacts, placeHistory, placeTranslations } from '../schema';

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

export async function listTranslationLanguages(db: DbOrTx, placeId: string): Promise<string[]> {
  const rows = await db
    .select({ languageCode: placeTranslations.languageCode })
    .from(placeTranslations)
    .where(eq(placeTranslations.placeId, placeId));
  return rows.map((r) => r.languageCode);
}

export async function savePlaceTranslation(db: DbOrTx, row: typeof placeTranslations.$inferInsert) {
  await db
    .insert(placeTranslations)
    .values(row)
    .onConflictDoUpdate({
      target: [placeTranslations.placeId, placeTranslations.languageCode],
      set: {
        title: row.title,
        description: row.description,
        fullDescription: row.fullDescription,
        location: row.location,
        country: row.country,
      },
    });
}
