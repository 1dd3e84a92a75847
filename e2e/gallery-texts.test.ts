import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities, galleryImages, galleryImageTexts } from '../src/server/db/schema';
import { urlForKey } from '../src/shared/media-names';
import { makeCity } from '../tests/helpers/factories';
import { makeLandscapeJpeg, seedPlaceWithPhoto } from './photo-fixtures';
import { adminSuite, seriousViolations, waitForHydration } from './helpers';

describe('photos described one by one, in the admin and on the place page', () => {
  const suite = adminSuite();
  let page: Page;
  let consoleErrors: string[];
  let place: Awaited<ReturnType<typeof seedPlaceWithPhoto>>;
  let other: Awaited<ReturnType<typeof seedPlaceWithPhoto>>;
  const photoIds: string[] = [];

  beforeAll(async () => {
    const { site } = suite;
    place = await seedPlaceWithPhoto(site, {
      title: 'Belem Tower',
      location: 'Lisbon',
      country: 'Portugal',
      sky: '#60a5fa',
      ground: '#166534',
    });
    other = await seedPlaceWithPhoto(site, {
      title: 'Alfama Streets',
      location: 'Lisbon',
      country: 'Portugal',
      sky: '#f472b6',
      ground: '#78350f',
    });
    for (const [i, colours] of [
      ['#a78bfa', '#365314'],
      ['#fb923c', '#7f1d1d'],
    ].entries()) {
      const key = `web/${randomUUID()}-1000.jpg`;
      await site.app.storage.put(key, await makeLandscapeJpeg(colours[0]!, colours[1]!, `Gallery ${i + 1}`));
      const [row] = await site.db
        .insert(galleryImages)
        .values({ placeId: place.id, imageUrl: urlForKey(key), originalImagePath: null, position: i + 1 })
        .returning();
      photoIds.push(row!.id);
    }
    await makeCity(site.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon', imageUrl: place.imageUrl });
    ({ page, consoleErrors } = await suite.signIn());
  });

  it('writes each photo’s caption and alt text, in English and German, and reorders the photos with the keyboard', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page
      .getByRole('article', { name: 'Belem Tower' })
      .getByRole('button', { name: /^Gallery/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Gallery: Belem Tower' });
    const first = dialog.getByRole('group', { name: 'Photo 1' });
    const second = dialog.getByRole('group', { name: 'Photo 2' });
    await first.getByLabel('Caption').waitFor();

    await first.getByLabel('Caption').fill('The tower from the river');
    await first
      .getByLabel('Alt text (describes the photo for people who cannot see it)')
      .fill('A stone tower in the water');
    await first.getByRole('button', { name: 'Save English' }).click();
    await page.getByText('English caption and alt text saved.', { exact: false }).first().waitFor();

    await first.getByLabel('Language').selectOption({ label: 'German' });
    await first.getByText('Not written yet: visitors read the English.').waitFor();
    await first.getByLabel('Caption').fill('Der Turm vom Fluss aus');
    await first
      .getByLabel('Alt text (describes the photo for people who cannot see it)')
      .fill('Ein Steinturm im Wasser');
    await first.getByRole('button', { name: 'Save German' }).click();
    await page.getByText('German caption and alt text saved.', { exact: false }).first().waitFor();
    await first.getByText('Written by hand; up to date with the English.').waitFor();

    await second.getByLabel('Caption').fill('Sunset over the river');
    await second
      .getByLabel('Alt text (describes the photo for people who cannot see it)')
      .fill('An orange sky over dark hills');
    await second.getByRole('button', { name: 'Save English' }).click();
    await expect
      .poll(async () =>
        (await suite.site.db.select().from(galleryImageTexts))
          .map((row) => `${row.languageCode}:${row.caption}`)
          .sort(),
      )
      .toEqual(['de:Der Turm vom Fluss aus', 'en:Sunset over the river', 'en:The tower from the river']);
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);

    // the keyboard: focus the button, press Enter; focus follows the photo to its new place
    const moveUp = dialog.getByRole('button', { name: 'Move photo 2 up' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Gallery order saved').first().waitFor();
    await expect
      .poll(() => dialog.getByRole('group', { name: 'Photo 1' }).getByLabel('Caption').inputValue())
      .toBe('Sunset over the river');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move photo 1 down');
    expect(await dialog.getByRole('button', { name: 'Move photo 1 up' }).isDisabled()).toBe(true);
    await expect
      .poll(async () =>
        (await suite.site.db.select().from(galleryImages).where(eq(galleryImages.placeId, place.id)))
          .sort((a, b) => a.position - b.position)
          .map((row) => row.id),
      )
      .toEqual([photoIds[1], photoIds[0]]);
    expect(consoleErrors).toEqual([]);
  });

  it('shows each photo with its own alt text and caption on the place page, in the new order and in German', async () => {
    const visitor = await suite.newPage();
    await visitor.goto(`${suite.site.baseUrl}/en/${place.slug}`);
    await waitForHydration(visitor);
    const gallery = visitor.getByRole('group', { name: 'Gallery' });
    const shown = gallery.locator('figure img').first();
    const alts: (string | null)[] = [];
    for (const n of [2, 3]) {
      await gallery.getByRole('button', { name: `${n} / 3` }).click();
      await gallery.getByText(`${n} / 3`, { exact: true }).waitFor();
      alts.push(await shown.getAttribute('alt'));
    }
    expect(alts).toEqual(['An orange sky over dark hills', 'A stone tower in the water']);

    await visitor.goto(`${suite.site.baseUrl}/de/${place.slug}`);
    await waitForHydration(visitor);
    const galerie = visitor.getByRole('group', { name: 'Galerie' });
    await galerie.getByRole('button', { name: '3 / 3' }).click();
    expect(await galerie.locator('figure img').first().getAttribute('alt')).toBe('Ein Steinturm im Wasser');
    await galerie.getByRole('button', { name: 'Im Vollbild ansehen' }).click();
    const viewer = visitor.getByRole('dialog', { name: 'Ein Steinturm im Wasser' });
    await viewer.getByText('Der Turm vom Fluss aus').waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
  });

  it('changes a city’s photo in Edit City by choosing among its places’ photos, with nothing to type', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-cities`);
    const card = page.getByRole('article', { name: 'Lisbon' });
    await card.getByRole('button', { name: 'Edit Lisbon' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit City' });
    await expect.poll(() => edit.getByRole('radio', { name: 'Belem Tower' }).isChecked()).toBe(true);
    expect(await edit.getByRole('textbox', { name: /image|url/i }).count()).toBe(0);
    await edit
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Alfama Streets' }) })
      .click();
    await edit.getByRole('img', { name: 'Preview: Alfama Streets' }).waitFor();
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('City updated successfully').first().waitFor();
    await expect
      .poll(async () => (await suite.site.db.select().from(cities).where(eq(cities.slug, 'lisbon')))[0]?.imageUrl)
      .toBe(other.imageUrl);
    expect(consoleErrors).toEqual([]);
  });
});
