import { describe, expect, it } from 'vitest';
import { waitForHydration } from './helpers';
import { axeViolations, publicSuite } from './public-fixtures';

/** A gallery like the best photo sites (issue 15): the photo uncovered, a full-screen view, sharing. */
describe('place gallery', () => {
  const suite = publicSuite();

  for (const width of [320, 390, 1280]) {
    it(`keeps the download under the photo and says what it gives, at ${width} px in German`, async () => {
      const context = await suite.plainContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${suite.site.baseUrl}/de/${suite.catalogue.placeSlug}`);
      const gallery = page.getByRole('group', { name: 'Galerie' });
      const photo = gallery.locator('figure img').first();
      const link = gallery.getByRole('link', { name: /In voller Auflösung herunterladen/ });
      await expect.poll(() => link.textContent()).toMatch(/1600 × 1067 px · JPEG · frei nutzbar \(CC0\)/);
      const photoBox = (await photo.boundingBox())!;
      const linkBox = (await link.boundingBox())!;
      expect(linkBox.y, 'download link overlaps the photo').toBeGreaterThanOrEqual(photoBox.y + photoBox.height - 1);
      const counter = gallery.getByText('1 / 3');
      expect(await counter.isVisible()).toBe(true);
      const counterBox = (await counter.boundingBox())!;
      expect(counterBox.y).toBeGreaterThanOrEqual(photoBox.y + photoBox.height - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    });
  }

  it('opens a full-screen view that moves with the arrow keys, closes with Escape and returns focus', async () => {
    const context = await suite.plainContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${suite.site.baseUrl}/en/${suite.catalogue.placeSlug}`);
    // the button works once the page's code has loaded and hydrated it (slow on a busy machine)
    await waitForHydration(page);
    const open = page.getByRole('button', { name: 'View full screen' });
    await open.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(1270);
    expect(box.height).toBeGreaterThanOrEqual(790);
    await dialog.getByText('1 / 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('2 / 3').waitFor();
    // the browser picks the picture's source once the new photo starts to load
    await expect
      .poll(() => dialog.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc), { timeout: 10_000 })
      .toMatch(/\/media\/web\//);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
    // the page's carousel followed the full-screen view (once the closed view's own counter is gone)
    await expect.poll(() => page.getByRole('group', { name: 'Gallery' }).getByText('2 / 3').count()).toBe(1);
    await context.close();
  });

  it('names the photo in the full-screen view and downloads it as the place and its position', async () => {
    const context = await suite.plainContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${suite.site.baseUrl}/en/${suite.catalogue.placeSlug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'View full screen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // the caption: the place's title and, for its main photo, its description
    await dialog.getByText('Belém Tower', { exact: true }).waitFor();
    await dialog.getByText('A limestone fortress standing in the Tagus.').waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('2 / 3').waitFor();
    const link = dialog.getByRole('link', { name: 'Download full resolution' });
    expect(await link.getAttribute('download')).toBe(`${suite.catalogue.placeSlug}-2.jpg`);
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe(`${suite.catalogue.placeSlug}-2.jpg`);
    await context.close();
  });

  it('shares the page: the share sheet where there is one, else the link is copied', async () => {
    const context = await suite.plainContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseUrl });
    const page = await context.newPage();
    await page.addInitScript(() => {
      // headless Chromium has no share sheet: the copy-link fallback is what runs
      Object.defineProperty(navigator, 'share', { value: undefined });
    });
    await page.goto(`${suite.site.baseUrl}/en/${suite.catalogue.placeSlug}`);
    // the button works once the page's code has loaded and hydrated it (slow on a busy machine)
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${suite.site.baseUrl}/en/${suite.catalogue.placeSlug}`,
    );
    await context.close();
  });
});
