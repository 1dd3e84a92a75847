import { LANGUAGE_CODES, LANGUAGES } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { insertMissingLanguages, insertMissingUiText } from '../repos/languages-repo';
import { UI_TEXT_BY_LANGUAGE } from './ui-text';

/** Idempotent first-start data: the five languages and every interface text in each of them. */
export async function seedReferenceData(db: DbOrTx): Promise<{ insertedTexts: number }> {
  await insertMissingLanguages(
    db,
    LANGUAGES.map(({ code, name, nativeName }) => ({ code, name, nativeName })),
  );
  const rows = LANGUAGE_CODES.flatMap((lang) =>
    Object.entries(UI_TEXT_BY_LANGUAGE[lang]).map(([key, value]) => ({ key, languageCode: lang, value })),
  );
  const insertedTexts = await insertMissingUiText(db, rows);
  return { insertedTexts };
}
