import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import { adminSuite, seriousViolations } from './helpers';

describe('publish on purpose in the admin: drafts, preview and the new-uploads setting', () => {
  const suite = adminSuite();
  let page: Page;
  let visitor: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    await makePlace(suite.site.db, { title: 'Quiet courtyard', slug: 'quiet-courtyard', state: 'draft' });
    ({ page, consoleErrors } = await suite.signIn());
    visitor = await suite.newPage();
  });

  it('chooses on the dashboard what new uploads become, and keeps the choice', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin`);
    const keep = page.getByRole('radio', { name: /Keep as draft/ });
    const publish = page.getByRole('radio', { name: /Publish at once/ });
    await expect.poll(() => publish.isChecked()).toBe(true);
    await keep.check();
    await expect.poll(() => page.getByText('New uploads are kept as drafts until you publish them.').count()).toBe(1);
    await page.reload();
    await expect.poll(() => keep.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a draft as such, previews it with a draft bar, and publishes it in one click', async () => {
    const response = await visitor.goto(`${suite.site.baseUrl}/en/quiet-courtyard`);
    expect(response?.status()).toBe(404);

    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    const card = page.getByRole('article', { name: 'Quiet courtyard' });
    await expect.poll(() => card.getByText('Draft: not visible to visitors').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    const href = await card
      .getByRole('link', { name: 'Preview Quiet courtyard (opens in a new tab)' })
      .getAttribute('href');
    const preview = await suite.newPage();
    await preview.context().addCookies(await page.context().cookies());
    await preview.goto(`${suite.site.baseUrl}${href}`);
    expect(await preview.getByRole('status').first().textContent()).toContain(
      'Draft preview: visitors cannot see this page until you publish it.',
    );
    expect(await preview.locator('h1').textContent()).toBe('Quiet courtyard');
    expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await preview.close();

    await card.getByRole('button', { name: 'Publish Quiet courtyard' }).click();
    await expect.poll(() => card.getByText('Published', { exact: true }).count()).toBe(1);
    const after = await visitor.goto(`${suite.site.baseUrl}/en/quiet-courtyard`);
    expect(after?.status()).toBe(200);

    await card.getByRole('button', { name: 'Unpublish Quiet courtyard' }).click();
    await expect.poll(() => card.getByText('Draft: not visible to visitors').count()).toBe(1);
    expect((await visitor.goto(`${suite.site.baseUrl}/en/quiet-courtyard`))?.status()).toBe(404);
    expect(consoleErrors.filter((m) => !m.startsWith('Failed to load resource'))).toEqual([]);
  });
});
