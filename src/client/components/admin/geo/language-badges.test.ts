import { describe, expect, it } from 'vitest';
import type { LanguageTranslationDto } from '@/shared/api/translation-status';
import { badgeLabel } from './language-badges';

const language = (overrides: Partial<LanguageTranslationDto>): LanguageTranslationDto => ({
  languageCode: 'de',
  status: 'current',
  reason: null,
  parts: [{ part: 'text', status: 'current' }],
  ...overrides,
});

describe('the hover and screen-reader text of a language badge', () => {
  it('names the language and its state, and which parts lag behind', () => {
    expect(badgeLabel(language({}))).toBe('German: up to date');
    expect(
      badgeLabel(
        language({
          status: 'outdated',
          parts: [
            { part: 'text', status: 'current' },
            { part: 'history', status: 'outdated' },
            { part: 'facts', status: 'missing' },
          ],
        }),
      ),
    ).toBe('German: outdated (history, trivia)');
  });

  it('says what visitors read where a translation is missing, and why one failed', () => {
    expect(badgeLabel(language({ languageCode: 'es', status: 'missing' }))).toBe(
      'Spanish: missing (visitors read English)',
    );
    expect(badgeLabel(language({ status: 'failed', reason: 'The AI provider (openai) failed: quota exceeded' }))).toBe(
      'German: failed: The AI provider (openai) failed: quota exceeded',
    );
  });
});
