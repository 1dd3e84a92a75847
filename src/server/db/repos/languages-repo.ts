import { asc, eq } from 'drizzle-orm';
import type { LanguageDto, UiTextEntryDto } from '@/shared/api/public';
import type { DbOrTx } from '../client';
import { languages, uiText } from '../schema';

export function listLanguages(db: DbOrTx): Promise<LanguageDto[]> {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name, nativeName: languages.nativeName })
    .from(languages)
    .orderBy(asc(languages.id));
}

export function listUiText(db: DbOrTx, lang: string): Promise<UiTextEntryDto[]> {
  return db
    .select({ key: uiText.key, value: uiText.value })
    .from(uiText)
    .where(eq(uiText.languageCode, lang))
    .orderBy(asc(uiText.key));
}

/** Inserts rows that do not exist yet; existing ones (maybe edited by hand) are left alone. */
export async function insertMissingLanguages(
  db: DbOrTx,
  rows: { code: string; name: string; nativeName: string }[],
): Promise<void> {
  await db.insert(languages).values(rows).onConflictDoNothing({ target: languages.code });
}

export async function insertMissingUiText(
  db: DbOrTx,
  rows: { key: string; languageCode: string; value: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(uiText)
    .values(rows)
    .onConflictDoNothing({ target: [uiText.key, uiText.languageCode] })
    .returning({ id: uiText.id });
  return inserted.length;
}
