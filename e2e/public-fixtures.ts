import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll } from 'vitest';
import { galleryImages, placeFacts } from '../src/server/db/schema';
import {
  makeCity,
  makeCityTranslation,
  makeCountry,
  makeCountryTranslation,
  makeHistory,
  makePlace,
  makePlaceTranslation,
} from '../tests/helpers/factories';
import { processImage, type ProcessedImage } from '../src/server/media/image-processing';
import { writeProcessedImage } from '../src/server/media/image-storage';
import { newImageId } from '../src/shared/media-names';
import { axe, browserSuite, type BrowserSuite, type RunningSite, type SuiteOptions } from './helpers';

/**
 * The upload pipeline's files for one test colour, made once per test worker: each site stores its
 * own copy under a new image id, as a new upload of the same picture would be stored.
 */
const processed = new Map<number, Promise<ProcessedImage>>();

function processedPhoto(hue: number): Promise<ProcessedImage> {
  let image = processed.get(hue);
  if (!image) {
    image = sharp({
      create: { width: 1600, height: 1067, channels: 3, background: { r: hue % 256, g: 120, b: 200 - (hue % 150) } },
    })
      .jpeg()
      .toBuffer()
      .then((original) => processImage(original, { maxBytes: 50 * 1024 * 1024 }));
    processed.set(hue, image);
  }
  return image;
}

/**
 * A real photo stored by the upload pipeline itself (web sizes in JPEG and WebP, the card crop and
 * the original), so pages load real images and downloads send real files.
 */
export async function storePhoto(site: RunningSite, hue: number) {
  const image = await processedPhoto(hue);
  const id = newImageId(image.width, image.height);
  const stored = await writeProcessedImage(site.app.storage, {
    ...image,
    id,
    files: image.files.map((file) => ({ key: file.key.replace(image.id, id), data: file.data })),
  });
  return { imageUrl: stored.imageUrl, originalImagePath: stored.originalImagePath };
}

export interface PublicFixture {
  countrySlug: string;
  citySlug: string;
  placeSlug: string;
  loneSlug: string;
}

/**
 * A small catalogue: Portugal with Lisbon, a richly documented place there (translations, gallery,
 * history, trivia) and six neighbours, plus a lone place in another country without any extras.
 */
export async function seedPublicCatalogue(site: RunningSite): Promise<PublicFixture> {
  const { db } = site;
  const country = await makeCountry(db, {
    name: 'Portugal',
    slug: 'portugal',
    description: 'Golden cliffs and tiled façades by the Atlantic.',
    ...(await storePhoto(site, 10)),
  });
  await makeCountryTranslation(db, country.id, 'zh', '葡萄牙');
  await makeCountryTranslation(db, country.id, 'es', 'Portugal');
  const city = await makeCity(db, {
    name: 'Lisbon',
    country: 'Portugal',
    slug: 'lisbon',
    description: 'Seven hills, yellow trams and the Tagus river.',
    ...(await storePhoto(site, 40)),
  });
  await makeCityTranslation(db, city.id, 'zh', '里斯本');

  const place = await makePlace(db, {
    slug: 'belem-tower',
    title: 'Belém Tower',
    description: 'A limestone fortress standing in the Tagus.',
    fullDescription: 'Built between 1514 and 1519 to guard the harbour.\n\nCome at low tide in the late afternoon.',
    location: 'Lisbon',
    country: 'Portugal',
    date: '2024-09-14',
    latitude: 38.6916,
    longitude: -9.216,
    ...(await storePhoto(site, 70)),
  });
  await makePlaceTranslation(db, place.id, 'zh', {
    title: '贝伦塔',
    description: '矗立在塔霍河中的石灰岩堡垒。',
    fullDescription: '贝伦塔建于1514年至1519年，用于守卫港口。',
    location: '里斯本',
    country: '葡萄牙',
  });
  await makeHistory(db, place.id);
  await db.insert(placeFacts).values({
    placeId: place.id,
    languageCode: 'en',
    hasFacts: 'yes',
    facts: [
      { question: 'Why is there a rhinoceros on the tower?', answer: 'It recalls the rhino sent to King Manuel I.' },
      { question: 'Was the tower always in the river?', answer: 'No, the river bank moved closer.' },
      { question: 'What was the basement used for?', answer: 'It served as a prison.' },
    ],
  });
  for (const hue of [90, 120]) {
    await db.insert(galleryImages).values({ placeId: place.id, ...(await storePhoto(site, hue)) });
  }
  for (let i = 1; i <= 6; i++) {
    await makePlace(db, {
      slug: `lisbon-neighbour-${i}`,
      title: `Lisbon Neighbour ${i}`,
      location: 'Lisbon',
      country: 'Portugal',
      date: `2024-0${(i % 8) + 1}-0${i}`,
      ...(await storePhoto(site, 140 + i * 10)),
    });
  }
  await makePlace(db, {
    slug: 'lone-lighthouse',
    title: 'Lone Lighthouse',
    description: 'A lighthouse with nothing else to show.',
    fullDescription: null,
    location: 'Reykjavik',
    country: 'Iceland',
    date: '2023-05-01',
    ...(await storePhoto(site, 220)),
  });
  return { countrySlug: 'portugal', citySlug: 'lisbon', placeSlug: 'belem-tower', loneSlug: 'lone-lighthouse' };
}

export interface PublicSuite extends BrowserSuite {
  /** The slugs of the seeded catalogue, from the suite's beforeAll on. */
  readonly catalogue: PublicFixture;
}

/** browserSuite on a site holding the public catalogue (seedPublicCatalogue), stored in its beforeAll. */
export function publicSuite(options: SuiteOptions = {}): PublicSuite {
  const suite = browserSuite(options);
  let catalogue: PublicFixture | undefined;
  beforeAll(async () => {
    catalogue = await seedPublicCatalogue(suite.site);
  });
  return Object.defineProperty(suite, 'catalogue', {
    get() {
      if (!catalogue) throw new Error("the suite's catalogue is stored in its beforeAll");
      return catalogue;
    },
  }) as PublicSuite;
}

/** axe-core with the WCAG A/AA rules; returns the violations as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // cards fade in one after another; judge the colours once they have arrived
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Console errors other than the 404 document of a not-found page, which the browser always logs. */
export function realErrors(errors: string[]): string[] {
  return errors.filter((e) => !e.includes('status of 404'));
}
