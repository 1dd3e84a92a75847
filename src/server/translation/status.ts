import {
  TRANSLATION_TARGETS,
  type LanguageTranslationDto,
  type TranslationStateDto,
} from '../../shared/api/translation-status';
import type { TranslationFacts } from '../db/repos/translation-facts';

type PartStatus = LanguageTranslationDto['parts'][number]['status'];

const partStatus = (stored: number | undefined, source: number): PartStatus =>
  stored === undefined ? 'missing' : stored < source ? 'outdated' : 'current';

/** One language: failed if its last attempt failed, missing without text, outdated if any part lags. */
function languageState(facts: TranslationFacts, lang: LanguageTranslationDto['languageCode']): LanguageTranslationDto {
  const parts: LanguageTranslationDto['parts'] = [
    { part: 'text', status: partStatus(facts.text?.[lang], facts.sourceVersion) },
    ...(facts.parts ?? []).map((p) => ({ part: p.part, status: partStatus(p.translations[lang], p.version) })),
  ];
  const reason = facts.failures?.[lang] ?? null;
  const status = reason
    ? 'failed'
    : parts[0]!.status === 'missing'
      ? 'missing'
      : parts.some((p) => p.status !== 'current')
        ? 'outdated'
        : 'current';
  return { languageCode: lang, status, reason, parts };
}

/** Timestamps come back from JSON subqueries in PostgreSQL's own format: answered as ISO 8601. */
const isoInstant = (value: string) => {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
};

/** The admin view of an entity's translations, one entry per target language, in product order. */
export function translationState(facts: TranslationFacts): TranslationStateDto {
  return {
    languages: TRANSLATION_TARGETS.map((lang) => languageState(facts, lang)),
    job: facts.job && { ...facts.job, nextRunAt: isoInstant(facts.job.nextRunAt) },
  };
}

/** A row of the admin lists as the cards read it: ISO dates, and each language's translation state. */
export function withTranslationState<T extends { createdAt: Date } & Omit<TranslationFacts, 'parts'>>(row: T) {
  const { sourceVersion, text, failures, job, ...rest } = row;
  return {
    ...rest,
    createdAt: row.createdAt.toISOString(),
    translations: translationState({ sourceVersion, text, failures, job }),
  };
}
