import { useState } from 'react';
import { eventCount, factCount, type FactsResponse, type HistoryResponse } from '@/shared/api/place-ai';
import { apiJson, errorText } from '@/client/lib/api';
import { toast } from '../../ui/toaster';
import { countText } from '@/shared/count-text';

export type GenerationStatus = { state: 'idle' } | { state: 'generating' } | { state: 'done'; count: number };

const IN_PROGRESS_MS = 30_000;
const RESULT_MS = 5_000;

interface Answers {
  history: HistoryResponse;
  facts: FactsResponse;
}
export type GenerationKind = keyof Answers;
type Kind = GenerationKind;
export const GENERATION_KINDS: readonly Kind[] = ['history', 'facts'];
const IDLE: Record<Kind, GenerationStatus> = { history: { state: 'idle' }, facts: { state: 'idle' } };
interface KindSpec<K extends Kind> {
  count: (answer: Answers[K]) => number;
  /** What the kind makes, as its checkbox and toast titles name it: "Generate {title}", "No {title}". */
  title: string;
  /** One of what it makes, for counts: "3 events found". */
  item: string;
  /** The progress toast's text. */
  waiting: string;
  /** The text of the toast when none were found. */
  none: string;
  failed: [title: string, fallback: string];
}

/**
 * What each kind asks the server for, how many items an answer holds, and its toasts (docs/product.md
 * §8.3). Each kind's progress toast has an id, and its result toast takes that id: a loading toast never
 * times out by itself (sonner ignores its duration), so it must be replaced when its work ends.
 */
const KINDS: { [K in Kind]: KindSpec<K> } = {
  history: {
    count: eventCount,
    title: 'Historical Events',
    item: 'event',
    waiting: 'Please wait while we research the history of your places...',
    none: 'No historical events were found for these places.',
    failed: ['History Generation Error', 'Failed to generate historical events'],
  },
  facts: {
    count: factCount,
    title: 'Trivia Facts',
    item: 'fact',
    waiting: 'Please wait while we collect trivia about your places...',
    none: 'No trivia facts were found for these places.',
    failed: ['Facts Generation Error', 'Failed to generate trivia facts'],
  },
};

/**
 * After an upload: historical events and trivia facts, once per distinct place, both kinds in
 * parallel (docs/product.md §4.5). Each status goes idle -> generating -> done with a count (0 = none).
 */
export function useAfterUploadGeneration() {
  const [status, setStatus] = useState<Record<Kind, GenerationStatus>>(IDLE);
  const setKind = (kind: Kind, next: GenerationStatus) => setStatus((current) => ({ ...current, [kind]: next }));

  async function generate<K extends Kind>(kind: K, placeIds: string[]) {
    const { count, title, item, waiting, none, failed }: KindSpec<K> = KINDS[kind];
    const id = `upload-generate-${kind}`;
    setKind(kind, { state: 'generating' });
    toast.loading(`Generating ${title}`, { id, duration: IN_PROGRESS_MS, description: waiting });
    try {
      const answers = await Promise.all(
        placeIds.map((placeId) =>
          apiJson<Answers[K]>('POST', `/api/admin/places/${placeId}/${kind}`, { languageCode: 'en' }),
        ),
      );
      const total = answers.reduce((n, answer) => n + count(answer), 0);
      const cached = answers.every((a) => a.fromCache);
      setKind(kind, { state: 'done', count: total });
      if (total > 0) {
        const description = `${countText(total, item)} found${cached ? ' (from cache)' : ''}`;
        toast.success(`${title} Generated`, { id, duration: RESULT_MS, description });
      } else {
        toast.info(`No ${title}`, { id, duration: RESULT_MS, description: none });
      }
    } catch (error) {
      setKind(kind, { state: 'idle' });
      toast.error(failed[0], { id, duration: RESULT_MS, description: errorText(error, failed[1]) });
    }
  }

  return {
    status,
    clear: (kind: Kind) => setKind(kind, { state: 'idle' }),
    reset: () => setStatus(IDLE),
    /** Runs the ticked kinds for these places, in parallel. */
    run(placeIds: string[], kinds: Record<Kind, boolean>) {
      return Promise.all(GENERATION_KINDS.filter((kind) => kinds[kind]).map((kind) => generate(kind, placeIds)));
    },
  };
}

/** The checkbox label of a kind. */
export const choiceLabel = (kind: Kind) => `Generate ${KINDS[kind].title}`;

/** What a kind's checkbox says of its last run: "Generating...", "1 event generated", "No facts found". */
export function describeStatus(status: GenerationStatus, kind: Kind): string | undefined {
  const noun = KINDS[kind].item;
  if (status.state === 'generating') return 'Generating...';
  if (status.state === 'done') {
    return status.count === 0 ? `No ${noun}s found` : `${countText(status.count, noun)} generated`;
  }
  return undefined;
}
