import { describe, expect, it } from 'vitest';
import { translationState } from './status';

describe('the translation state of an entity, per language', () => {
  it('tells up to date, outdated, missing and failed apart, and keeps the failure’s reason', () => {
    const state = translationState({
      sourceVersion: 3,
      text: { es: 3, de: 2, zh: 3 },
      failures: { zh: 'The AI provider (openai) failed: quota exceeded' },
      job: { state: 'queued', attempts: 2, nextRunAt: '2030-01-01 10:00:00+00', lastError: 'quota exceeded' },
    });
    expect(state.languages.map((l) => [l.languageCode, l.status])).toEqual([
      ['es', 'current'],
      ['de', 'outdated'],
      ['fr', 'missing'],
      ['zh', 'failed'],
    ]);
    expect(state.languages[3]!.reason).toBe('The AI provider (openai) failed: quota exceeded');
    expect(state.job).toEqual({
      state: 'queued',
      attempts: 2,
      nextRunAt: '2030-01-01T10:00:00.000Z',
      lastError: 'quota exceeded',
    });
  });

  it('counts a place’s history and trivia: text up to date but history behind is outdated', () => {
    const state = translationState({
      sourceVersion: 1,
      text: { es: 1, de: 1, fr: 1, zh: 1 },
      parts: [
        { part: 'history', version: 2, translations: { es: 2, de: 1, fr: 2, zh: 2 } },
        { part: 'facts', version: 1, translations: { es: 1, de: 1, fr: 1 } },
      ],
      failures: null,
      job: null,
    });
    expect(state.languages.map((l) => l.status)).toEqual(['current', 'outdated', 'current', 'outdated']);
    expect(state.languages[1]!.parts).toEqual([
      { part: 'text', status: 'current' },
      { part: 'history', status: 'outdated' },
      { part: 'facts', status: 'current' },
    ]);
    expect(state.languages[3]!.parts[2]).toEqual({ part: 'facts', status: 'missing' });
  });
});
