import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import { adminSuite, seriousViolations } from './helpers';

describe('cities and countries with their places: the dashboard setting and the one-time action (docs/product.md §18)', () => {
  const suite = adminSuite();
  let page: Page;
  let visitor: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    // published before pages were made by themselves: what an existing installation has
    await makePlace(suite.site.db, {
      title: 'Flowering pergola',
      slug: 'flowering-pergola',
      location: 'Madrid',
      country: 'Spain',
      state: 'published',
    });
    await makePlace(suite.site.db, { title: 'Quiet courtyard', location: 'Lyon', country: 'France', state: 'draft' });
    ({ page, consoleErrors } = await suite.signIn());
    visitor = await suite.newPage();
  });

  it('chooses what publishing in a new town does, and keeps the choice', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin`);
    const ask = page.getByRole('radio', { name: /Let me add them/ });
    const create = page.getByRole('radio', { name: /Create them with the place/ });
    await expect.poll(() => ask.isChecked()).toBe(true);
    await create.check();
    await expect
      .poll(() => page.getByText('Cities and countries now appear with their first published place.').count())
      .toBe(1);
    await page.reload();
    await expect.poll(() => create.isChecked()).toBe(true);
    // the other setting was left as it was
    expect(await page.getByRole('radio', { name: /Publish at once/ }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates the missing city and country of published places in one press; drafts are not counted', async () => {
    expect((await visitor.goto(`${suite.site.baseUrl}/en/spain`))?.status()).toBe(404);
    await page.goto(`${suite.site.baseUrl}/iladmin`);
    const action = page.getByRole('button', { name: 'Create the 1 missing city and 1 country' });
    await action.waitFor();
    await action.click();
    await expect
      .poll(() => page.getByText('Created 1 city and 1 country.', { exact: false }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => action.count()).toBe(0);

    expect((await visitor.goto(`${suite.site.baseUrl}/en/countries`))?.status()).toBe(200);
    await visitor.getByRole('link', { name: /Spain/ }).first().click();
    await visitor.waitForURL(`${suite.site.baseUrl}/en/spain`);
    await visitor
      .getByRole('link', { name: /Madrid/ })
      .first()
      .click();
    await visitor.waitForURL(`${suite.site.baseUrl}/en/madrid`);
    await visitor
      .getByRole('link', { name: /Flowering pergola/ })
      .first()
      .waitFor();
    // the draft's town has no page
    expect((await visitor.goto(`${suite.site.baseUrl}/en/lyon`))?.status()).toBe(404);
    expect(consoleErrors.filter((m) => !m.startsWith('Failed to load resource'))).toEqual([]);
  });
});
