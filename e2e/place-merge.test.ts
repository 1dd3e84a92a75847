import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, axe } from './helpers';
import { seedPlaceWithPhoto } from './photo-fixtures';

describe('merging two places in the admin', () => {
  const suite = adminSuite();
  let page: Page;
  let errors: string[];
  let source: { slug: string | null };
  let target: { slug: string | null };

  beforeAll(async () => {
    const madrid = { location: 'Madrid', country: 'Spain' };
    source = await seedPlaceWithPhoto(suite.site, {
      title: 'Pergola in bloom',
      ...madrid,
      sky: '#8ac',
      ground: '#7a4',
    });
    target = await seedPlaceWithPhoto(suite.site, { title: 'Retiro pergola', ...madrid, sky: '#9bd', ground: '#6a3' });
    await seedPlaceWithPhoto(suite.site, {
      title: 'Harbour of Porto',
      location: 'Porto',
      country: 'Portugal',
      sky: '#579',
      ground: '#345',
    });
    ({ page, consoleErrors: errors } = await suite.signIn());
  });

  it('merges a place into the one the owner chooses, forwards its address, and undoes it from History', async () => {
    const base = suite.site.baseUrl;
    await page.goto(`${base}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Merge Pergola in bloom into another place' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge “Pergola in bloom” into another place' });
    // the same town's places are offered first; the place itself is not
    const choice = dialog.getByRole('radio', { name: /Retiro pergola/ });
    await choice.waitFor();
    expect(await dialog.getByRole('radio', { name: /Pergola in bloom/ }).count()).toBe(0);
    // a search finds a place of another town
    await dialog.getByRole('searchbox', { name: 'Find the place to merge into' }).fill('Porto');
    await dialog.getByRole('radio', { name: /Harbour of Porto/ }).waitFor();
    await dialog.getByRole('searchbox', { name: 'Find the place to merge into' }).fill('');
    await choice.check();
    const violations = (await axe(page).include('[role=dialog]').analyze()).violations;
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Merge into “Retiro pergola”' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Places merged' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Pergola in bloom' }).waitFor({ state: 'detached' });

    // a visitor at the merged place's address lands on the place that remains
    const visitor = await suite.newPage();
    await visitor.goto(`${base}/de/${source.slug}`);
    expect(new URL(visitor.url()).pathname).toBe(`/de/${target.slug}`);
    await visitor.close();

    await page.getByRole('button', { name: 'Versions of Retiro pergola' }).click();
    const history = page.getByRole('dialog', { name: 'Versions of Retiro pergola' });
    const newest = history.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem').first();
    await newest.getByText('Merged “Pergola in bloom” into this place').waitFor();
    await newest.getByRole('button', { name: 'Undo merge' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Undo this merge?' });
    await confirm.getByRole('button', { name: 'Undo merge' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Merge undone' }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('article', { name: 'Pergola in bloom' }).waitFor();
    const back = await page.request.get(`${base}/en/${source.slug}`, { maxRedirects: 0 });
    expect(back.status()).toBe(200);
    expect(errors).toEqual([]);
  });
});
