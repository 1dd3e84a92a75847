import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities, cityTranslations, countries, countryTranslations, places } from '../src/server/db/schema';
import { seedPlaceWithPhoto } from './photo-fixtures';
import { adminSuite, axe, login, type RunningSite, watchConsole } from './helpers';

const SHOT_DIR = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'tp-admin-areas-shots');

/** Waits for a toast with this title (and description text, when given). */
async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await toast.first().waitFor();
  if (description) await toast.filter({ hasText: description }).first().waitFor();
}

/** Focus moves a tick after a dialog opens or closes (Radix restores it in a timeout): poll. */
async function expectFocused(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
}

/** Signs in and opens a dashboard card, as the administrator would. */
async function openFromDashboard(page: Page, site: RunningSite, card: 'Manage Cities' | 'Manage Countries') {
  await login(page, site.baseUrl);
  await page.getByRole('link', { name: new RegExp(card) }).click();
  await page.getByRole('heading', { name: card, level: 1 }).waitFor();
}

describe('Manage Cities and Manage Countries', () => {
  const suite = adminSuite();
  const photos: Record<string, string> = {};

  beforeAll(async () => {
    const { site } = suite;
    for (const place of [
      { title: 'Eiffel Tower', location: 'Paris', country: 'France', sky: '#60a5fa', ground: '#166534' },
      { title: 'Louvre Courtyard', location: 'Paris', country: 'France', sky: '#f472b6', ground: '#78350f' },
      { title: 'Fourviere Hill', location: 'Lyon', country: 'France', sky: '#a78bfa', ground: '#365314' },
      { title: 'Fushimi Inari', location: 'Kyoto', country: 'Japan', sky: '#fb923c', ground: '#7f1d1d' },
    ]) {
      photos[place.title] = (await seedPlaceWithPhoto(site, place)).imageUrl;
    }
    // A place whose photo was never stored: its city has nothing to choose from.
    await site.db.insert(places).values({
      title: 'Lost Harbour',
      description: 'No photo yet.',
      imageUrl: '',
      location: 'Atlantis',
      country: 'Japan',
      date: '2020-01-01',
    });
  });
  async function newPage(options: { mobile?: boolean } = {}) {
    const page = await suite.newPage(options);
    return { page, errors: watchConsole(page) };
  }

  it('adds a missing city from a chosen photo, sees it move to Existing, edits it and deletes it', async () => {
    const { page, errors } = await newPage();
    await openFromDashboard(page, suite.site, 'Manage Cities');
    expect(new URL(page.url()).pathname).toBe('/iladmin/edit-cities');
    await page.getByRole('heading', { name: 'Missing Cities (4)' }).waitFor();
    await page.getByRole('heading', { name: 'Existing Cities (0)' }).waitFor();
    await page.getByText('No cities found').waitFor();

    await page.getByRole('button', { name: 'Add City: Paris, France' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add City' });
    await dialog.waitFor();
    // Both photos of Paris are offered, the first is preselected and previewed.
    const first = dialog.getByRole('radio', { name: 'Louvre Courtyard' });
    const second = dialog.getByRole('radio', { name: 'Eiffel Tower' });
    await first.waitFor({ state: 'attached' });
    await expect(dialog.getByRole('radio').count()).resolves.toBe(2);
    await expect(first.isChecked()).resolves.toBe(true);
    await dialog.getByRole('img', { name: 'Preview: Louvre Courtyard' }).waitFor();
    // no AI model: the dialog promises only what will happen
    await dialog
      .getByText('A one-line description of Paris is written from its name and country', { exact: false })
      .waitFor();
    await dialog.getByText('No AI model is connected, so nothing is translated', { exact: false }).waitFor();
    expect(await dialog.getByText(/AI description|translated into all languages/).count()).toBe(0);
    await dialog.getByText('/paris', { exact: true }).waitFor();

    await dialog
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Eiffel Tower' }) })
      .click();
    await expect(second.isChecked()).resolves.toBe(true);
    await dialog.getByRole('img', { name: 'Preview: Eiffel Tower' }).waitFor();
    await dialog.getByRole('button', { name: 'Create City' }).click();

    await expectToast(page, 'City created', 'Paris was created');
    // created, but not translated (no AI model): a yellow warning in plain words, not a green success
    const created = page.locator('[data-sonner-toast]').filter({ hasText: 'City created' }).first();
    await expect(created.getAttribute('data-type')).resolves.toBe('warning');
    const said = (await created.textContent()) ?? '';
    expect(said).toContain('Its translations could not be made: no AI model is set up');
    expect(said).toContain('Ask whoever runs the site to set up an AI model.');
    expect(said).not.toMatch(/AI_PROVIDER|openai|anthropic/);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Missing Cities (3)' }).waitFor();
    await page.getByRole('heading', { name: 'Existing Cities (1)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add City: Paris, France' }).count()).toBe(0);
    const card = page.getByRole('article', { name: 'Paris' });
    await card.getByText('France', { exact: true }).waitFor();
    await card.getByRole('list', { name: 'Languages' }).getByText('EN', { exact: true }).waitFor();

    const [row] = await suite.site.db.select().from(cities).where(eq(cities.name, 'Paris'));
    expect(row).toMatchObject({ country: 'France', slug: 'paris', imageUrl: photos['Eiffel Tower'] });
    expect(row!.description).not.toBe('');
    await card.getByText(row!.description).waitFor();
    // The badges show exactly the translations stored.
    const stored = await suite.site.db.select().from(cityTranslations).where(eq(cityTranslations.cityId, row!.id));
    for (const translation of stored) {
      await card.getByText(translation.languageCode.toUpperCase(), { exact: true }).waitFor();
    }

    // The public city page exists at /en/paris.
    const publicCity = await page.request.get(`${suite.site.baseUrl}/api/cities/by-slug/paris/translations/en`);
    expect(publicCity.status()).toBe(200);

    // Edit
    await card.getByRole('button', { name: 'Edit Paris' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit City' });
    await expect(edit.getByLabel('City Name').inputValue()).resolves.toBe('Paris');
    await expect(edit.getByLabel('Country').inputValue()).resolves.toBe('France');
    // the photo is chosen among the city's places' photos: no address to type
    await expect(edit.getByRole('radio', { name: 'Eiffel Tower' }).isChecked()).resolves.toBe(true);
    expect(await edit.getByRole('textbox', { name: /image|url/i }).count()).toBe(0);
    await edit
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Louvre Courtyard' }) })
      .click();
    await expect(edit.getByLabel('Description').getAttribute('rows')).resolves.toBe('5');
    await edit.getByLabel('Description').fill('The city of light, cafés and long walks along the Seine.');
    await expect(edit.getByLabel('Web address').inputValue()).resolves.toBe('paris');
    await edit
      .getByText("The page's address after /en/. The old address keeps working: it forwards to the new one.")
      .waitFor();
    await edit.getByLabel('Web address').fill('paris-city-of-light');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'City updated successfully');
    await edit.waitFor({ state: 'detached' });
    await expect(card.locator('img').getAttribute('src')).resolves.toBe(photos['Louvre Courtyard']);
    await card.getByText('The city of light, cafés and long walks along the Seine.').waitFor();
    const [edited] = await suite.site.db.select().from(cities).where(eq(cities.id, row!.id));
    expect(edited).toMatchObject({
      description: 'The city of light, cafés and long walks along the Seine.',
      slug: 'paris-city-of-light',
    });

    // Delete: asks first; Cancel keeps the city.
    await card.getByRole('button', { name: 'Delete Paris' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete city?' });
    await confirm.getByText('Are you sure you want to delete "Paris"? Its places are kept.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await suite.site.db.select().from(cities).where(eq(cities.id, row!.id))).toHaveLength(1);

    await card.getByRole('button', { name: 'Delete Paris' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'City moved to the trash', 'Its 2 places were kept.');
    await page.getByRole('heading', { name: 'Existing Cities (0)' }).waitFor();
    await page.getByRole('heading', { name: 'Missing Cities (4)' }).waitFor();
    await page.getByRole('button', { name: 'Add City: Paris, France' }).waitFor();
    expect(await suite.site.db.select().from(cities)).toHaveLength(0);
    expect(await suite.site.db.select().from(places).where(eq(places.location, 'Paris'))).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('shows the server sentence when a city already exists, and refreshes the stale lists', async () => {
    const { page, errors } = await newPage();
    await openFromDashboard(page, suite.site, 'Manage Cities');
    await page.getByRole('button', { name: 'Add City: Lyon, France' }).waitFor();
    // Someone else adds Lyon while this page shows it as missing.
    await suite.site.db.insert(cities).values({
      name: 'Lyon',
      country: 'France',
      slug: 'lyon',
      description: 'Silk and traboules.',
      imageUrl: photos['Fourviere Hill']!,
    });

    await page.getByRole('button', { name: 'Add City: Lyon, France' }).click();
    await page.getByRole('dialog', { name: 'Add City' }).getByRole('button', { name: 'Create City' }).click();
    await expectToast(page, 'Error', 'A city named "Lyon" in France already exists. Edit that city instead.');
    // The failed mutation refetched the lists: Lyon is now listed as existing.
    await page.keyboard.press('Escape');
    await page.getByRole('article', { name: 'Lyon' }).waitFor();
    await page.getByRole('heading', { name: 'Missing Cities (3)' }).waitFor();
    expect(await suite.site.db.select().from(cities).where(eq(cities.name, 'Lyon'))).toHaveLength(1);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });

  it('says "No photos available" and keeps Create City disabled when a city has no photo', async () => {
    const { page } = await newPage();
    await openFromDashboard(page, suite.site, 'Manage Cities');
    await page.getByRole('button', { name: 'Add City: Atlantis, Japan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add City' });
    await dialog.getByText('No photos available').waitFor();
    await expect(dialog.getByRole('button', { name: 'Create City' }).isDisabled()).resolves.toBe(true);
  });

  it('adds a missing country from a photo, sees it move to Existing, edits it and deletes it', async () => {
    const { page, errors } = await newPage();
    await openFromDashboard(page, suite.site, 'Manage Countries');
    await page.getByRole('heading', { name: 'Missing Countries (2)' }).waitFor();
    await page.getByRole('heading', { name: 'Existing Countries (0)' }).waitFor();
    await page.getByText('No countries found').waitFor();

    await page.getByRole('button', { name: 'Add Country: Japan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Country' });
    const photo = dialog.getByRole('radio', { name: 'Fushimi Inari' });
    await photo.waitFor({ state: 'attached' });
    await expect(photo.isChecked()).resolves.toBe(true);
    await dialog.getByText('The country becomes available in the system', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Create Country' }).click();

    await expectToast(page, 'Country created', 'Japan was created');
    await page.getByRole('heading', { name: 'Missing Countries (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Existing Countries (1)' }).waitFor();
    const card = page.getByRole('article', { name: 'Japan' });
    const [row] = await suite.site.db.select().from(countries).where(eq(countries.name, 'Japan'));
    expect(row).toMatchObject({ slug: 'japan', imageUrl: photos['Fushimi Inari'] });
    const stored = await suite.site.db
      .select()
      .from(countryTranslations)
      .where(eq(countryTranslations.countryId, row!.id));
    // One badge per language: the stored translations up to date, the others missing.
    const badges = card.getByRole('list', { name: 'Languages' }).locator('[title]');
    const names: Record<string, string> = { es: 'Spanish', de: 'German', fr: 'French', zh: 'Chinese' };
    await expect(badges.evaluateAll((all) => all.map((badge) => badge.getAttribute('title')))).resolves.toEqual([
      'English: the original text',
      ...['es', 'de', 'fr', 'zh'].map((code) =>
        stored.some((t) => t.languageCode === code)
          ? `${names[code]}: up to date`
          : `${names[code]}: missing (visitors read English)`,
      ),
    ]);

    await card.getByRole('button', { name: 'Edit Japan' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Country' });
    await expect(edit.getByLabel('Country Name').inputValue()).resolves.toBe('Japan');
    // Japan's places have one photo, the one it shows: chosen, and nothing to type
    await expect(edit.getByRole('radio', { name: 'Fushimi Inari' }).isChecked()).resolves.toBe(true);
    expect(await edit.getByRole('textbox', { name: /image|url/i }).count()).toBe(0);
    await expect(edit.getByLabel('Web address').inputValue()).resolves.toBe('japan');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Country updated successfully');
    await edit.waitFor({ state: 'detached' });
    await expect(card.locator('img').getAttribute('src')).resolves.toBe(photos['Fushimi Inari']);

    await card.getByRole('button', { name: 'Delete Japan' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete country?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Country moved to the trash');
    await page.getByRole('heading', { name: 'Existing Countries (0)' }).waitFor();
    await page.getByRole('heading', { name: 'Missing Countries (2)' }).waitFor();
    expect(await suite.site.db.select().from(countries)).toHaveLength(0);
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  });

  it('works from the keyboard: dialogs take focus, trap it, close with Escape and give it back', async () => {
    const { page } = await newPage();
    await openFromDashboard(page, suite.site, 'Manage Countries');
    const add = page.getByRole('button', { name: 'Add Country: France' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Country' });
    await dialog.waitFor();
    const inDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
    await expect.poll(inDialog).toBe(true);
    // Arrow keys move between photos (native radio group).
    await dialog.getByRole('radio').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio').nth(1).isChecked()).resolves.toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      await expect(inDialog()).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(add);

    // Edit: focus starts in the first field and returns to its Edit button on Escape.
    const [iceland] = await suite.site.db
      .insert(countries)
      .values({ name: 'Iceland', slug: 'iceland', description: 'Fire and ice.', imageUrl: photos['Eiffel Tower']! })
      .returning();
    await page.reload();
    const editButton = page.getByRole('button', { name: 'Edit Iceland' });
    await editButton.focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Country' });
    await expectFocused(edit.getByLabel('Country Name'));
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await expectFocused(editButton);

    // Delete: the confirmation starts on Cancel, so Enter alone never deletes.
    const deleteButton = page.getByRole('button', { name: 'Delete Iceland' });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete country?' });
    await expectFocused(confirm.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expectFocused(deleteButton);
    expect(await suite.site.db.select().from(countries).where(eq(countries.id, iceland!.id))).toHaveLength(1);
    await suite.site.db.delete(countries).where(eq(countries.id, iceland!.id));

    // The back button returns to the dashboard.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${suite.site.baseUrl}/iladmin/dashboard`);
  });

  it('has no serious accessibility problems and is laid out for a laptop and a phone', async () => {
    mkdirSync(SHOT_DIR, { recursive: true });
    // An existing country with some translations, so the cards and badges show in the pictures.
    const [japan] = await suite.site.db
      .insert(countries)
      .values({
        name: 'Japan',
        slug: 'japan',
        description: 'Temples, neon cities and mountain villages, from Hokkaido to Okinawa.',
        imageUrl: photos['Fushimi Inari']!,
      })
      .returning();
    await suite.site.db.insert(countryTranslations).values([
      { countryId: japan!.id, languageCode: 'es', name: 'Japón', description: 'Templos y ciudades.' },
      { countryId: japan!.id, languageCode: 'de', name: 'Japan', description: 'Tempel und Städte.' },
    ]);
    for (const mobile of [false, true]) {
      const { page } = await newPage({ mobile });
      const size = mobile ? 'phone' : 'laptop';
      for (const [card, path] of [
        ['Manage Cities', 'cities'],
        ['Manage Countries', 'countries'],
      ] as const) {
        if (path === 'cities') await openFromDashboard(page, suite.site, card);
        else await page.goto(`${suite.site.baseUrl}/iladmin/edit-countries`);
        await page.getByRole('heading', { name: card, level: 1 }).waitFor();
        await page.locator('[role="status"]').first().waitFor({ state: 'detached' });
        await page.screenshot({ path: join(SHOT_DIR, `${path}-${size}.png`), fullPage: true });

        // The toaster's contrast is checked in admin-login.test.ts; here a sign-in toast may still be fading out.
        const results = await axe(page).exclude('[data-sonner-toaster]').analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

        await page
          .getByRole('button', { name: /^Add (City|Country):/ })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: /^Create / }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(SHOT_DIR, `${path}-add-dialog-${size}.png`) });
        const dialogResults = await axe(page).include('[role="dialog"]').analyze();
        expect(
          dialogResults.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
        ).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        const edit = page.getByRole('button', { name: /^Edit / }).first();
        await edit.click();
        await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).waitFor();
        await page.screenshot({ path: join(SHOT_DIR, `${path}-edit-dialog-${size}.png`) });
        await page.keyboard.press('Escape');
      }
      await page.context().close();
    }
  });
});
