import { useState } from 'react';
import type { FactsResponse, HistoryResponse } from '../../../../shared/api/place-ai';
import { ApiError, apiJson } from '../../../lib/api';
import { toast } from '../../ui/toaster';

export type GenerationStatus = { state: 'idle' } | { state: 'generating' } | { state: 'done'; count: number };

/**
 * Each kind's progress toast has an id, and its result toast takes that id: a loading toast never
 * times out by itself (sonner ignores its duration), so it must be replaced when its work ends.
 */
const HISTORY_TOAST = 'upload-generate-history';
const FACTS_TOAST = 'upload-generate-facts';
const IN_PROGRESS_MS = 30_000;
const RESULT_MS = 5_000;

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : fallback;

/**
 * After an upload: historical events and trivia facts, once per distinct place, both kinds in
 * parallel (spec section 4). Each status goes idle -> generating -> done with a count (0 = none).
 */
export function useAfterUploadGeneration() {
  const [history, setHistory] = useState<GenerationStatus>({ state: 'idle' });
  const [facts, setFacts] = useState<GenerationStatus>({ state: 'idle' });

  async function runHistory(placeIds: string[]) {
    setHistory({ state: 'generating' });
    const id = HISTORY_TOAST;
    toast.loading('Generating Historical Events', {
      id,
      duration: IN_PROGRESS_MS,
      description: 'Please wait while we research the history of your places...',
    });
    try {
      const answers = await Promise.all(
        placeIds.map((id) =>
          apiJson<HistoryResponse>('POST', `/api/admin/places/${id}/history`, { languageCode: 'en' }),
        ),
      );
      const count = answers.reduce((n, a) => n + (a.history.hasEvents === 'yes' ? a.history.events.length : 0), 0);
      const cached = answers.every((a) => a.fromCache);
      setHistory({ state: 'done', count });
      if (count > 0) {
        toast.success('Historical Events Generated', {
          id,
          duration: RESULT_MS,
          description: `${count} event(s) found${cached ? ' (from cache)' : ''}`,
        });
      } else {
        toast.info('No Historical Events', {
          id,
          duration: RESULT_MS,
          description: 'No historical events were found for these places.',
        });
      }
    } catch (error) {
      setHistory({ state: 'idle' });
      toast.error('History Generation Error', {
        id,
        duration: RESULT_MS,
        description: errorText(error, 'Failed to generate historical events'),
      });
    }
  }

  async function runFacts(placeIds: string[]) {
    setFacts({ state: 'generating' });
    const id = FACTS_TOAST;
    toast.loading('Generating Trivia Facts', {
      id,
      duration: IN_PROGRESS_MS,
      description: 'Please wait while we collect trivia about your places...',
    });
    try {
      const answers = await Promise.all(
        placeIds.map((id) => apiJson<FactsResponse>('POST', `/api/admin/places/${id}/facts`, { languageCode: 'en' })),
      );
      const count = answers.reduce((n, a) => n + (a.facts.hasFacts === 'yes' ? a.facts.facts.length : 0), 0);
      const cached = answers.every((a) => a.fromCache);
      setFacts({ state: 'done', count });
      if (count > 0) {
        toast.success('Trivia Facts Generated', {
          id,
          duration: RESULT_MS,
          description: `${count} fact(s) found${cached ? ' (from cache)' : ''}`,
        });
      } else {
        toast.info('No Trivia Facts', {
          id,
          duration: RESULT_MS,
          description: 'No trivia facts were found for these places.',
        });
      }
    } catch (error) {
      setFacts({ state: 'idle' });
      toast.error('Facts Generation Error', {
        id,
        duration: RESULT_MS,
        description: errorText(error, 'Failed to generate trivia facts'),
      });
    }
  }

  return {
    history,
    facts,
    clearHistory: () => setHistory({ state: 'idle' }),
    clearFacts: () => setFacts({ state: 'idle' }),
    reset() {
      setHistory({ state: 'idle' });
      setFacts({ state: 'idle' });
    },
    /** Runs the ticked kinds for these places, in parallel. */
    run(placeIds: string[], kinds: { history: boolean; facts: boolean }) {
      const jobs: Array<Promise<void>> = [];
      if (kinds.history) jobs.push(runHistory(placeIds));
      if (kinds.facts) jobs.push(runFacts(placeIds));
      return Promise.all(jobs);
    },
  };
}

export function describeStatus(status: GenerationStatus, noun: string): string | undefined {
  if (status.state === 'generating') return 'Generating...';
  if (status.state === 'done') return status.count === 0 ? `No ${noun} found` : `${status.count} ${noun} generated`;
  return undefined;
}
