import { eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryImages, galleryImageTexts, places } from '../src/server/db/schema';
import { savedPlacesAddress } from '../src/shared/saved-places';
import { makePlaceTranslation } from '../tests/helpers/factories';
import { waitForHydration, watchConsole } from './helpers';
import { publicSuite, realErrors } from './public-fixtures';

/** WCAG's relative luminance of an sRGB colour (0-255 channels). */
function luminance(r: number, g: number, b: number): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast of an element's text against what is behind it, measured on the rendered pixels (axe
 * cannot see through a background image or gradient): the element's box is photographed, its
 * background is the median luminance of the box (text covers far less than half of it), its text
 * the luminance furthest from that (the 0.5 % extreme, so a stray pixel does not count).
 */
async function renderedContrast(element: Locator): Promise<number> {
  const png = await element.screenshot({ animations: 'disabled' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const values: number[] = [];
  for (let i = 0; i < info.width * info.height; i++) {
    values.push(luminance(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!));
  }
  values.sort((a, b) => a - b);
  const background = values[Math.floor(values.length / 2)]!;
  const darkest = values[Math.floor(values.length * 0.005)]!;
  const lightest = values[Math.ceil(values.length * 0.995) - 1]!;
  const text = Math.abs(lightest - background) > Math.abs(background - darkest) ? lightest : darkest;
  return (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
}

const LANGUAGES = ['en', 'es', 'de', 'fr', 'zh'] as const;

/** Issue 41's public minor items: the saved page, gallery captions, the Save toggle, offline, search at 320 px, the city chip. */
describe('the public pages’ smaller stumbles (issue 41)', () => {
  const suite = publicSuite();
  let savedList: { id: string; url: string; title: string; image: string }[];

  beforeAll(async () => {
    const { db } = suite.site;
    const rows = await db.select().from(places);
    const place = (slug: string) => rows.find((row) => row.slug === slug)!;
    const tower = place('belem-tower');
    await makePlaceTranslation(db, tower.id, 'de', {
      title: 'Turm von Belém',
      description: 'Eine Festung aus Kalkstein im Tejo.',
      fullDescription: 'Erbaut zwischen 1514 und 1519.',
      location: 'Lissabon',
      country: 'Portugal',
    });
    const [first] = await db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.placeId, tower.id))
      .orderBy(galleryImages.position);
    await db.insert(galleryImageTexts).values([
      { imageId: first!.id, languageCode: 'en', caption: 'The tower at low tide', alt: 'A stone tower by the water' },
      { imageId: first!.id, languageCode: 'de', caption: 'Der Turm bei Ebbe', alt: 'Ein Steinturm am Wasser' },
    ]);
    savedList = [tower, place('lisbon-neighbour-2')].map((row) => ({
      id: row.id,
      url: `/en/${row.slug}`,
      title: row.title,
      image: row.imageUrl,
    }));
  });

  /** A page of a context `width` px wide whose device already keeps the two places of savedList. */
  async function savedDevice(width: number, height = 800): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.newContext({
      viewport: { width, height },
      ...(width < 1000 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    await context.addInitScript((list) => {
      if (!localStorage.getItem('saved-places')) localStorage.setItem('saved-places', list);
    }, JSON.stringify(savedList));
    return { context, page: await context.newPage() };
  }

  for (const width of [320, 390, 1440]) {
    it(`makes the saved list's GPX/KML line readable on the dark hero at ${width} px (contrast on the pixels)`, async () => {
      const { page } = await savedDevice(width);
      await page.goto(`${suite.site.baseUrl}/en/saved`);
      await waitForHydration(page);
      const line = page.locator('.map-downloads');
      await line.getByRole('link', { name: 'GPX' }).waitFor();
      const parts = [
        line.getByText('Take these places to a map app:'),
        line.getByRole('link', { name: 'GPX' }),
        line.getByRole('link', { name: 'KML' }),
      ];
      for (const part of parts)
        expect(await renderedContrast(part), await part.innerText()).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('says "Saved" on the pressed Save toggle in all five languages, with aria-pressed', async () => {
    const words = {
      en: ['Save', 'Saved'],
      es: ['Guardar', 'Guardado'],
      de: ['Merken', 'Gemerkt'],
      fr: ['Enregistrer', 'Enregistré'],
      zh: ['收藏', '已收藏'],
    };
    const page = await suite.newPage();
    const errors = watchConsole(page);
    for (const lang of LANGUAGES) {
      const [save, saved] = words[lang];
      await page.goto(`${suite.site.baseUrl}/${lang}/belem-tower`);
      await waitForHydration(page);
      const toggle = page.locator('article button.save-toggle-glass');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
      expect((await toggle.innerText()).trim()).toBe(save);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect((await toggle.innerText()).trim()).toBe(saved);
      expect(await page.getByRole('button', { name: saved, exact: true, pressed: true }).count()).toBe(1);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
      expect((await toggle.innerText()).trim()).toBe(save);
    }
    expect(realErrors(errors)).toEqual([]);
  });

  it('offers the saved list by a share button and a short link, never as a long raw address', async () => {
    const { context, page } = await savedDevice(390);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseUrl });
    await page.goto(`${suite.site.baseUrl}/en/saved`);
    await waitForHydration(page);
    const link = page.locator('a[data-share-link]');
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe(`/en/saved?ids=${savedList.map((p) => p.id).join(',')}`);
    // no address on the screen: the hero names the link, it does not print it
    expect(await page.locator('main').innerText()).not.toMatch(/ids=|https?:\/\//);
    expect((await link.innerText()).length).toBeLessThan(40);
    await page.getByRole('button', { name: 'Copy share link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.site.baseUrl}${href}`);
  });

  it('keeps a place saved on /de readable offline at /en and /zh, listed under each language’s title', async () => {
    const context = await suite.newContext({ serviceWorker: true });
    const page = await context.newPage();
    const stored = (path: string) =>
      page.evaluate(async (key) => Boolean(await caches.match(key, { ignoreVary: true })), path);
    await page.goto(`${suite.site.baseUrl}/de/belem-tower`);
    await waitForHydration(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByRole('button', { name: 'Merken', exact: true }).click();
    const [tower] = await suite.site.db.select({ id: places.id }).from(places).where(eq(places.slug, 'belem-tower'));
    for (const lang of LANGUAGES) {
      await expect.poll(() => stored(`/${lang}/belem-tower`), { timeout: 20_000 }).toBe(true);
      // the saved place's card in each language: the offline page's titles
      await expect.poll(() => stored(savedPlacesAddress([tower!.id], lang)), { timeout: 20_000 }).toBe(true);
    }
    await page.reload();
    await waitForHydration(page);

    await context.setOffline(true);
    await page.goto(`${suite.site.baseUrl}/en/belem-tower`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Belém Tower');
    for (const [lang, title] of [
      ['en', 'Belém Tower'],
      ['fr', 'Belém Tower'],
      ['zh', '贝伦塔'],
      ['de', 'Turm von Belém'],
    ] as const) {
      await page.goto(`${suite.site.baseUrl}/${lang}/lone-lighthouse`);
      await page.locator('#saved-places a').first().waitFor();
      expect(await page.locator('#saved-places a').allTextContents(), lang).toEqual([title]);
      expect(await page.locator('#saved-places a').getAttribute('href'), lang).toBe(`/${lang}/belem-tower`);
    }
    await context.setOffline(false);
  });

  it('shows the owner’s caption under the photo in the page’s gallery, not only full screen', async () => {
    const page = await suite.newPage({ mobile: true });
    for (const [lang, name, caption] of [
      ['en', 'Gallery', 'The tower at low tide'],
      ['de', 'Galerie', 'Der Turm bei Ebbe'],
    ] as const) {
      await page.goto(`${suite.site.baseUrl}/${lang}/belem-tower`);
      await waitForHydration(page);
      const gallery = page.getByRole('group', { name, exact: true });
      await gallery.getByRole('button', { name: '2 / 3' }).click();
      const shown = gallery.locator('figure').first().getByText(caption, { exact: true });
      await shown.waitFor();
      expect(await shown.isVisible()).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // the next photo has no caption of its own: nothing stays from this one
      await gallery.getByRole('button', { name: '3 / 3' }).click();
      await expect.poll(() => gallery.getByText(caption, { exact: true }).isVisible()).toBe(false);
    }
  });

  it('keeps the search box wide, the first result on the first screen and suggestions coming at 320 px', async () => {
    const context = await suite.newContext({
      viewport: { width: 320, height: 568 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    for (const lang of LANGUAGES) {
      await page.goto(`${suite.site.baseUrl}/${lang}/search?q=lisbon`);
      await waitForHydration(page);
      const form = page.getByRole('search').filter({ has: page.locator('#search-page-input') });
      const formBox = (await form.boundingBox())!;
      const inputBox = (await page.locator('#search-page-input').boundingBox())!;
      expect(inputBox.width / formBox.width, `${lang}: input share of the form`).toBeGreaterThanOrEqual(0.6);
      // the first result shows at least 120 px of itself on the first screen
      const first = (await page.locator('#results li').first().boundingBox())!;
      expect(first.y, `${lang}: first result below the fold`).toBeLessThanOrEqual(568 - 120);
    }

    await page.goto(`${suite.site.baseUrl}/de/search`);
    await waitForHydration(page);
    const box = page.locator('#search-page-input');
    await box.click();
    await box.pressSequentially('bele', { delay: 40 });
    const option = page.getByRole('listbox', { name: 'Vorschläge' }).getByRole('option').first();
    await expect.poll(() => option.textContent(), { timeout: 10_000 }).toContain('Turm von Belém');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const listBox = (await page.getByRole('listbox', { name: 'Vorschläge' }).boundingBox())!;
    expect(listBox.x).toBeGreaterThanOrEqual(0);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(320);

    // The answer for the last letter typed comes after the visitor has already arrowed to a
    // suggestion: the refreshed list keeps it chosen, and Enter opens it (not the search page).
    const lastLetter = /\/api\/search\?.*q=belem(&|$)/;
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    let answer = () => {};
    const arrowed = new Promise<void>((resolve) => (answer = resolve));
    await page.route(lastLetter, async (route) => {
      asked();
      await arrowed;
      await route.continue();
    });
    const chosen = () => box.getAttribute('aria-activedescendant');
    await box.press('m');
    await box.press('ArrowDown');
    await expect.poll(chosen).toBeTruthy();
    // past the suggestions' debounce: the request for "belem" waits for its answer until now
    await requested;
    answer();
    // the refreshed list marks what "belem" matches
    await expect.poll(() => option.locator('mark').first().textContent(), { timeout: 10_000 }).toBe('Belém');
    expect(await chosen()).toBeTruthy();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(`${suite.site.baseUrl}/de/belem-tower`);
  });

  for (const width of [390, 1440]) {
    it(`keeps the "Written with AI" chip clear of the "About Lisbon" heading at ${width} px`, async () => {
      const page = await suite.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}/en/lisbon`);
      const heading = (await page.getByRole('heading', { name: 'About Lisbon' }).boundingBox())!;
      const chip = (await page.locator('#about-title ~ .review-note').boundingBox())!;
      expect(chip.y, 'chip overlaps the heading').toBeGreaterThanOrEqual(heading.y + heading.height + 8);
    });
  }
});
