import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT } from '../src/shared/paging';
import { EDIT_PLACES_DEFAULT_COUNT } from '../src/shared/limits';
import { adminSessions, galleryImages, places } from '../src/server/db/schema';
import { makeFacts, makeHistory, makePlace, makePlaceTranslation } from '../tests/helpers/factories';
import { adminSuite, axe, login } from './helpers';

const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');

/** A real JPEG with camera EXIF, drawn in code. */
function photo(colour: { r: number; g: number; b: number }, width = 1400, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 3}" width="${width / 2}" height="${height / 3}" fill="white" opacity="0.6"/></svg>`,
        ),
      },
    ])
    .withExif({ IFD0: { Make: 'TestCam', Model: 'E2E' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('Edit Places and galleries in the admin', () => {
  const suite = adminSuite();
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    const { site } = suite;
    mkdirSync(SCREENSHOTS, { recursive: true });

    const colours = [
      { r: 200, g: 90, b: 60 },
      { r: 60, g: 140, b: 200 },
      { r: 90, g: 170, b: 90 },
    ];
    const cities = [
      ['Paris', 'France'],
      ['Lyon', 'France'],
      ['Kyoto', 'Japan'],
    ] as const;
    // 12 places: more than the 10 the unfiltered list shows; Kyoto's two are the oldest, taken
    // and uploaded first (the newest photo is the last upload).
    for (let i = 11; i >= 0; i--) {
      const [location, country] = i < 10 ? cities[i % 2]! : cities[2];
      const key = `web/e2e-place-${i}-1000.jpg`;
      await site.app.storage.put(key, await photo(colours[i % 3]!, 1000, 700));
      await makePlace(site.db, {
        title: `${location} sight ${i + 1}`,
        description: `A lovely spot number ${i + 1} in ${location}, worth an afternoon.`,
        location,
        country,
        imageUrl: `/media/${key}`,
        date: `2024-${String(12 - i).padStart(2, '0')}-15`,
      });
    }
    const [first] = await site.db.select().from(places).where(eq(places.title, 'Paris sight 1'));
    await makePlaceTranslation(site.db, first!.id, 'de');
    await makeHistory(site.db, first!.id);
    await makeFacts(site.db, first!.id);

    ({ context, page, consoleErrors } = await suite.signIn());
  });

  const card = (title: string) => page.getByRole('article', { name: title });

  it('opens every section from the dashboard cards', async () => {
    const targets = {
      'Upload Photos': '/iladmin/upload',
      'Edit Places': '/iladmin/edit-places',
      'Manage Cities': '/iladmin/edit-cities',
      'Manage Countries': '/iladmin/edit-countries',
    };
    for (const [name, path] of Object.entries(targets)) {
      await page.goto(`${suite.site.baseUrl}/iladmin`);
      await page.getByRole('link', { name: new RegExp(name) }).click();
      await page.waitForURL(`${suite.site.baseUrl}${path}`);
      if (name === 'Edit Places') {
        await page.getByRole('heading', { name: 'Edit Places', level: 1 }).waitFor();
        await page.getByText('Manage travel destinations').waitFor();
      }
    }
    // the upload screen's 'Edit Places' address opens the same screen
    await page.goto(`${suite.site.baseUrl}/iladmin/places`);
    await page.getByRole('heading', { name: 'Edit Places', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${suite.site.baseUrl}/iladmin`);
  });

  it('shows the latest ten places and filters by city', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('heading', { name: 'All Places (12)' }).waitFor();
    await page.getByText('Showing last 10 places').waitFor();
    expect(await page.getByRole('article').count()).toBe(10);
    // newest first
    await expect(page.getByRole('article').first().getByRole('heading').textContent()).resolves.toBe('Paris sight 1');

    const parisCard = card('Paris sight 1');
    await parisCard.getByText('Paris, France • December 15, 2024').waitFor();
    for (const badge of ['EN', 'DE', '2 events', '1 fact']) await parisCard.getByText(badge, { exact: true }).waitFor();
    await card('Lyon sight 2').getByText('No events', { exact: true }).waitFor();
    await card('Lyon sight 2').getByText('No facts', { exact: true }).waitFor();

    const filter = page.getByLabel('Filter by City');
    const options = await filter.locator('option').allTextContents();
    expect(options).toEqual(['All Places (Last 10)', 'Kyoto, Japan', 'Lyon, France', 'Paris, France']);
    await filter.selectOption('Kyoto, Japan');
    await page.getByText('Showing 2 places from Kyoto, Japan').waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
    await card('Kyoto sight 12').waitFor();

    await page.screenshot({ path: join(SCREENSHOTS, 'edit-places-laptop.png'), fullPage: false });
    await filter.selectOption('all');
    await page.getByText('Showing last 10 places').waitFor();
  });

  it('validates the Edit Place form, saves changes and refetches the list', async () => {
    const [lyon] = await suite.site.db.select().from(places).where(eq(places.title, 'Lyon sight 2'));
    for (const code of ['fr', 'zh']) await makePlaceTranslation(suite.site.db, lyon!.id, code);
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await card('Lyon sight 2').getByText('ZH', { exact: true }).waitFor();
    const edit = card('Lyon sight 2').getByRole('button', { name: 'Edit' });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Place' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Description').getAttribute('rows')).resolves.toBe('4');
    await expect(dialog.getByLabel('Date').getAttribute('type')).resolves.toBe('date');
    await expect(dialog.getByLabel('Date').inputValue()).resolves.toBe('2024-11-15');

    // Escape closes the dialog and gives focus back to the button that opened it
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(edit.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await edit.click();
    await dialog.waitFor();
    // focus stays inside the dialog while tabbing
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    }
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByLabel('Country').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect(await dialog.getByText('Required').count()).toBe(2);
    await expect(dialog.getByLabel('Title').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.screenshot({ path: join(SCREENSHOTS, 'edit-dialog-errors-laptop.png') });

    await dialog.getByLabel('Title').fill('Lyon old town at night');
    await dialog.getByLabel('Country').fill('France');
    await dialog.getByLabel('Date').fill('2025-01-20');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Place updated successfully').waitFor();
    // the new title made the French and Chinese translations outdated: kept until Translate (offline)
    await page
      .getByText(
        'The French and Chinese translations were made from the old text: they are kept and marked outdated. Use Translate to bring them up to date.',
      )
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // newest uploads first: a new date does not move it (sorting by photo date does, below)
    await expect(page.getByRole('article').first().getByRole('heading').textContent()).resolves.toBe('Paris sight 1');
    await card('Lyon old town at night').getByText('Lyon, France • January 20, 2025').waitFor();
    await card('Lyon old town at night').getByTitle('Chinese: outdated (text)', { exact: true }).waitFor();
    const [row] = await suite.site.db.select().from(places).where(eq(places.title, 'Lyon old town at night'));
    expect(row).toMatchObject({ country: 'France', date: '2025-01-20' });
  });

  it("moves a place with Edit Place's town search and gives it a new web address", async () => {
    const [before] = await suite.site.db.select().from(places).where(eq(places.title, 'Paris sight 3'));
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await card('Paris sight 3').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Place' });
    await dialog.waitFor();
    const where = dialog.getByRole('group', { name: 'Where' });
    await expect(where.getByLabel('Latitude').inputValue()).resolves.toBe(String(before!.latitude));
    await expect(dialog.getByLabel('Web address').inputValue()).resolves.toBe(before!.slug);
    await dialog
      .getByText("The page's address after /en/. The old address keeps working: it forwards to the new one.")
      .waitFor();

    // choosing a town fills location and country; the map position stays the photo's, and the dialog says so
    await where.getByRole('combobox', { name: 'Town or city' }).fill('Sintra');
    await where
      .getByRole('listbox', { name: 'Matching towns' })
      .getByRole('option', { name: /^Sintra, Portugal/ })
      .click();
    await expect(where.getByLabel('Location').inputValue()).resolves.toBe('Sintra');
    await expect(where.getByLabel('Country').inputValue()).resolves.toBe('Portugal');
    await expect(where.getByLabel('Latitude').inputValue()).resolves.toBe(String(before!.latitude));
    await expect(where.getByLabel('Longitude').inputValue()).resolves.toBe(String(before!.longitude));
    await where
      .getByText(
        `The map position stays at ${before!.latitude}, ${before!.longitude}, where the photo was taken: choosing a town changes only the town's name. Type new coordinates to move it.`,
      )
      .waitFor();
    // typed coordinates move it, and the dialog says where to
    await where.getByLabel('Latitude').fill('38.80097');
    await where.getByLabel('Longitude').fill('-9.37826');
    await where.getByText('Saving moves the place on the map to 38.80097, -9.37826.').waitFor();
    const scan = await axe(page).include('[role="dialog"]').analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // a latitude off the Earth and a longitude alone are refused in plain words, nothing is sent
    await where.getByLabel('Latitude').fill('95');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Latitude must be a number from -90 to 90, such as 38.80097.').waitFor();
    await expect(where.getByLabel('Latitude').getAttribute('aria-invalid')).resolves.toBe('true');
    await where.getByLabel('Latitude').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Enter both latitude and longitude, or leave both empty to keep the position.').waitFor();
    await where.getByLabel('Latitude').fill('38.80097');

    // a web address the site uses itself: the server's sentence, the dialog stays open
    await dialog.getByLabel('Web address').fill('search');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('“search” is one of the site’s own addresses. Choose another web address.').waitFor();
    await dialog.getByLabel('Web address').fill('sintra-old-town-walk');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const [after] = await suite.site.db.select().from(places).where(eq(places.id, before!.id));
    expect(after).toMatchObject({
      location: 'Sintra',
      country: 'Portugal',
      latitude: 38.80097,
      longitude: -9.37826,
      slug: 'sintra-old-town-walk',
    });
    // the old address forwards to the new one
    const old = await fetch(`${suite.site.baseUrl}/en/${before!.slug}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/en/sintra-old-town-walk');
    await card('Paris sight 3').getByText('Sintra, Portugal', { exact: false }).waitFor();
    // Chromium logs the intended 400 of the refused address; nothing else may appear
    expect(consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    consoleErrors.length = 0;
  });

  it('asks before deleting a place and removes it', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('heading', { name: 'All Places (12)' }).waitFor();
    await card('Paris sight 3').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete "Paris sight 3"?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card('Paris sight 3').waitFor();

    await card('Paris sight 3').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Moved to the trash. You can restore it for 30 days from Trash.').waitFor();
    await page.getByRole('heading', { name: 'All Places (11)' }).waitFor();
    await card('Paris sight 3').waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('places-heading');
    expect(await suite.site.db.select().from(places).where(eq(places.title, 'Paris sight 3'))).toHaveLength(0);
  });

  it('uploads two images to a gallery one at a time and deletes one', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    const target = card('Paris sight 5');
    // The count is what the place page shows: the cover, then the gallery; its title says so.
    const galleryButton = target.getByRole('button', { name: 'Gallery (1)', exact: true });
    await expect(galleryButton.getAttribute('title')).resolves.toBe('1 photo on the place page: the cover');
    await galleryButton.click();
    const dialog = page.getByRole('dialog', { name: 'Gallery: Paris sight 5' });
    await dialog.getByText('No images in gallery').waitFor();
    await dialog.getByText('Upload your first image to get started').waitFor();

    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'sunrise.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 240, g: 170, b: 60 }) },
      // smaller than a place's photo must be: kept, with a warning
      { name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 120, g: 60, b: 160 }, 800, 533) },
    ]);
    await page.getByText('Upload complete').waitFor();
    await page.getByText('Successfully uploaded 2 of 2 images').waitFor();
    await page.getByText('Small image', { exact: true }).waitFor();
    await page.getByText(/^sunset\.jpg: This image is only 800 × 533 pixels .* upload the original photo\.$/).waitFor();
    await expect(dialog.getByRole('img').count()).resolves.toBe(2);
    // the list behind the dialog was refetched: the count in the dialog comes from it
    await dialog.getByText('3 photos on the place page: the cover and 2 gallery photos', { exact: false }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'gallery-laptop.png') });

    // a file that only pretends to be an image is refused and reported
    await dialog
      .locator('input[type=file]')
      .setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo') }]);
    await page.getByText('Some uploads failed').waitFor();
    await page.getByText('Successfully uploaded 0 of 1 image').waitFor();
    await page.getByText(/1 image failed to upload \(notes\.jpg: .*not a supported image/).waitFor();
    await expect(dialog.getByRole('img').count()).resolves.toBe(2);

    await dialog.getByRole('button', { name: 'Delete gallery image 1' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this image?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Moved to the trash. You can restore it for 30 days from Trash.').waitFor();
    await expect.poll(() => dialog.getByRole('img').count()).toBe(1);
    await dialog.getByText('2 photos on the place page: the cover and 1 gallery photo', { exact: false }).waitFor();

    const [place] = await suite.site.db.select().from(places).where(eq(places.title, 'Paris sight 5'));
    expect(await suite.site.db.select().from(galleryImages).where(eq(galleryImages.placeId, place!.id))).toHaveLength(
      1,
    );

    const violations = (await axe(page).include('[role=dialog]').analyze()).violations;
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await target.getByRole('button', { name: 'Gallery (2)' }).waitFor();
    await expect(
      target.getByRole('button', { name: 'Gallery (2)' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);

    // The place page counts the same photos.
    const visitor = await context.newPage();
    await visitor.goto(`${suite.site.baseUrl}/en/${place!.slug}`);
    await visitor.getByRole('link', { name: 'Gallery (2)' }).waitFor();
    await visitor.close();
  });

  it('edits the full article and picks the cover among the place photos; the place page shows both', async () => {
    const [paris] = await suite.site.db.select().from(places).where(eq(places.title, 'Paris sight 7'));
    const key = 'web/e2e-gallery-sunrise-1000.jpg';
    await suite.site.app.storage.put(key, await photo({ r: 240, g: 170, b: 60 }, 1000, 700));
    await suite.site.db
      .insert(galleryImages)
      .values({ placeId: paris!.id, imageUrl: `/media/${key}`, originalImagePath: null });

    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    const target = card('Paris sight 7');
    await target.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Place' });
    const cover = dialog.getByRole('group', { name: 'Cover photo' });
    await expect.poll(() => cover.getByRole('radio').count()).toBe(2);
    expect(await cover.getByRole('radio', { name: 'Current cover' }).isChecked()).toBe(true);
    await expect(dialog.getByLabel('Full article').inputValue()).resolves.toBe(paris!.fullDescription);
    // No address to type: the administrator clicks the photo.
    expect(await dialog.getByLabel('Image URL').count()).toBe(0);
    await cover.getByRole('img', { name: 'Gallery photo 1' }).click();
    expect(await cover.getByRole('radio', { name: 'Gallery photo 1' }).isChecked()).toBe(true);
    await cover.screenshot({ path: join(SCREENSHOTS, 'edit-dialog-cover-laptop.png') });
    await dialog
      .getByLabel('Full article')
      .fill('Walk the quays at first light, then climb to Montmartre for the view.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Place updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => target.locator('img').first().getAttribute('src')).toBe(`/media/${key}`);

    const visitor = await context.newPage();
    await visitor.goto(`${suite.site.baseUrl}/en/${paris!.slug}`);
    await visitor.getByText('Walk the quays at first light, then climb to Montmartre for the view.').waitFor();
    expect(await visitor.locator('main img').first().getAttribute('src')).toBe(`/media/${key}`);
    // The old cover moved into the gallery: still two photos on both sides.
    await visitor.getByRole('link', { name: 'Gallery (2)' }).waitFor();
    await target.getByRole('button', { name: 'Gallery (2)' }).waitFor();
    await visitor.close();
  });

  it('looks finished on a phone', async () => {
    const phone = await suite.newContext({ mobile: true });
    const mobilePage = await phone.newPage();
    await login(mobilePage, suite.site.baseUrl);
    await mobilePage.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await mobilePage.screenshot({ path: join(SCREENSHOTS, 'dashboard-phone.png'), fullPage: true });
    await mobilePage.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await mobilePage.getByRole('heading', { name: 'All Places (11)' }).waitFor();
    await mobilePage.screenshot({ path: join(SCREENSHOTS, 'edit-places-phone.png'), fullPage: true });
    const overflow = await mobilePage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await mobilePage.getByRole('article', { name: 'Paris sight 1' }).getByRole('button', { name: 'Edit' }).click();
    await mobilePage.getByRole('dialog', { name: 'Edit Place' }).waitFor();
    await mobilePage.screenshot({ path: join(SCREENSHOTS, 'edit-dialog-phone.png') });
    await mobilePage.keyboard.press('Escape');
    await mobilePage
      .getByRole('article', { name: 'Paris sight 5' })
      .getByRole('button', { name: 'Gallery (2)' })
      .click();
    await mobilePage.getByRole('dialog', { name: 'Gallery: Paris sight 5' }).getByRole('img').waitFor();
    await mobilePage.screenshot({ path: join(SCREENSHOTS, 'gallery-phone.png') });
    await phone.close();

    const violations = (await axe(page).analyze()).violations;
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
    // the only failed request is the refused fake image
    expect(consoleErrors.filter((e) => !e.includes('status of 415'))).toEqual([]);
  });

  it("pages a city with more places than one page: 'Load more' loads the rest", async () => {
    // 30 places in Osaka, taken before all others but uploaded after them (the oldest photo
    // first); more than one page of the city (24).
    const count = PAGE_SIZE_DEFAULT + 6;
    for (let i = count - 1; i >= 0; i--) {
      await makePlace(suite.site.db, {
        title: `Osaka sight ${i + 1}`,
        location: 'Osaka',
        country: 'Japan',
        imageUrl: `/media/web/e2e-place-${i % 3}-1000.jpg`,
        date: `2023-12-${String(31 - i).padStart(2, '0')}`,
      });
    }
    // 'Osaka sight 1' would also name 'Osaka sight 10' and the like
    const osaka = (title: string) => page.getByRole('article', { name: title, exact: true });
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/places-with-translations') requested.push(url.search);
    });

    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('heading', { name: `All Places (${11 + count})` }).waitFor();
    await page.getByText('Showing last 10 places').waitFor();
    expect(await page.getByRole('article').count()).toBe(10);
    // 'all' asks the server for the latest ten uploads, then ten more at a time
    expect(requested).toEqual([`?limit=${EDIT_PLACES_DEFAULT_COUNT}&sort=uploaded`]);
    await osaka('Osaka sight 1').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('Showing last 20 places').waitFor();
    await osaka('Osaka sight 20').waitFor();
    expect(new URLSearchParams(requested[1]).has('cursor')).toBe(true);
    requested.length = 1;

    const filter = page.getByLabel('Filter by City');
    expect(await filter.locator('option').allTextContents()).toEqual([
      'All Places (Last 10)',
      'Kyoto, Japan',
      'Lyon, France',
      'Osaka, Japan',
      'Paris, France',
    ]);
    await filter.selectOption('Osaka, Japan');
    // the line names all of the city's places, the list shows its first page
    await page.getByText(`Showing ${count} places from Osaka, Japan`).waitFor();
    await osaka('Osaka sight 1').waitFor();
    // the list of all places stays on screen until the city's first page has come
    await expect.poll(() => page.getByRole('article').count(), { timeout: 5000 }).toBe(PAGE_SIZE_DEFAULT);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.waitFor();

    await loadMore.click();
    await osaka(`Osaka sight ${count}`).waitFor();
    await loadMore.waitFor({ state: 'detached' });
    const titles = await page.getByRole('article').getByRole('heading').allTextContents();
    // every place of the city once, newest first
    expect(titles).toEqual(Array.from({ length: count }, (_, i) => `Osaka sight ${i + 1}`));
    // the first card just loaded has the focus, since the button is gone
    await expect(
      osaka(`Osaka sight ${PAGE_SIZE_DEFAULT + 1}`).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    // the second page followed the first page's Link header: the same city, and a cursor
    const pages = requested.slice(1).map((search) => new URLSearchParams(search));
    expect(pages.map((search) => [search.get('location'), search.get('country'), search.has('cursor')])).toEqual([
      ['Osaka', 'Japan', false],
      ['Osaka', 'Japan', true],
    ]);

    // a mutation refreshes every loaded page: deleting one of the second page keeps the rest
    await osaka(`Osaka sight ${count}`).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Showing ${count - 1} places from Osaka, Japan`).waitFor();
    await page.getByRole('heading', { name: `All Places (${10 + count})` }).waitFor();
    await osaka(`Osaka sight ${count}`).waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(count - 1);

    const violations = (await axe(page).analyze()).violations;
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
    expect(consoleErrors.filter((e) => !e.includes('status of 415'))).toEqual([]);
  });

  it('shows an old photo uploaded last on top, sorts by photo date and searches by title or place', async () => {
    await makePlace(suite.site.db, {
      title: 'Harbour at dawn',
      description: 'A photo taken long ago, uploaded today.',
      location: 'Porto',
      country: 'Portugal',
      imageUrl: '/media/web/e2e-place-0-1000.jpg',
      date: '2008-04-12',
    });
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByText('Showing last 10 places').waitFor();
    const firstTitle = () => page.getByRole('article').first().getByRole('heading').textContent();
    await expect(firstTitle()).resolves.toBe('Harbour at dawn');

    const sort = page.getByLabel('Sort by');
    expect(await sort.locator('option').allTextContents()).toEqual([
      'Newest uploads first',
      'Newest photos first (date taken)',
    ]);
    await sort.selectOption('taken');
    await card('Harbour at dawn').waitFor({ state: 'detached' });
    // the place whose date an earlier test set to 2025-01-20
    await expect(firstTitle()).resolves.toBe('Lyon old town at night');

    const search = page.getByLabel('Search places');
    await search.fill('HARBOUR');
    await page.getByText('Showing 1 place matching "HARBOUR"').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await search.fill('porto');
    await card('Harbour at dawn').waitFor();
    await search.fill('kyoto');
    await page.getByText('Showing 2 places matching "kyoto"').waitFor();
    expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual([
      'Kyoto sight 11',
      'Kyoto sight 12',
    ]);
    await search.fill('atlantis');
    await page.getByText('No places found matching "atlantis"').waitFor();
    await search.fill('');
    await page.getByText('Showing last 10 places').waitFor();
  });

  it('sends the administrator to login once the session is gone', async () => {
    const fresh = await suite.newContext();
    const other = await fresh.newPage();
    await login(other, suite.site.baseUrl);
    await other.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await other.getByRole('heading', { name: 'Edit Places', level: 1 }).waitFor();
    // the session ends on the server (expired or signed out elsewhere)
    await suite.site.db.delete(adminSessions);
    await other.getByRole('link', { name: 'Back' }).click();
    await other.waitForURL(`${suite.site.baseUrl}/iladmin/login`);
    await fresh.close();
  });
});
