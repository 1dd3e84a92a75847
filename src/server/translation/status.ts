import {
  TRANSLATION_TARGETS,
  type LanguageTranslationDto,
  type TranslationJobDto,
  type TranslationPart,
  type TranslationStateDto,
} from '../../shared/api/translation-status';

/** Language code -> the source version a stored translation was made from. */
export type VersionMap = Record<string, number>;

/** A part of an entity besides its own text (a place's history or trivia), when it exists in English. */
export interface SourcePart {
  part: Exclude<TranslationPart, 'text'>;
  /** The English part's version. */
  version: number;
  translations: VersionMap;
}

/** What the database knows about an entity's translations (read by the admin list queries). */
export interface TranslationFacts {
  sourceVersion: number;
  /** Stored translations of the entity's own text; null when there are none. */
  text: VersionMap | null;
  parts?: SourcePart[];
  /** Language code -> why its last attempt failed. */
  failures: Record<string, string> | null;
  job: { state: TranslationJobDto['state']; attempts: number; nextRunAt: string; lastError: string | null } | null;
}

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
