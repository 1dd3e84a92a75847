import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('marks the words that changed and keeps the rest', () => {
    expect(wordDiff('Eiffel Tower at dusk', 'Eiffel Tower at night')).toEqual([
      { kind: 'same', text: 'Eiffel Tower at ' },
      { kind: 'removed', text: 'dusk' },
      { kind: 'added', text: 'night' },
    ]);
  });

  it('shows added words in the middle of a sentence', () => {
    const parts = wordDiff('Built in 1889 for the fair.', 'Built in 1889 for the World’s Fair in Paris.');
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['World’s Fair in Paris.']);
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['fair.']);
  });

  it('gives nothing but "same" for equal texts, and the whole text for an empty one', () => {
    expect(wordDiff('Same text', 'Same text')).toEqual([{ kind: 'same', text: 'Same text' }]);
    expect(wordDiff('', 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
  });
});
