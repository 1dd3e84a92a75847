import { describe, expect, it } from 'vitest';
import { createdMessage, updatedMessage } from './admin-areas-messages';

describe('the sentences of the city and country toasts', () => {
  it('says what worked, what did not and what to do next when no AI model is set up', () => {
    expect(createdMessage('Lyon', false)).toBe(
      'Lyon was created. Its translations could not be made: no AI model is set up, so Spanish, German, French and Chinese show the English text for now. Ask whoever runs the site to set up an AI model.',
    );
    const updated = updatedMessage('Lyon', { textChanged: true, queued: false, outdated: ['fr'] });
    expect(updated).toBe(
      'Lyon was updated. The French translation is kept and shown until its new version is ready. The new text could not be translated: no AI model is set up. Ask whoever runs the site to set up an AI model.',
    );
  });

  it('never shows the administrator setup words meant for developers', () => {
    for (const sentence of [
      createdMessage('Lyon', false),
      updatedMessage('Lyon', { textChanged: true, queued: false, outdated: [] }),
    ]) {
      expect(sentence).not.toMatch(/AI_PROVIDER|openai|anthropic|environment|\.env/i);
    }
  });

  it('says the translations are on their way when a job was queued', () => {
    expect(createdMessage('Lyon', true)).toContain(
      'is being written and translated into Spanish, German, French and Chinese',
    );
    expect(updatedMessage('Lyon', { textChanged: true, queued: true, outdated: ['es', 'de'] })).toBe(
      'Lyon was updated and is being translated again. The Spanish and German translations are kept and shown until their new version is ready.',
    );
    expect(updatedMessage('Lyon', { textChanged: false, queued: false, outdated: [] })).toBe('Lyon was updated.');
  });
});
