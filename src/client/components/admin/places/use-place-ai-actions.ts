import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AdminPlaceDto } from '@/shared/api/admin-places';
import {
  eventCount,
  factCount,
  type FactsResponse,
  type HistoryResponse,
  type RewriteResponse,
  type TranslateResponse,
} from '@/shared/api/place-ai';
import { LANGUAGES } from '@/shared/languages';
import { toast } from '../../ui/toaster';
import { apiJson, errorText } from '@/client/lib/api';
import { invalidatePlaceLists } from './use-admin-places';
import { countText } from '@/shared/count-text';

export type AiAction = 'translate' | 'history' | 'facts' | 'rewrite';

const IN_PROGRESS_MS = 30_000;
const RESULT_MS = 5_000;

const languageNames = (langs: readonly string[]) =>
  langs.map((lang) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang.toUpperCase()).join(', ');

/**
 * Why languages failed, from the server's message ("Translation failed for Spanish, German. <reason>"
 * or "Translated to …; failed for …. <reason>"): the reason alone when the message has that shape,
 * else the whole message.
 */
export function failureReason(message: string | undefined, failed: readonly string[]): string {
  const text = (message ?? '').trim();
  const names = languageNames(failed);
  for (const lead of [`Translation failed for ${names}.`, `failed for ${names}.`]) {
    const at = text.indexOf(lead);
    if (at >= 0) return text.slice(at + lead.length).trim();
  }
  return text;
}

function showTranslateResult(id: string, result: TranslateResponse) {
  const done = result.translatedLanguages ?? [];
  const failed = result.failedLanguages ?? [];
  const lines = [
    done.length ? `✓ Translated to: ${languageNames(done)}` : '',
    failed.length ? `✗ Failed: ${languageNames(failed)}` : '',
    // The server's sentence says why (e.g. no AI model is configured).
    failed.length ? failureReason(result.message, failed) : '',
  ].filter(Boolean);
  const options = { id, duration: RESULT_MS, description: lines.join('\n') };
  if (done.length && failed.length) toast.warning('Partial Success', options);
  else if (done.length) toast.success('Translation Complete', options);
  else if (failed.length) toast.error('Translation Failed', options);
  else
    toast.info('Nothing to Translate', {
      id,
      duration: RESULT_MS,
      description: result.message || 'All languages already translated',
    });
}

/** How many items a history or trivia answer holds (undefined: the answer carries none to count). */
const itemCount = {
  history: (result: HistoryResponse) => (result.history ? eventCount(result) : undefined),
  facts: (result: FactsResponse) => (result.facts ? factCount(result) : undefined),
};

/** The result toasts of Fetch History and Generate Trivia. */
const PART_RESULT = {
  history: {
    fetched: ['History Fetched', 'The historical events were updated'],
    found: ['Historical Events Found', 'historical event'],
    none: ['No Historical Events', 'No historical events were found for this place'],
  },
  facts: {
    fetched: ['Facts Fetched', 'The trivia facts were updated'],
    found: ['Trivia Facts Found', 'trivia fact'],
    none: ['No Trivia Facts', 'No trivia facts were found for this place'],
  },
} as const;

function showPartResult(
  id: string,
  part: 'history' | 'facts',
  count: number | undefined,
  { fromCache, message }: { fromCache: boolean; message?: string },
) {
  const cache = fromCache ? ' (from cache)' : '';
  const { fetched, found, none } = PART_RESULT[part];
  const options = { id, duration: RESULT_MS };
  // Nothing was written (no AI model): the server's sentence, not "none found".
  if (message) return void toast.info('Nothing Written', { ...options, description: message });
  if (count === undefined) toast.success(fetched[0], { ...options, description: `${fetched[1]}${cache}` });
  else if (count > 0)
    toast.success(found[0], { ...options, description: `Found ${countText(count, found[1])}${cache}` });
  else toast.info(none[0], { ...options, description: `${none[1]}${cache}` });
}

/**
 * The AI actions of an Edit Places card (docs/product.md §2.5.4, §4.6, §8.4): each runs at most once
 * per place at a time, shows a 30 s progress toast replaced by a 5 s result toast, and refetches
 * the lists so the badges change.
 */
export function usePlaceAiActions() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());

  const isRunning = useCallback((action: AiAction, placeId: string) => running.has(`${action}:${placeId}`), [running]);

  const run = useCallback(
    async (action: AiAction, place: AdminPlaceDto) => {
      const flag = `${action}:${place.id}`;
      const toastId = `ai-${flag}`;
      setRunning((current) => new Set(current).add(flag));
      const base = `/api/admin/places/${encodeURIComponent(place.id)}`;
      try {
        if (action === 'translate') {
          toast.loading('Translating...', {
            id: toastId,
            duration: IN_PROGRESS_MS,
            description: 'Please wait while we translate this place to all languages...',
          });
          showTranslateResult(toastId, await apiJson<TranslateResponse>('POST', `${base}/translate`));
        } else if (action === 'rewrite') {
          toast.loading('Writing...', {
            id: toastId,
            duration: IN_PROGRESS_MS,
            description: `Please wait while the model writes ${place.title} again from its photo...`,
          });
          const result = await apiJson<RewriteResponse>('POST', `${base}/rewrite`);
          const options = { id: toastId, duration: RESULT_MS, description: result.message };
          if (result.rewritten) toast.success('Written Again', options);
          else toast.info('Nothing Written', options);
        } else if (action === 'history') {
          toast.loading('Fetching Historical Events', {
            id: toastId,
            duration: IN_PROGRESS_MS,
            description: `Please wait while we look into the history of ${place.title}...`,
          });
          const result = await apiJson<HistoryResponse>('POST', `${base}/history`, { languageCode: 'en' });
          showPartResult(toastId, 'history', itemCount.history(result), result);
        } else {
          toast.loading('Generating Trivia Facts', {
            id: toastId,
            duration: IN_PROGRESS_MS,
            description: `Please wait while we gather trivia about ${place.title}...`,
          });
          const result = await apiJson<FactsResponse>('POST', `${base}/facts`, { languageCode: 'en' });
          showPartResult(toastId, 'facts', itemCount.facts(result), result);
        }
      } catch (error) {
        const [title, fallback] =
          action === 'translate'
            ? ['Translation Error', 'Failed to translate place']
            : action === 'rewrite'
              ? ['Not Written Again', 'The model could not write this place again']
              : action === 'history'
                ? ['History Fetch Error', 'Failed to fetch historical events']
                : ['Facts Fetch Error', 'Failed to fetch trivia facts'];
        toast.error(title, { id: toastId, duration: RESULT_MS, description: errorText(error, fallback) });
      } finally {
        setRunning((current) => {
          const next = new Set(current);
          next.delete(flag);
          return next;
        });
        await invalidatePlaceLists(queryClient);
      }
    },
    [queryClient],
  );

  return { run, isRunning };
}
