import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import {
  chatModel,
  schemaNameOf,
  startFakeChatCompletions,
  type ChatReply,
  type ChatRequest,
  type FakeChatCompletions,
} from '../tests/helpers/fake-chat-completions';
import { adminSuite } from './helpers';

/** The model stands in at the protocol boundary: it writes the photo's text. */
function modelReply(request: ChatRequest): ChatReply {
  if (schemaNameOf(request) !== 'image_analysis') return { status: 500 };
  return {
    content: JSON.stringify({
      title: 'Ponte Vecchio at Sunrise',
      summary: 'The old bridge with its shops, in the first light.',
      travelArticle: 'Florence wakes early.\n\nCross before the shops open.',
      imageDescription: 'A bridge lined with shops over a calm river.',
      placeName: 'Ponte Vecchio',
    }),
  };
}

describe('Write it again with the model (Edit Places card)', () => {
  let fake: FakeChatCompletions;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    fake = await startFakeChatCompletions(modelReply);
  });
  afterAll(async () => {
    await fake?.close();
  });

  const suite = adminSuite({ config: () => ({ ai: chatModel(fake.baseUrl, 'fake-model') }) });

  beforeAll(async () => {
    const { app, db } = suite.site;
    await app.storage.put(
      'web/e2e-rewrite.jpg',
      await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 160, g: 110, b: 30 } } })
        .jpeg()
        .toBuffer(),
    );
    const photo = { imageUrl: '/media/web/e2e-rewrite.jpg', location: 'Florence', country: 'Italy' };
    await makePlace(db, { ...photo, title: 'A Photo in Florence', origin: 'data', state: 'draft', date: '2024-05-01' });
    await makePlace(db, { ...photo, title: 'Written By Hand', origin: 'person', date: '2024-05-02' });
    ({ page, consoleErrors } = await suite.signIn());
  });

  it('offers the button only on the offline writer’s place, and the model’s text replaces it; a draft stays a draft', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    const offline = page.getByRole('article', { name: 'A Photo in Florence' });
    await offline.waitFor();
    expect(
      await page
        .getByRole('article', { name: 'Written By Hand' })
        .getByRole('button', { name: 'Write it again with the model' })
        .count(),
    ).toBe(0);
    await offline.getByRole('button', { name: 'Write it again with the model' }).click();
    await page.getByText('Written Again').waitFor();
    const rewritten = page.getByRole('article', { name: 'Ponte Vecchio at Sunrise' });
    await rewritten.waitFor();
    await rewritten.getByText('Draft: not visible to visitors').waitFor();
    // the model's text is not offered for rewriting again
    expect(await rewritten.getByRole('button', { name: 'Write it again with the model' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
