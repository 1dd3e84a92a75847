import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace, makePlaceTranslation } from '../tests/helpers/factories';
import { startFakeChatCompletions, type FakeChatCompletions, chatModel } from '../tests/helpers/fake-chat-completions';
import { FAST_JOBS, targetOf, translatingModel } from '../tests/helpers/translation-jobs';
import { adminSuite, axe } from './helpers';

const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');
const LANGUAGE_NAMES = ['Spanish', 'German', 'French', 'Chinese'];

/**
 * Translations as versions on the Edit Places screen. This server runs no translation worker
 * (TRANSLATION_WORKER=off, as when another instance does the work), so an edit's job waits and the
 * outdated state can be seen until Translate runs it.
 */
describe('language badges of Edit Places follow the translations', () => {
  let fake: FakeChatCompletions;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    fake = await startFakeChatCompletions(translatingModel());
  });
  // registered before the suite, so it runs after the suite has closed the site (the last registered first)
  afterAll(async () => {
    await fake?.close();
  });

  const suite = adminSuite({
    config: () => ({
      ai: chatModel(fake.baseUrl, 'fake-model'),
      translationJobs: { ...FAST_JOBS, worker: false },
    }),
  });

  beforeAll(async () => {
    const { site } = suite;
    await site.app.storage.put(
      'web/e2e-translations-1000.jpg',
      await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 90, g: 60, b: 140 } } })
        .jpeg()
        .toBuffer(),
    );
    const place = await makePlace(site.db, {
      title: 'Sainte-Chapelle',
      imageUrl: '/media/web/e2e-translations-1000.jpg',
      date: '2024-06-01',
    });
    for (const code of ['es', 'de', 'fr', 'zh']) await makePlaceTranslation(site.db, place.id, code);
    ({ page, consoleErrors } = await suite.signIn());
  });

  const card = () => page.getByRole('article', { name: /^Sainte-Chapelle/ });
  const badge = (name: string, state: string) => card().getByTitle(`${name}: ${state}`, { exact: true });

  it('shows outdated after an edit of the English text, and up to date after Translate', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    for (const name of LANGUAGE_NAMES) await badge(name, 'up to date').waitFor();

    await card().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Place' });
    await dialog.getByLabel('Title').fill('Sainte-Chapelle at noon');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Place updated successfully' })
      .filter({ hasText: 'kept and marked outdated' })
      .waitFor();

    // Every language is outdated (its text was made from the old title), and the job waits.
    for (const name of LANGUAGE_NAMES) await badge(name, 'outdated (text)').waitFor();
    await card().getByText('Translation queued').waitFor();
    // Said in words, not by colour alone: each badge carries its state for screen readers too.
    await card().getByText('German: outdated (text)', { exact: true }).waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'translations-outdated.png') });
    const violations = (await axe(page).include('[role=article]').analyze()).violations;
    expect(violations.map((v) => v.id)).toEqual([]);

    await card().getByRole('button', { name: 'Translate' }).click();
    await page.getByText('Translation Complete').waitFor({ timeout: 30_000 });
    for (const name of LANGUAGE_NAMES) await badge(name, 'up to date').waitFor();
    await expect(card().getByText('Translation queued').count()).resolves.toBe(0);
  });

  it('shows a failed language with the reason on hover, and the others up to date', async () => {
    fake.reply = (request) => (targetOf(request) === 'zh' ? { status: 500 } : translatingModel()(request));
    await card().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Place' });
    await dialog.getByLabel('Title').fill('Sainte-Chapelle at dusk');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await badge('Chinese', 'outdated (text)').waitFor();

    await card().getByRole('button', { name: 'Translate' }).click();
    await page.getByText('Partial Success').waitFor({ timeout: 30_000 });
    const chinese = card().getByTitle(/^Chinese: failed: The AI provider is not answering right now\./);
    await chinese.waitFor();
    await expect(chinese.getAttribute('data-status')).resolves.toBe('failed');
    for (const name of ['Spanish', 'German', 'French']) await badge(name, 'up to date').waitFor();
    // The job tries Chinese again later (with backoff), as the card says.
    await card()
      .getByText(/^Translation (retries at|queued)/)
      .waitFor();
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
