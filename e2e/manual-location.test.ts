import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, places } from '../src/server/db/schema';
import { makePhoto } from '../tests/helpers/photos';
import { stripMetadata } from '../tests/helpers/strip-metadata';
import { adminSuite, axe } from './helpers';

describe('Upload screen: setting the location of a photo without GPS', () => {
  let page: Page;
  let consoleErrors: string[];
  let dir: string;

  // the photos to upload: made before the suite's site, removed after it has closed
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-e2e-manual-'));
    // a photo as a messaging app sends it on: its EXIF (and GPS) stripped
    writeFileSync(join(dir, 'from-chat.jpg'), await stripMetadata(await makePhoto({ width: 1200, height: 800 })));
    writeFileSync(join(dir, 'no-gps.jpg'), await makePhoto({ width: 1200, height: 800 }));
    // another photo without GPS (an identical one would be answered as already uploaded)
    writeFileSync(join(dir, 'harbour.jpg'), await makePhoto({ width: 1200, height: 800, seed: 17 }));
    writeFileSync(join(dir, 'riverside.jpg'), await makePhoto({ width: 1200, height: 800, seed: 23 }));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const suite = adminSuite();

  beforeAll(async () => {
    ({ page, consoleErrors } = await suite.signIn());
  });

  it('places a GPS-less photo in the town chosen with the keyboard, and it becomes a place there', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/upload`);
    await page.getByLabel('Photos', { exact: true }).setInputFiles(join(dir, 'from-chat.jpg'));
    // the browser reads the EXIF and offers to set the location
    await page.getByText('No GPS', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Set location' }).waitFor();
    await page.getByText('No location set').waitFor();

    const combobox = page.getByRole('combobox', { name: 'Town or city' });
    expect(await combobox.getAttribute('aria-expanded')).toBe('false');
    await combobox.focus();
    await page.keyboard.type('lodz');
    const listbox = page.getByRole('listbox', { name: 'Matching towns' });
    await listbox.getByRole('option', { name: /^Łódź, Poland/ }).waitFor();
    expect(await combobox.getAttribute('aria-expanded')).toBe('true');
    expect(await combobox.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));

    // Escape closes the list; the arrow key opens it again on the first town
    await page.keyboard.press('Escape');
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    expect(await combobox.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.textContent()).toMatch(/^Łódź, Poland/);
    const scan = await axe(page).include('fieldset').analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    // Enter chooses it (and does not send the form)
    await page.keyboard.press('Enter');
    await page.getByTestId('chosen-location').getByText('Location: Łódź, Poland (51.77058, 19.47395)').waitFor();
    expect(await combobox.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('upload-result').count()).toBe(0);
    expect(await page.getByLabel('Latitude').inputValue()).toBe('51.77058');

    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByText('Successfully uploaded 1 of 1 photo').waitFor();
    const card = page.getByTestId('upload-result');
    await card.getByText('Łódź, Poland', { exact: true }).waitFor();

    const [place] = await suite.site.db.select().from(places);
    expect(place).toMatchObject({ location: 'Łódź', country: 'Poland' });
    const [photo] = await suite.site.db.select().from(photos).where(eq(photos.placeId, place!.id));
    expect(photo).toMatchObject({ locationSource: 'manual', latitude: 51.77058, longitude: 19.47395 });
    // the public place page names the town
    const placePage = await page.context().newPage();
    await placePage.goto(`${suite.site.baseUrl}/en/${place!.slug}`);
    await placePage.getByText('Łódź', { exact: false }).first().waitFor();
    await placePage.close();
    // the form is cleared for the next batch
    expect(await page.getByRole('group', { name: 'Set location' }).count()).toBe(0);
  });

  it('takes typed coordinates, and refuses a photo left without a location as before', async () => {
    await page.getByLabel('Photos', { exact: true }).setInputFiles([join(dir, 'no-gps.jpg')]);
    await page.getByRole('group', { name: 'Set location' }).waitFor();
    await page.getByLabel('Latitude').fill('95');
    await page.getByText('Decimal degrees from -90 to 90').waitFor();
    await page.getByLabel('Latitude').fill('41.8902');
    await page.getByLabel('Longitude').fill('12.4922');
    await page.getByText('Location: coordinates (41.8902, 12.4922)').waitFor();
    await page.getByRole('button', { name: 'Clear location' }).click();
    await page.getByText('No location set').waitFor();

    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByText('Some uploads failed').waitFor();
    await page.getByTestId('upload-result').getByRole('button', { name: 'Set location and retry' }).waitFor();
    expect(await suite.site.db.select().from(places)).toHaveLength(1);

    await page.getByLabel('Photos', { exact: true }).setInputFiles([join(dir, 'no-gps.jpg')]);
    await page.getByLabel('Latitude').fill('41.8902');
    await page.getByLabel('Longitude').fill('12.4922');
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    // the toast of the first test's upload may still show the same words
    await page.getByText('Successfully uploaded 1 of 1 photo').last().waitFor();
    await page.getByTestId('upload-result').getByText('Rome, Italy', { exact: true }).waitFor();
    // Chromium logs the intended 422 of the photo sent without a location; nothing else may appear.
    expect(consoleErrors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  });

  it('retries a photo refused for having no GPS from its card, with a town chosen there', async () => {
    const before = (await suite.site.db.select().from(places)).length;
    await page.getByLabel('Photos', { exact: true }).setInputFiles([join(dir, 'harbour.jpg')]);
    await page.getByRole('group', { name: 'Set location' }).waitFor();
    // sent without a location: refused
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    const card = page.getByTestId('upload-result');
    await card.getByText('Failed', { exact: true }).waitFor();
    const retry = card.getByRole('button', { name: 'Set location and retry' });
    expect(await retry.isDisabled()).toBe(true);

    // the town search is right on the card
    await card.getByRole('combobox', { name: 'Town or city' }).fill('Porto');
    await card
      .getByRole('listbox', { name: 'Matching towns' })
      .getByRole('option', { name: /^Porto, Portugal/ })
      .click();
    await card
      .getByTestId('chosen-location')
      .getByText(/Location: Porto, Portugal/)
      .waitFor();
    await retry.click();

    await card.getByText('Uploaded', { exact: true }).waitFor();
    await card.getByText('Porto, Portugal', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Open in Browser' }).waitFor();
    expect(await card.getByRole('button', { name: 'Set location and retry' }).count()).toBe(0);
    await page.getByText('Results (1 uploaded, 0 failed)').waitFor();
    const after = await suite.site.db.select().from(places);
    expect(after).toHaveLength(before + 1);
    expect(after.some((place) => place.location === 'Porto' && place.country === 'Portugal')).toBe(true);
    expect(consoleErrors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  });

  it('stores the photo in the town chosen in the search, even where the coordinates name another town', async () => {
    // Almada's centre is named Lisbon by the reverse geocoder: the chosen town must win.
    await page.getByLabel('Photos', { exact: true }).setInputFiles([join(dir, 'riverside.jpg')]);
    await page.getByRole('group', { name: 'Set location' }).waitFor();
    await page.getByRole('combobox', { name: 'Town or city' }).fill('Almada');
    await page
      .getByRole('listbox', { name: 'Matching towns' })
      .getByRole('option', { name: /^Almada, Portugal/ })
      .click();
    await page
      .getByTestId('chosen-location')
      .getByText(/Location: Almada, Portugal/)
      .waitFor();
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    const card = page.getByTestId('upload-result');
    await card.getByText('Almada, Portugal', { exact: true }).waitFor();
    const [stored] = await suite.site.db.select().from(places).where(eq(places.location, 'Almada'));
    expect(stored).toMatchObject({ location: 'Almada', country: 'Portugal' });
    expect(await suite.site.db.select().from(places).where(eq(places.location, 'Lisbon'))).toEqual([]);
  });
});
