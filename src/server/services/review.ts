import type { ContentSaved } from '../../shared/api/written-text';
import type { DashboardDto } from '../../shared/api/review';
import { LANGUAGES, isLanguageCode } from '../../shared/languages';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import * as repo from '../db/repos/review-repo';
import { createAdminMemo } from './admin-memo';
import { AppError, NotFoundError } from '../errors';

const NOT_FOUND = { place: 'Place not found', city: 'City not found', country: 'Country not found' } as const;

/**
 * Review per language (docs/decisions/018-review-per-language.md): "Mark reviewed" on text a
 * machine wrote, and the dashboard's counts of what needs the editor.
 */
export function createReviewService({ db }: { db: Database }) {
  const memo = createAdminMemo(db);
  return {
    async markReviewed(kind: repo.ReviewKind, id: string, lang: string): Promise<ContentSaved> {
      if (!isLanguageCode(lang)) {
        throw new NotFoundError('That language is not one of the site’s: use en, es, de, fr or zh.');
      }
      const name = LANGUAGES.find((l) => l.code === lang)?.name ?? lang;
      const result = isUuid(id) ? await repo.markReviewed(db, kind, id, lang) : 'unknown';
      if (result === 'unknown') throw new NotFoundError(NOT_FOUND[kind]);
      if (result === 'missing') {
        throw new AppError(
          409,
          `${name} has no text of its own yet, so there is nothing to review: visitors read the English. Write it by hand or translate it first.`,
        );
      }
      if (result === 'marked-no-note') {
        return {
          success: true,
          message: `${name} is marked as reviewed. No AI model wrote it, so visitors saw no note on it.`,
          outdatedLanguages: [],
        };
      }
      const note = lang === 'en' ? 'Written with AI' : 'Machine-translated from English';
      return {
        success: true,
        message: `${name} is marked as reviewed. Visitors no longer see the “${note}” note.`,
        outdatedLanguages: [],
      };
    },
    /**
     * The dashboard's counts: 15 counts over every place (seconds at 100,000 places), made again
     * only when the content, the failures or the trash changed since the last ones (admin-memo.ts).
     */
    dashboard: (): Promise<DashboardDto> => memo('dashboard', () => repo.dashboardCounts(db)),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
