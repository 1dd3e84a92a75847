import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../languages';

/** Every language a place, city or country is translated into: all but English, the original. */
export const TRANSLATION_TARGETS = LANGUAGE_CODES.filter((lang): lang is Exclude<LanguageCode, 'en'> => lang !== 'en');

/**
 * Where one language stands against the English source (docs/decisions/006-translation-versions.md):
 * `current` was made from the source as it is now; `outdated` from an older version (visitors still
 * read it); `missing` has never been written (visitors read English); `failed`: the last attempt
 * failed, for the reason given.
 */
export const translationStatus = z.enum(['current', 'outdated', 'missing', 'failed']);
export type TranslationStatus = z.infer<typeof translationStatus>;

/** The translatable parts of an entity: its own text, and for a place its history and trivia. */
export const translationPart = z.enum(['text', 'history', 'facts']);
export type TranslationPart = z.infer<typeof translationPart>;

export const languageTranslationDto = z.object({
  languageCode: z.enum(LANGUAGE_CODES),
  status: translationStatus,
  /** Why the last attempt failed (status `failed`), as the AI provider put it. */
  reason: z.string().nullable(),
  /** Each part that exists in English, and where this language stands on it. */
  parts: z.array(z.object({ part: translationPart, status: translationStatus.exclude(['failed']) })),
});
export type LanguageTranslationDto = z.infer<typeof languageTranslationDto>;

export const translationJobState = z.enum(['queued', 'running', 'done', 'failed']);

/** The entity's translation job, as the queue holds it (one per entity). */
export const translationJobDto = z.object({
  state: translationJobState,
  attempts: z.number().int(),
  /** When a queued job runs (a retry waits); ISO 8601. */
  nextRunAt: z.string(),
  lastError: z.string().nullable(),
});
export type TranslationJobDto = z.infer<typeof translationJobDto>;

/** What the admin cards show about translations: one entry per target language, and the job. */
export const translationStateDto = z.object({
  languages: z.array(languageTranslationDto),
  job: translationJobDto.nullable(),
});
export type TranslationStateDto = z.infer<typeof translationStateDto>;

/** Is a job waiting or running, so the admin screen should look again soon? */
export const translationPending = (state: TranslationStateDto | undefined) =>
  state?.job?.state === 'queued' || state?.job?.state === 'running';
