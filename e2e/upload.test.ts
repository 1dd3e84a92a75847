import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeFacts, placeHistory, places } from '../src/server/db/schema';
import { makePhoto } from '../tests/helpers/photos';
import { adminSuite, axe } from './helpers';

describe('Upload screen', () => {
  let page: Page;
  let consoleErrors: string[];
  let dir: string;

  // the photos to upload: made before the suite's site, removed after it has closed
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-e2e-photos-'));
    writeFileSync(
      join(dir, 'eiffel.jpg'),
      await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, width: 1200, height: 900 }),
    );
    writeFileSync(
      join(dir, 'colosseum.jpg'),
      await makePhoto({ gps: { latitude: 41.8902, longitude: 12.4922 }, width: 1200, height: 900 }),
    );
    writeFileSync(join(dir, 'no-gps.jpg'), await makePhoto({ width: 1200, height: 800 }));
    writeFileSync(join(dir, 'small-no-gps.jpg'), await makePhoto({ width: 450, height: 600 }));
    writeFileSync(
      join(dir, 'thumbnail.jpg'),
      await makePhoto({ gps: { latitude: 41.9009, longitude: 12.4833 }, width: 100, height: 68 }),
    );
    writeFileSync(
      join(dir, 'eiffel-source.webp'),
      await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, width: 400, height: 300, format: 'webp' }),
    );
    // a HEIC straight from libheif (the committed fixture), as the EXIF source
    writeFileSync(
      join(dir, 'shibuya-source.heic'),
      readFileSync(join(import.meta.dirname, '..', 'tests', 'fixtures', 'shibuya-gps.heic')),
    );
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const suite = adminSuite();

  beforeAll(async () => {
    ({ page, consoleErrors } = await suite.signIn());
  });

  it('uploads two photos one after the other and shows a result card for each', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/upload`);
    const button = page.getByRole('button', { name: /Upload.*Photo/ });
    expect(await button.isDisabled()).toBe(true);
    await page.getByText('Images are resized to 1000px width', { exact: false }).waitFor();
    // the size limit is the server's configuration (MAX_UPLOAD_MB, 40 by default), not fixed text
    await page.getByText('HEIC/HEIF photos are accepted, up to 40 MB each.').waitFor();
    await page.getByText('Photos need at least 1,000 pixels on the long side', { exact: false }).waitFor();

    await page.getByLabel('Photos').setInputFiles([join(dir, 'eiffel.jpg'), join(dir, 'colosseum.jpg')]);
    await page.getByText('2 photos selected').waitFor();
    await page.getByLabel('Shared story (optional)').fill('A long weekend of famous sights.');
    // the Colosseum gets a story of its own; the Eiffel Tower keeps the shared one
    const selected = page.getByRole('list', { name: 'Selected photos' });
    const own = selected.getByRole('listitem').filter({ hasText: 'colosseum.jpg' });
    const toggle = own.getByRole('button', { name: 'Story for this photo' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByLabel('Story for colosseum.jpg').fill('Gladiators once fought here; now the cats rule.');
    await own.getByRole('button', { name: 'Story for this photo (written)' }).waitFor();
    const scan = await axe(page).include('form').analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    // no AI model: nothing would write history or trivia, so neither is offered (one sentence says why)
    for (const label of ['Generate Historical Events', 'Generate Trivia Facts']) {
      expect(await page.getByLabel(label).isDisabled()).toBe(true);
      expect(await page.getByLabel(label).isChecked()).toBe(false);
    }
    await page.getByText('Generate Historical Events and Generate Trivia Facts need an AI model').waitFor();
    expect(await page.getByLabel('Story (optional)').getAttribute('placeholder')).not.toContain('AI');
    await page.getByRole('button', { name: 'Upload 2 Photos' }).click();

    await page.getByText('Upload complete').waitFor();
    await page.getByText('Successfully uploaded 2 of 2 photos').waitFor();
    const cards = page.getByTestId('upload-result');
    expect(await cards.count()).toBe(2);
    await cards.nth(0).getByText('Paris, France', { exact: true }).waitFor();
    await cards.nth(1).getByText('Rome, Italy', { exact: true }).waitFor();
    const open = cards.nth(0).getByRole('link', { name: 'Open in Browser' });
    // offline, the place is named by what the photo shows, not by a sentence of the story
    expect(await open.getAttribute('href')).toBe('/en/eiffel-tower');
    expect(await open.getAttribute('target')).toBe('_blank');
    // the thumbnails come from the server
    const thumbnail = cards.nth(0).getByRole('img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    const stored = await suite.site.db.select().from(places);
    expect(stored).toHaveLength(2);
    const article = (location: string) => stored.find((place) => place.location === location)?.fullDescription;
    expect(article('Paris')).toMatch(/^A long weekend of famous sights\./);
    expect(article('Rome')).toMatch(/^Gladiators once fought here; now the cats rule\./);
    expect(article('Rome')).not.toContain('A long weekend');
    // nothing asked for history or facts, so nothing was stored or announced
    expect(await suite.site.db.select().from(placeHistory)).toHaveLength(0);
    expect(await suite.site.db.select().from(placeFacts)).toHaveLength(0);
    expect(await page.getByText('No events found').count()).toBe(0);
    // the form is cleared for the next batch
    expect(await page.getByLabel('Story (optional)').inputValue()).toBe('');
    expect(await page.getByLabel('Story for colosseum.jpg').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit Places' }).getAttribute('href')).toBe('/iladmin/edit-places');

    await page.getByRole('button', { name: 'Dismiss All' }).click();
    expect(await cards.count()).toBe(0);
  });

  it('shows the EXIF of a photo without GPS and marks it failed', async () => {
    await page.getByLabel('Photos').setInputFiles([join(dir, 'no-gps.jpg')]);
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByText('Some uploads failed').waitFor();
    const card = page.getByTestId('upload-result');
    await card.getByText('Failed').waitFor();
    // what to do comes first; the raw EXIF waits behind a disclosure
    await card.getByRole('button', { name: 'Set location and retry' }).waitFor();
    expect(await page.getByText('No GPS position in no-gps.jpg').count()).toBe(0);
    const details = card.getByRole('button', { name: 'Show photo details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    await page.getByText('No GPS position in no-gps.jpg').waitFor();
    await page.getByText('GPS Data Not Found').waitFor();
    await page.getByText('Examplecam X100').waitFor();
    await card.getByRole('button', { name: 'Dismiss', exact: true }).click();
    expect(await page.getByText('No GPS position in no-gps.jpg').count()).toBe(0);
  });

  it('takes the position from an EXIF source photo, GPS fields first', async () => {
    await page.getByLabel('EXIF source photo (optional)').setInputFiles(join(dir, 'shibuya-source.heic'));
    await page.getByText('GPS Data Found').waitFor();
    const firstField = page.locator('[data-gps]').first().locator('dt');
    expect(await firstField.textContent()).toBe('latitude');
    await page.getByLabel('Photos').setInputFiles([join(dir, 'no-gps.jpg')]);
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByText('Successfully uploaded 1 of 1 photo').waitFor();
    await page.getByTestId('upload-result').getByText('Tokyo, Japan', { exact: true }).waitFor();
    // Chromium logs the intended 422 for the photo without GPS; nothing else may appear.
    expect(consoleErrors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  });

  it('reads the GPS of a WebP EXIF source photo in the browser', async () => {
    await page.getByLabel('EXIF source photo (optional)').setInputFiles(join(dir, 'eiffel-source.webp'));
    await page.getByText('GPS Data Found').waitFor();
    const latitude = page.locator('[data-gps]').first();
    expect(await latitude.locator('dt').textContent()).toBe('latitude');
    expect(Number(await latitude.locator('dd').textContent())).toBeCloseTo(48.8584, 3);
  });

  it('refuses a thumbnail and says to choose the original photo', async () => {
    // a fresh screen: no toast of the tests before
    await page.goto(`${suite.site.baseUrl}/iladmin/upload`);
    const before = (await suite.site.db.select().from(places)).length;
    await page.getByLabel('Photos').setInputFiles([join(dir, 'thumbnail.jpg')]);
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByText('Some uploads failed').waitFor();
    const card = page.getByTestId('upload-result');
    await card.getByText('Failed').waitFor();
    await card
      .getByText(
        'This photo is 100 × 68 pixels. Photos need at least 1,000 pixels on the long side: choose the original photo, not a thumbnail.',
      )
      .waitFor();
    expect(await suite.site.db.select().from(places)).toHaveLength(before);
  });

  it('tells at once that a small photo without GPS is too small, without asking for its town first', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/upload`);
    await page.getByLabel('Photos').setInputFiles([join(dir, 'small-no-gps.jpg')]);
    const listed = page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem');
    await listed.getByText('Too small to upload').waitFor();
    expect(await listed.getByText('No GPS').count()).toBe(0);
    expect(await page.getByText(/no GPS position/).count()).toBe(0);
    // the requirements say why the gallery takes a smaller image and a place does not
    await page.getByText(/A smaller image can still join a place's gallery/).waitFor();
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByTestId('upload-result').getByText('This photo is 450 × 600 pixels.', { exact: false }).waitFor();
  });
});
