import { LANGUAGE_CODES, type LanguageCode } from '../../shared/languages';
import { languageList } from '../../shared/language-list';
import { AiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import type { GeoTranslationRow } from '../db/repos/admin-geo-repo';

/** Every language a city or country is translated into: all but English, the original. */
export const TARGET_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== 'en');

/** Translates a name without AI when possible (country names through Intl.DisplayNames). */
export type NameTranslator = (name: string, target: LanguageCode) => string | undefined;

export interface GeoTranslation {
  /** Rows to store, one per language that got at least its name translated. */
  rows: GeoTranslationRow[];
  /** Name and description translated. */
  translated: LanguageCode[];
  /** Only the name could be translated; the row carries the English description. */
  nameOnly: LanguageCode[];
  /** Nothing could be translated; the public site shows the English text there. */
  failed: LanguageCode[];
  /** Why the provider refused, when it said so in words fit for an administrator. */
  reason?: string;
}

const cleaned = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Translates name and description into every other language, one AI call per language, in
 * parallel. A language the provider cannot do falls back to `translateName` for the name alone,
 * so an offline install still gets "Alemania" for Germany. Never rejects: failures are reported.
 */
export async function translateGeoTexts(
  ai: AiProvider,
  fields: { name: string; description: string },
  translateName?: NameTranslator,
): Promise<GeoTranslation> {
  const outcomes = await Promise.all(
    TARGET_LANGUAGES.map(async (code) => {
      let reason: string | undefined;
      try {
        const result = await ai.translate({ name: fields.name, description: fields.description }, code);
        const name = cleaned(result.name);
        const description = cleaned(result.description);
        // An empty answer is a failed translation, not an empty city name.
        if (name && (description || !fields.description)) {
          return { code, kind: 'translated' as const, row: { languageCode: code, name, description } };
        }
      } catch (error) {
        // Other errors may carry internals (stack-like driver text): only AiError is shown.
        if (error instanceof AiError) reason = error.message;
      }
      const name = cleaned(translateName?.(fields.name, code));
      if (name) {
        return {
          code,
          kind: 'nameOnly' as const,
          row: { languageCode: code, name, description: fields.description },
          reason,
        };
      }
      return { code, kind: 'failed' as const, row: undefined, reason };
    }),
  );
  return {
    rows: outcomes.flatMap((o) => (o.row ? [o.row] : [])),
    translated: outcomes.filter((o) => o.kind === 'translated').map((o) => o.code),
    nameOnly: outcomes.filter((o) => o.kind === 'nameOnly').map((o) => o.code),
    failed: outcomes.filter((o) => o.kind === 'failed').map((o) => o.code),
    reason: outcomes.find((o) => 'reason' in o && o.reason)?.reason,
  };
}

/** One honest sentence (or two) about what was translated, for the administrator's toast. */
export function describeTranslation(subject: string, verb: 'created' | 'updated', outcome: GeoTranslation): string {
  const parts = [`${subject} was ${verb}`];
  const { translated, nameOnly, failed } = outcome;
  if (translated.length === TARGET_LANGUAGES.length)
    return `${parts[0]} and translated into ${languageList(translated)}.`;
  if (translated.length > 0) parts.push(`translated into ${languageList(translated)}`);
  let sentence = parts.join(' and ') + '.';
  if (nameOnly.length > 0) {
    sentence += ` Its name was translated into ${languageList(nameOnly)}, but the description could not be, so it shows in English there.`;
  }
  if (failed.length > 0) {
    sentence += ` It could not be translated into ${languageList(failed)}; the English text is shown there.`;
  }
  if ((nameOnly.length > 0 || failed.length > 0) && outcome.reason) sentence += ` ${outcome.reason}`;
  return sentence;
}
