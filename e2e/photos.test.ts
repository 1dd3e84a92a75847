import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../src/shared/admin-paths';
import { storeImage } from '../src/server/media/image-storage';
import { makeCity, makeCountry, makePlace } from '../tests/helpers/factories';
import { browserSuite, login } from './helpers';

/**
 * Sharp, well-framed photos (issue 15): large WebP sizes for wide originals through srcset, and
 * every image's width/height attributes in the aspect ratio of the file the browser really loads.
 */
describe("photos on the public pages and the admin's cards", () => {
  const suite = browserSuite();

  const photo = async (width: number, height: number, hue: number) => {
    const bytes = await sharp({
      create: { width, height, channels: 3, background: { r: hue, g: 140, b: 255 - hue } },
    })
      .jpeg()
      .toBuffer();
    const stored = await storeImage(suite.site.app.storage, bytes, { maxBytes: 50 * 1024 * 1024 });
    return { imageUrl: stored.imageUrl, originalImagePath: stored.originalImagePath };
  };

  beforeAll(async () => {
    const { db } = suite.site;
    await makeCountry(db, { name: 'Italy', slug: 'italy', ...(await photo(3000, 2000, 20)) });
    await makeCity(db, { name: 'Rome', country: 'Italy', slug: 'rome', ...(await photo(1200, 1600, 80)) });
    await makePlace(db, {
      slug: 'colosseum',
      title: 'Colosseum',
      location: 'Rome',
      country: 'Italy',
      ...(await photo(3000, 2000, 140)),
    });
    await makePlace(db, {
      slug: 'pantheon',
      title: 'Pantheon',
      location: 'Rome',
      country: 'Italy',
      ...(await photo(900, 1350, 200)),
    });
  });

  it('offers the place hero in WebP up to 2400 px wide for a 3000 px original', async () => {
    const html = await (await fetch(`${suite.site.baseUrl}/en/colosseum`)).text();
    const webp = /<source type="image\/webp" srcSet="([^"]+)"/i.exec(html)![1]!;
    const widths = webp.split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)![1]));
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(1600);
    expect(widths).toContain(2400);
    for (const candidate of webp.split(', ')) {
      const response = await fetch(`${suite.site.baseUrl}${candidate.split(' ')[0]}`);
      expect(response.status, candidate).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('gives every image width and height in the ratio of the file it shows, on phones and desktops', async () => {
    for (const viewport of [
      { width: 390, height: 844, deviceScaleFactor: 2 },
      { width: 1440, height: 900, deviceScaleFactor: 2 },
    ]) {
      const context = await suite.plainContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: viewport.deviceScaleFactor,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      for (const path of ['/en/home', '/en/colosseum', '/en/pantheon', '/en/rome', '/en/italy', '/en/countries']) {
        await page.goto(`${suite.site.baseUrl}${path}`);
        const images = await page.evaluate(async () => {
          const all = [...document.querySelectorAll('img')];
          for (const img of all) {
            img.loading = 'eager';
            img.scrollIntoView();
          }
          await Promise.all(all.map((img) => img.decode().catch(() => undefined)));
          return all.map((img) => ({
            src: img.currentSrc,
            width: Number(img.getAttribute('width')),
            height: Number(img.getAttribute('height')),
            naturalWidth: img.naturalWidth,
            naturalHeight: img.naturalHeight,
          }));
        });
        expect(images.length, path).toBeGreaterThan(0);
        for (const image of images) {
          expect(image.naturalWidth, `${path} ${image.src} did not load`).toBeGreaterThan(0);
          const declared = image.width / image.height;
          const real = image.naturalWidth / image.naturalHeight;
          expect(Math.abs(declared / real - 1), `${path} ${image.src}`).toBeLessThanOrEqual(0.02);
        }
      }
      await context.close();
    }
  });

  it('frames city and country cards with their 4:5 crop, never an upscaled landscape photo', async () => {
    const html = await (await fetch(`${suite.site.baseUrl}/en/countries`)).text();
    expect(html).toMatch(/<source type="image\/webp" srcSet="\/media\/web\/[0-9a-f]{32}_3000x2000-card\.webp"/);
    const card = /srcSet="(\/media\/web\/[^"]+-card\.webp)"/.exec(html)![1]!;
    const meta = await sharp(Buffer.from(await (await fetch(`${suite.site.baseUrl}${card}`)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1000]);
  });

  it("loads the small file of each photo on the admin's place, city and country cards", async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    await login(page, suite.site.baseUrl);
    for (const [screen, cards] of [
      [ADMIN_SCREENS.editPlaces, 2],
      [ADMIN_SCREENS.editCities, 1],
      [ADMIN_SCREENS.editCountries, 1],
    ] as const) {
      await page.goto(`${suite.site.baseUrl}${screen}`);
      const images = page.getByRole('article').locator('img');
      await expect.poll(() => images.count(), { timeout: 10_000 }).toBe(cards);
      const files = await images.evaluateAll(async (all: HTMLImageElement[]) => {
        for (const img of all) img.scrollIntoView();
        await Promise.all(all.map((img) => img.decode().catch(() => undefined)));
        return all.map((img) => new URL(img.currentSrc).pathname);
      });
      // a card is at most 356 px wide on a laptop: the 480 px file, not the 1000 px one
      for (const file of files) expect(file, screen).toMatch(/^\/media\/web\/[0-9a-f]{32}_\d+x\d+-480\.jpg$/);
    }
    await context.close();
  });
});
