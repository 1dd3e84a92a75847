// What the database knows about an entity's translations, as the admin list queries read it;
// translation/status.ts turns it into the state the admin screens show.
import type { TranslationJobDto, TranslationPart } from '@/shared/api/translation-status';

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

/** An admin list row before its translation state is worked out (services add it). */
export type AdminRowOf<Dto extends { createdAt: string; translations: unknown }> = Omit<
  Dto,
  'createdAt' | 'translations'
> & { createdAt: Date } & Omit<TranslationFacts, 'parts'>;
