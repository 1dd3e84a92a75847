import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryImages, places } from '../src/server/db/schema';
import { makePhoto } from '../tests/helpers/photos';
import { adminSuite, seriousViolations } from './helpers';

/** `metres` north of a point (one degree of latitude is 111.2 km). */
const north = (at: { latitude: number; longitude: number }, metres: number) => ({
  latitude: at.latitude + metres / 111_195,
  longitude: at.longitude,
});
const PERGOLA = { latitude: 40.4125, longitude: -3.6828 }; // the Rosaleda of the Retiro, Madrid

describe('Upload screen: photos of one spot become one place', () => {
  let page: Page;
  let consoleErrors: string[];
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-e2e-grouping-'));
    const photo = (gps: { latitude: number; longitude: number }) => makePhoto({ gps, width: 1200, height: 900 });
    writeFileSync(join(dir, 'pergola-1.jpg'), await photo(PERGOLA));
    writeFileSync(join(dir, 'pergola-2.jpg'), await photo(north(PERGOLA, 30)));
    writeFileSync(join(dir, 'lake.jpg'), await photo(north(PERGOLA, 500)));
    writeFileSync(join(dir, 'pergola-3.jpg'), await photo(north(PERGOLA, 10)));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const suite = adminSuite();
  beforeAll(async () => {
    ({ page, consoleErrors } = await suite.signIn());
  });

  const placeRows = () => suite.site.db.select().from(places);
  const galleryOf = (placeId: string) =>
    suite.site.db.select().from(galleryImages).where(eq(galleryImages.placeId, placeId));

  it('sets the grouping distance on the dashboard', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin`);
    const field = page.getByLabel('Group photos within (metres)');
    // the harness turns grouping off for the other browser tests; the product's default is 100 m
    await expect.poll(() => field.inputValue()).toBe('0');
    await field.fill('100');
    await page.getByRole('button', { name: 'Save distance' }).click();
    await page.getByText('Photos taken within 100 m of a place now join its gallery.').waitFor();
  });

  it('adds a photo taken 30 m from another to its gallery, shows it, and makes it a new place on request', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/upload`);
    await page
      .getByLabel('Photos')
      .setInputFiles(['pergola-1.jpg', 'pergola-2.jpg', 'lake.jpg'].map((name) => join(dir, name)));
    await page.getByRole('button', { name: 'Upload 3 Photos' }).click();
    await page.getByText('Successfully uploaded 3 of 3 photos').waitFor();

    // two places: the pergola (with the second photo in its gallery) and the lake, 500 m away in the same town
    const rows = await placeRows();
    expect(rows).toHaveLength(2);
    const pergola = rows.find((row) => Math.abs(row.latitude! - PERGOLA.latitude) < 0.0001)!;
    expect(await galleryOf(pergola.id)).toHaveLength(1);

    const cards = page.getByTestId('upload-result');
    const grouped = cards.filter({ hasText: 'pergola-2.jpg' });
    await grouped.getByText('Added to a gallery').waitFor();
    await grouped.getByText(`Added to the gallery of ${pergola.title} (taken 30 m from it).`).waitFor();
    // the batch says which photos were grouped, and with what
    const summary = page.getByRole('list', { name: 'Photos added to a gallery' });
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([`pergola-2.jpg → ${pergola.title}`]);
    expect(await seriousViolations(page, 'section[aria-label="Upload results"]')).toEqual([]);

    await grouped.getByRole('button', { name: 'Make it a new place instead' }).click();
    await page.getByText('pergola-2.jpg is a place of its own now.').waitFor();
    await grouped.getByText('New place made').waitFor();
    expect(await grouped.getByText('Madrid, Spain', { exact: true }).count()).toBe(1);
    expect(await placeRows()).toHaveLength(3);
    expect(await galleryOf(pergola.id)).toEqual([]);
    expect(await page.getByRole('list', { name: 'Photos added to a gallery' }).count()).toBe(0);
  });

  it('offers the nearest places as targets, and adds the photo to the one chosen', async () => {
    const lake = (await placeRows()).find((row) => Math.abs(row.latitude! - north(PERGOLA, 500).latitude) < 0.0001)!;
    await page.getByRole('button', { name: 'Dismiss All' }).click();
    await page.getByLabel('Photos').setInputFiles([join(dir, 'pergola-3.jpg')]);
    await page.getByRole('button', { name: 'Place for this photo' }).click();
    const select = page.getByLabel('Place for pergola-3.jpg');
    await page.getByText('The nearest places within 2 km, drafts too.').waitFor();
    const options = await select.locator('option').allTextContents();
    expect(options[0]).toBe('The nearest place within 100 m, else a new place');
    expect(options[1]).toBe('A new place');
    // the three places of the spot, nearest first: the pergola (10 m), the second pergola photo's place (20 m), the lake
    expect(options.slice(2)).toHaveLength(3);
    expect(options[4]).toBe(`Gallery of “${lake.title}” (Madrid) · 490 m`);
    await select.selectOption({ label: options[4]! });
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByText('Successfully uploaded 1 of 1 photo').waitFor();
    await page.getByText(`Added to the gallery of ${lake.title} (taken 490 m from it).`).waitFor();
    expect(await galleryOf(lake.id)).toHaveLength(1);
    expect(await placeRows()).toHaveLength(3);
    expect(consoleErrors).toEqual([]);
  });
});
