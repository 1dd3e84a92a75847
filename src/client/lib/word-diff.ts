/** One run of a diff between two texts: words kept, removed from the old text, or added in the new one. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Longest texts diffed word by word (the LCS table is words × words); longer ones are shown whole. */
const MAX_WORDS = 2_000;

/** Words and the spaces after them, so joining the parts gives back the text. */
const tokens = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

/**
 * What changed between two texts, word by word (a longest common subsequence): what an editor reads
 * to update a translation after its English changed. Adjacent runs of one kind are merged.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_WORDS * MAX_WORDS || a.length > MAX_WORDS || b.length > MAX_WORDS) {
    return merge([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..]
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] =
        a[i]!.trim() === b[j]!.trim()
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]!.trim() === b[j]!.trim()) {
      parts.push({ kind: 'same', text: b[j]! });
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) {
      parts.push({ kind: 'removed', text: a[i++]! });
    } else {
      parts.push({ kind: 'added', text: b[j++]! });
    }
  }
  while (i < a.length) parts.push({ kind: 'removed', text: a[i++]! });
  while (j < b.length) parts.push({ kind: 'added', text: b[j++]! });
  return merge(parts);
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
