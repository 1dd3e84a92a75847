import { asc, eq } from 'drizzle-orm';
import type { LanguageDto, UiTranslationDto } from '@/shared/api/public';
import type { DbOrTx } from '../client';
import { languages, uiTranslations } from '../schema';

export function listLanguages(db: DbOrTx): Promise<LanguageDto[]> {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name, nativeName: languages.nativeName })
    .from(languages)
    .orderBy(asc(languages.id));
}

export function listUiTranslations(db: DbOrTx, lang: string): Promise<UiTranslationDto[]> {
  return db
    .select({ key: uiTranslations.key, value: uiTranslations.value })
    .from(uiTranslations)
    .where(eq(uiTranslations.languageCode, lang))
    .orderBy(asc(uiTranslations.key));
}

/** Inserts rows that do not exist yet; existing ones (maybe edited by hand) are left alone. */
export async function insertMissingLanguages(
  db: DbOrTx,
  rows: { code: string; name: string; nativeName: string }[],
): Promise<void> {
  await db.insert(languages).values(rows).onConflictDoNothing({ target: languages.code });
}

export async function insertMissingUiTranslations(
  db: DbOrTx,
  rows: { key: string; languageCode: string; value: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(uiTranslations)
    .values(rows)
    .onConflictDoNothing({ target: [uiTranslations.key, uiTranslations.languageCode] })
    .returning({ id: uiTranslations.id });
  return inserted.length;
}
