import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import { makePhoto } from '../tests/helpers/photos';
import {
  schemaNameOf,
  startFakeChatCompletions,
  userText,
  type ChatRequest,
  type ChatReply,
  type FakeChatCompletions,
  chatModel,
} from '../tests/helpers/fake-chat-completions';
import { codeOf, fakeTranslation } from '../tests/helpers/fake-translation';
import { adminSuite } from './helpers';

const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');

/** The model stands in at the protocol boundary: a local server speaking Chat Completions. */
function modelReply(request: ChatRequest): ChatReply {
  switch (schemaNameOf(request)) {
    case 'historical_events':
      return {
        content: JSON.stringify({
          hasEvents: 'yes',
          events: [
            { year: '1180', description: 'A first stone bridge crosses the river.' },
            { year: '1789', description: 'Crowds gather here during the revolution.' },
            { year: '1900', description: 'The square is rebuilt for the World Fair.' },
          ],
        }),
      };
    case 'trivia_facts':
      return {
        content: JSON.stringify({
          hasFacts: 'yes',
          facts: [
            { question: 'How old is the bridge?', answer: 'More than 800 years.' },
            { question: 'Who painted it?', answer: 'Monet, twice.' },
          ],
        }),
      };
    case 'translation': {
      // echo every requested key back, marked with the target language (long texts: written in it)
      const json = /\{[\s\S]*\}$/.exec(userText(request))?.[0] ?? '{}';
      const fields = JSON.parse(json) as Record<string, string>;
      const language = /into (\w+)/.exec(userText(request))?.[1] ?? 'other';
      return {
        content: JSON.stringify(
          Object.fromEntries(
            Object.entries(fields).map(([k, v]) => [
              k,
              fakeTranslation(v, codeOf(language), (t) => `${t} [${language}]`),
            ]),
          ),
        ),
      };
    }
    default:
      return { status: 500 };
  }
}

describe('AI actions on Edit Places cards', () => {
  let fake: FakeChatCompletions;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    fake = await startFakeChatCompletions(modelReply);
  });
  // registered before the suite, so it runs after the suite has closed the site (the last registered first)
  afterAll(async () => {
    await fake?.close();
  });

  const suite = adminSuite({ config: () => ({ ai: chatModel(fake.baseUrl, 'fake-model') }) });

  beforeAll(async () => {
    const { app, db } = suite.site;

    await app.storage.put(
      'web/e2e-ai-1000.jpg',
      await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 30, g: 110, b: 160 } } })
        .jpeg()
        .toBuffer(),
    );
    await makePlace(db, {
      title: 'Pont Neuf',
      location: 'Paris',
      country: 'France',
      imageUrl: '/media/web/e2e-ai-1000.jpg',
      date: '2024-04-02',
    });

    ({ page, consoleErrors } = await suite.signIn());
  });

  const card = () => page.getByRole('article', { name: 'Pont Neuf' });

  it('fetches history: the button is disabled while it runs, then the toast and badge show the events', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await card().getByText('No events', { exact: true }).waitFor();
    // with a model the AI actions are offered as ever: no note about connecting one
    expect(await page.getByText('need an AI model').count()).toBe(0);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // hold the request in the browser so the running state can be observed
    await page.route('**/api/admin/places/*/history', async (route) => {
      await gate;
      await route.continue();
    });
    await card().getByRole('button', { name: 'Fetch History' }).click();
    await page.getByText('Fetching Historical Events').waitFor();
    await expect(card().getByRole('button', { name: 'Fetching...' }).isDisabled()).resolves.toBe(true);
    // the other actions of the same place stay available
    await expect(card().getByRole('button', { name: 'Generate Trivia' }).isEnabled()).resolves.toBe(true);
    release();
    await page.getByText('Historical Events Found').waitFor();
    await page.getByText('Found 3 historical events').waitFor();
    await card().getByText('3 events', { exact: true }).waitFor();
    await expect(card().getByRole('button', { name: 'Fetch History' }).isEnabled()).resolves.toBe(true);
    await page.unroute('**/api/admin/places/*/history');

    // the second time the answer comes from the cache
    await card().getByRole('button', { name: 'Fetch History' }).click();
    await page.getByText('Found 3 historical events (from cache)').waitFor();
  });

  it('generates trivia facts and updates the facts badge', async () => {
    await card().getByRole('button', { name: 'Generate Trivia' }).click();
    await page.getByText('Trivia Facts Found').waitFor();
    await page.getByText('Found 2 trivia facts').waitFor();
    await card().getByText('2 facts', { exact: true }).waitFor();
  });

  it('translates into the missing languages and shows their badges', async () => {
    await card().getByTitle('Spanish: missing (visitors read English)').waitFor();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // hold the request so the short-lived progress toast is certainly on screen when we look
    await page.route('**/api/admin/places/*/translate', async (route) => {
      await gate;
      await route.continue();
    });
    await card().getByRole('button', { name: 'Translate' }).click();
    await page.getByText('Please wait while we translate this place to all languages...').waitFor();
    release();
    await page.getByText('Translation Complete').waitFor({ timeout: 30_000 });
    await page.unroute('**/api/admin/places/*/translate');
    await page.getByText(/✓ Translated to: .*Spanish/).waitFor();
    // text, history and trivia: every part of every language
    for (const name of ['Spanish', 'German', 'French', 'Chinese']) {
      await card().getByTitle(`${name}: up to date`, { exact: true }).waitFor();
    }
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-actions-laptop.png') });

    // nothing left to do: the server's message (or the fallback of docs/product.md §8.4) is shown
    await card().getByRole('button', { name: 'Translate' }).click();
    await page.getByText('Nothing to Translate').waitFor();
  });

  it('shows the spec error toast when the model fails', async () => {
    const normal = fake.reply;
    fake.reply = () => ({ status: 500 });
    await makePlace(suite.site.db, { title: 'Louvre', imageUrl: '/media/web/e2e-ai-1000.jpg', date: '2024-05-01' });
    await page.reload();
    await page.getByRole('article', { name: 'Louvre' }).getByRole('button', { name: 'Generate Trivia' }).click();
    await page.getByText('Facts Fetch Error').waitFor();
    fake.reply = normal;
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it('with a model, Upload offers history and trivia and ends its Generating toasts when they are done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-e2e-ai-upload-'));
    const trevi = join(dir, 'trevi.jpg');
    writeFileSync(trevi, await makePhoto({ gps: { latitude: 41.9009, longitude: 12.4833 }, width: 1200, height: 900 }));
    await page.goto(`${suite.site.baseUrl}/iladmin/upload`);
    // a single space in the button before any choice
    await page.getByRole('button', { name: 'Upload Photos', exact: true }).waitFor();
    expect(await page.getByText('need an AI model').count()).toBe(0);
    await page.getByLabel('Photos').setInputFiles([trevi]);
    await page.getByLabel('Generate Historical Events').check();
    await page.getByLabel('Generate Trivia Facts').check();
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();

    const toasts = page.locator('[data-sonner-toast]');
    await toasts.filter({ hasText: 'Upload complete' }).first().waitFor({ state: 'attached' });
    const completeAt = Date.now();
    // the work ends and each progress toast gives way to its result
    await page.getByText('3 events generated').waitFor();
    await page.getByText('2 facts generated').waitFor();
    await toasts.filter({ hasText: 'Historical Events Generated' }).first().waitFor({ state: 'attached' });
    await toasts.filter({ hasText: 'Trivia Facts Generated' }).first().waitFor({ state: 'attached' });
    // within 5 s of 'Upload complete' no 'Generating' toast is left, shown or stacked behind another
    await expect
      .poll(() => toasts.filter({ hasText: 'Generating' }).count(), {
        timeout: Math.max(1, completeAt + 5_000 - Date.now()),
      })
      .toBe(0);
  });
});
