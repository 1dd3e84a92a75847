import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeFacts, placeHistory, revisions, translationFailures } from '../src/server/db/schema';
import { makeHistory, makePlace, makePlaceTranslation } from '../tests/helpers/factories';
import { adminSuite, login } from './helpers';

/**
 * The admin of a site without an AI model (the default offline writer), as a new owner first meets
 * it (issue 41): the sign-in form painted at once, a first dashboard with Upload Photos above the
 * fold, no AI-only action offered, dialogs that promise only what happens, and an admin-styled
 * not-found screen.
 */
describe('the admin without an AI model', () => {
  const suite = adminSuite();

  it('sends the sign-in form itself, so the first paint is the form and not "Loading..."', async () => {
    const page = await suite.newPage();
    const html = await (await page.request.get(`${suite.site.baseUrl}/iladmin/login`)).text();
    expect(html).toContain('Admin Login');
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).not.toContain('Loading...');
    // the browser takes the form over as it is: no error, and signing in works
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await login(page, suite.site.baseUrl);
    expect(errors).toEqual([]);
  });

  it('greets a first visit with "Welcome" and puts Upload Photos above the fold at 1440 and 390 px', async () => {
    for (const mobile of [false, true]) {
      const context = await suite.newContext(mobile ? { mobile } : { viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await login(page, suite.site.baseUrl);
      await page.getByText('Start with Upload Photos', { exact: false }).waitFor();
      expect(await page.getByText('Welcome back').count()).toBe(0);
      // no rows of zero counters on an empty site
      await page.getByText(/^Nothing yet: counts of drafts/).waitFor();
      const upload = page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: /Upload Photos/ });
      const box = (await upload.boundingBox())!;
      expect(box.y + box.height, mobile ? '390 px' : '1440 px').toBeLessThanOrEqual(page.viewportSize()!.height);
      await context.close();
    }
  });

  describe('with places', () => {
    let page: Page;
    let placeId: string;

    beforeAll(async () => {
      const { db } = suite.site;
      const place = await makePlace(db, { title: 'Old harbour', location: 'Brest', country: 'France' });
      placeId = place.id;
      await makePlaceTranslation(db, place.id, 'de');
      // English history with events, and a Spanish one, while the Spanish text is missing
      await makeHistory(db, place.id);
      await makeHistory(db, place.id, 'es');
      await makeHistory(db, place.id, 'de');
      // an empty English trivia row (what pressing Generate Trivia stored before): nothing to translate
      await db.insert(placeFacts).values({ placeId: place.id, languageCode: 'en', hasFacts: 'no', facts: [] });
      ({ page } = await suite.signIn());
    });

    const card = () => page.getByRole('article', { name: 'Old harbour' });

    it('says "Welcome back" once the site has places', async () => {
      await page.goto(`${suite.site.baseUrl}/iladmin`);
      await page.getByText('Welcome back').waitFor();
    });

    it('shows Generate Trivia, Fetch History and Translate disabled, with one sentence on connecting a model', async () => {
      await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
      const note = page.getByText('Generate Trivia, Fetch History and Translate need an AI model', { exact: false });
      await note.waitFor();
      expect(await note.textContent()).toContain('README’s “Configuration” section');
      for (const name of ['Generate Trivia', 'Fetch History', 'Translate']) {
        const button = card().getByRole('button', { name, exact: true });
        expect(await button.isDisabled(), name).toBe(true);
        expect(await button.getAttribute('aria-describedby'), name).toBe('no-model-note');
      }
      // nothing was recorded or marked failed for work not done
      expect(
        await suite.site.db.select().from(translationFailures).where(eq(translationFailures.entityId, placeId)),
      ).toEqual([]);
      expect(await suite.site.db.select().from(revisions).where(eq(revisions.entityId, placeId))).toEqual([]);
      // German is up to date: a place without trivia has no trivia to be outdated in
      await card().getByTitle('German: up to date', { exact: true }).waitFor();
    });

    it('Languages: no machine translation offered, the tab tells text from parts, and the title follows a rename', async () => {
      await card().getByRole('button', { name: 'Languages of Old harbour' }).click();
      const dialog = page.getByRole('dialog', { name: 'Languages: Old harbour' });
      await dialog.waitFor();
      // the Spanish text is missing while its history is written: the tab says which
      const spanish = dialog.getByRole('tab', { name: /Español/ });
      expect(await spanish.textContent()).toContain('text missing');
      await dialog.getByRole('tab', { name: /Deutsch/ }).click();
      const again = dialog.getByRole('button', { name: 'Translate again by machine' });
      expect(await again.isDisabled()).toBe(true);
      await dialog.getByText('Translate again by machine needs an AI model', { exact: false }).waitFor();
      await dialog.getByText('No trivia in English yet, so there is nothing to translate.', { exact: false }).waitFor();

      await dialog.getByRole('tab', { name: /English/ }).click();
      const english = dialog.getByRole('tabpanel');
      await english.getByLabel('Title').fill('Old harbour at dusk');
      await english.getByRole('button', { name: 'Save English text' }).click();
      await page.getByRole('dialog', { name: 'Languages: Old harbour at dusk' }).waitFor();
      await page.keyboard.press('Escape');
      // nothing of history was written by a machine meanwhile
      expect(await suite.site.db.select().from(placeHistory).where(eq(placeHistory.placeId, placeId))).toHaveLength(3);
    });
  });

  it("shows the admin's own not-found screen for an unknown admin address, and /iladmin/cities opens Manage Cities", async () => {
    const { page } = await suite.signIn();
    const response = await page.goto(`${suite.site.baseUrl}/iladmin/nope`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('There is no admin screen at /iladmin/nope.').waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    // not the public site's page: no language switcher, no public footer
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.getByRole('link', { name: 'Manage Cities' }).click();
    await page.getByRole('heading', { name: 'Manage Cities' }).waitFor();

    expect((await page.goto(`${suite.site.baseUrl}/iladmin/cities`))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Manage Cities' }).waitFor();
  });
});
