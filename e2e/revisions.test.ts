import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import { adminSuite, axe } from './helpers';

describe('a place’s history in the admin', () => {
  const suite = adminSuite();
  let page: Page;
  let errors: string[];
  let place: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    const { site } = suite;
    const key = 'web/e2e-history-1000.jpg';
    await site.app.storage.put(
      key,
      await sharp({ create: { width: 1000, height: 700, channels: 3, background: { r: 80, g: 120, b: 180 } } })
        .jpeg()
        .toBuffer(),
    );
    place = await makePlace(site.db, { title: 'Harbour at dawn', imageUrl: `/media/${key}` });
    const edit = (title: string) =>
      site.app.services.adminPlaces.update(place.id, {
        title,
        description: place.description,
        location: place.location,
        country: place.country,
        imageUrl: place.imageUrl,
        date: place.date,
      });
    await edit('Harbour at noon');
    await edit('Harbour at night');
    ({ page, consoleErrors: errors } = await suite.signIn());
  });

  it('lists who changed what, compares a version with now word by word, and restores it', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Versions of Harbour at night' }).click();
    const dialog = page.getByRole('dialog', { name: 'Versions of Harbour at night' });
    const versions = dialog.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.first().textContent()).toContain('Title changed');
    expect(await versions.first().textContent()).toContain('by you');
    // "History" is the place's historical events; its kept versions are "Versions", each named by the
    // change that made it (the oldest by none) and then by the one that replaced it
    expect(await page.getByRole('button', { name: /^History of/ }).count()).toBe(0);
    expect(await versions.nth(1).getByText('Earliest version kept').count()).toBe(1);
    await versions
      .nth(1)
      .getByText(/^Replaced .* by you: Title changed$/)
      .waitFor();

    const oldest = versions.nth(1);
    await oldest.getByRole('button', { name: /^Compare the version of/ }).click();
    const diff = oldest.getByRole('region', { name: /^Differences between the version of/ });
    await diff.getByText('Title', { exact: true }).waitFor();
    expect((await diff.locator('del').allTextContents()).join(' ')).toContain('dawn');
    expect((await diff.locator('ins').allTextContents()).join(' ')).toContain('night');
    const violations = (await axe(page).include('[role=dialog]').analyze()).violations;
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await oldest.getByRole('button', { name: /^Restore the version of/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
    // a restore keeps the place published or a draft, and the confirmation says which
    await confirm.getByText(/It stays published: restoring never unpublishes it\./).waitFor();
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Version restored' }).first().waitFor();
    await expect.poll(() => versions.count()).toBe(3);
    expect(await versions.first().textContent()).toContain('Restored the version of');

    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Harbour at dawn' }).waitFor();
    const publicPage = await page.request.get(`${suite.site.baseUrl}/en/${place.slug}`);
    expect(await publicPage.text()).toContain('Harbour at dawn');
    expect(errors).toEqual([]);
  });

  it('opens the same history from the Languages dialog', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Languages of Harbour at dawn' }).click();
    await page.getByRole('dialog', { name: 'Languages: Harbour at dawn' }).waitFor();
    await page.getByRole('button', { name: 'Versions of Harbour at dawn' }).last().click();
    const history = page.getByRole('dialog', { name: 'Versions of Harbour at dawn' });
    await history.getByText(/: Restored the version of/).waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Languages: Harbour at dawn' }).waitFor();
  });
});
