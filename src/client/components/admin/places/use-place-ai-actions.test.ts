import { describe, expect, it } from 'vitest';
import { failureReason } from './use-place-ai-actions';

describe('the Translation Failed toast', () => {
  const offline =
    'No AI model is set up, so nothing could be translated. Ask whoever runs the site to set one up, then use Translate again.';

  it('carries the reason the server gave for the failed languages', () => {
    const message = `Translation failed for Spanish, German, French, Chinese. ${offline}`;
    expect(failureReason(message, ['es', 'de', 'fr', 'zh'])).toBe(offline);
    const partial = `Translated to Spanish; failed for German. The model refused.`;
    expect(failureReason(partial, ['de'])).toBe('The model refused.');
  });

  it('shows a message of another shape whole', () => {
    expect(failureReason('Quota exceeded.', ['de'])).toBe('Quota exceeded.');
  });
});
