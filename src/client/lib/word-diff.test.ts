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
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['World’s Fair in Paris']);
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['fair']);
  });

  it('splits a Chinese sentence into its words, so only the changed word is marked', () => {
    expect(wordDiff('我喜欢北京的秋天', '我喜欢上海的秋天')).toEqual([
      { kind: 'same', text: '我喜欢' },
      { kind: 'removed', text: '北京' },
      { kind: 'added', text: '上海' },
      { kind: 'same', text: '的秋天' },
    ]);
  });

  it('marks one changed word in a 5,000-word article, not the whole text', () => {
    const article = Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' ');
    const parts = wordDiff(article, article.replace('word2500 ', 'changed '));
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'word2500' },
      { kind: 'added', text: 'changed' },
    ]);
  });

  it('gives nothing but "same" for equal texts, and the whole text for an empty one', () => {
    expect(wordDiff('Same text', 'Same text')).toEqual([{ kind: 'same', text: 'Same text' }]);
    expect(wordDiff('', 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
  });
});
