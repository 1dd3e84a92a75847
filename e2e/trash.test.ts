import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import { adminSuite, axe } from './helpers';

const MOVED = 'Moved to the trash. You can restore it for 30 days from Trash.';

describe('the trash in the admin', () => {
  const suite = adminSuite();
  let page: Page;
  let errors: string[];
  let place: Awaited<ReturnType<typeof makePlace>>;

  const violationsOf = async (selector?: string) => {
    const scan = selector ? axe(page).include(selector) : axe(page);
    return (await scan.analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  };

  beforeAll(async () => {
    const { site } = suite;
    const key = 'web/e2e-trash-1000.jpg';
    await site.app.storage.put(
      key,
      await sharp({ create: { width: 1000, height: 700, channels: 3, background: { r: 180, g: 110, b: 70 } } })
        .jpeg()
        .toBuffer(),
    );
    place = await makePlace(site.db, {
      title: 'Old lighthouse',
      location: 'Brest',
      country: 'France',
      date: '2024-06-02',
      imageUrl: `/media/${key}`,
    });
    ({ page, consoleErrors: errors } = await suite.signIn());
  });

  it('asks with the photo, the city and the date, moves the place to the trash, and restores it from Trash', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Delete Old lighthouse' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete place' });
    await confirm.getByText('Brest, France').waitFor();
    await confirm.getByText(/2024/).waitFor();
    await confirm.getByText(/goes to the trash for 30 days/).waitFor();
    expect(await confirm.locator('img').getAttribute('src')).toBe(place.imageUrl);
    expect(await violationsOf('[role=alertdialog]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(MOVED).waitFor();
    await page.getByRole('heading', { name: 'Old lighthouse' }).waitFor({ state: 'detached' });
    expect((await page.request.get(`${suite.site.baseUrl}/en/${place.slug}`)).status()).toBe(404);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trash' }).click();
    await page.waitForURL(`${suite.site.baseUrl}/iladmin/trash`);
    const item = page.getByRole('article', { name: 'Old lighthouse' });
    await item.getByText('Place', { exact: true }).waitFor();
    // the 30 days the dialog promised, not 29
    await item.getByText('30 days left to restore it').waitFor();
    expect(await violationsOf()).toEqual([]);

    await item.getByRole('button', { name: 'Restore Old lighthouse' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'is back' }).first().waitFor();
    await page.getByText('The trash is empty.').waitFor();
    expect((await page.request.get(`${suite.site.baseUrl}/en/${place.slug}`)).status()).toBe(200);
  });

  it("undoes a delete from the delete toast's Undo: the place is back in the list and on the site", async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Delete Old lighthouse' }).click();
    await page.getByRole('alertdialog', { name: 'Delete place' }).getByRole('button', { name: 'Delete' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: MOVED }).first();
    await page.getByRole('heading', { name: 'Old lighthouse' }).waitFor({ state: 'detached' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'is back' }).first().waitFor();
    await page.getByRole('heading', { name: 'Old lighthouse' }).waitFor();
    expect((await page.request.get(`${suite.site.baseUrl}/en/${place.slug}`)).status()).toBe(200);
  });

  it('empties the trash after asking, and the place is gone for good', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Delete Old lighthouse' }).click();
    await page.getByRole('alertdialog', { name: 'Delete place' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(MOVED).waitFor();

    await page.goto(`${suite.site.baseUrl}/iladmin/trash`);
    await page.getByRole('article', { name: 'Old lighthouse' }).waitFor();
    await page.getByRole('button', { name: 'Empty trash' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Empty the trash?' });
    await confirm.getByText(/cannot be undone/).waitFor();
    expect(await violationsOf('[role=alertdialog]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByText('The trash is empty.').waitFor();
    expect((await page.request.get(`${suite.site.baseUrl}${place.imageUrl}`)).status()).toBe(404);
    expect(errors).toEqual([]);
  });
});
