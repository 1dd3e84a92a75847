import { describe, expect, it } from 'vitest';
import type { LanguageTranslationDto } from '@/shared/api/translation-status';
import { badgeLabel, jobLine } from './language-badges';

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

describe('the line under the badges about the translation job', () => {
  const failedJob = (attempts: number) => ({
    state: 'failed' as const,
    attempts,
    nextRunAt: new Date().toISOString(),
    lastError: null,
  });

  it('counts the attempts in the right number', () => {
    expect(jobLine(failedJob(1))?.text).toMatch(/^Translation stopped after 1 attempt\. /);
    expect(jobLine(failedJob(3))?.text).toMatch(/^Translation stopped after 3 attempts\. /);
  });
});
