import { diffWords } from 'diff';

/** One run of a diff between two texts: words kept, removed from the old text, or added in the new one. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Words as Intl.Segmenter finds them (a Chinese sentence is several words, not one), segmented one
 * run of non-space characters at a time: V8 segments one long text far more slowly than its pieces.
 */
const segmenter = {
  resolvedOptions: () => words.resolvedOptions(),
  segment: (text: string) =>
    text
      .split(/(\s+)/)
      .flatMap((run) => (!run ? [] : /\s/.test(run) ? [{ segment: run }] : Array.from(words.segment(run)))),
};

/**
 * What changed between two texts, word by word (`diff`'s diffWords, Myers' algorithm, no length
 * limit): what an editor reads to update a translation after its English changed. Adjacent runs of
 * one kind are merged.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const changes = diffWords(before, after, { intlSegmenter: segmenter });
  return merge(
    changes.map((change) => ({
      kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
      text: change.value,
    })),
  );
}

function merge(parts: DiffPart[]): DiffPart[] {
  const merged: DiffPart[] = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = merged[merged.length - 1];
    if (last?.kind === part.kind) last.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}
