import { LANGUAGE_CODES, LANGUAGES } from '../../../shared/languages';
import type { DbOrTx } from '../client';
import { insertMissingLanguages, insertMissingUiTranslations } from '../repos/languages-repo';
import { UI_TEXT } from './ui-text';

/** Idempotent first-start data: the five languages and every interface text in each of them. */
export async function seedReferenceData(db: DbOrTx): Promise<{ insertedTexts: number }> {
  await insertMissingLanguages(
    db,
    LANGUAGES.map(({ code, name, nativeName }) => ({ code, name, nativeName })),
  );
  const rows = Object.entries(UI_TEXT).flatMap(([key, texts]) =>
    LANGUAGE_CODES.map((languageCode) => ({ key, languageCode, value: texts[languageCode] })),
  );
  const insertedTexts = await insertMissingUiTranslations(db, rows);
  return { insertedTexts };
}
