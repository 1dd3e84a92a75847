// Fills a fresh database with one country and N+1 places of realistic size, through the app's own
// migrations (openDatabase) and schema, with bulk inserts so 5,000 places take seconds. Most places
// are in Rome; the popular ones (see benchLayout) are spread over their own cities, and the one an
// admin edits during the benchmark lies in yet another city, far from all of them.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DbOrTx } from '../../src/server/db/client';
import { refreshStaleDocuments } from '../../src/server/db/repos/search-repo';
import { syncCountryNames } from '../../src/server/services/search';
import { cities, countries, placeFacts, placeHistory, places, placeTranslations } from '../../src/server/db/schema';
import { originalKey, urlForKey, webKey } from '../../src/shared/media-names';
import { slugify } from '../../src/shared/slug';

export const CITY_SLUG = 'rome';
export const placeSlug = (n: number) => `rome-place-${String(n).padStart(5, '0')}`;

/** Popular places and their cities at the default size (5,001 places): 400 places in 250 cities. */
const POPULAR_PLACES = 400;
const POPULAR_CITIES = 250;

/**
 * Which places the "popular pages while an admin edits" scenario reads and which one it edits, for
 * `total` places: the popular ones are the last before the edited one, which is the very last. With
 * fewer places than the defaults need, a quarter of them are popular (in up to 250 cities).
 */
function benchLayout(total: number): { popular: number[]; cities: number; edited: number } {
  const count = Math.min(POPULAR_PLACES, Math.floor((total - 1) / 4));
  return {
    popular: Array.from({ length: count }, (_, i) => total - count + i),
    cities: Math.min(POPULAR_CITIES, count),
    edited: total,
  };
}

/** The name of the n-th city of the popular places (n from 0); its slug is the name in lower case. */
const popularCity = (n: number) => `Bench City ${String(n + 1).padStart(3, '0')}`;
/** The edited place's city: about 480 km from Rome, so it is in no popular page's nearby list. */
const EDITED_CITY = { name: 'Milan', latitude: 45.46, longitude: 9.19 };

/** Rows per INSERT: ~6,500 bind parameters for places, far below PostgreSQL's 65,535. */
const CHUNK = 500;
/** Places that own real image files; every other place reuses one of their URLs. */
const IMAGE_PLACES = [1, 2, 3, 42, 100];
const TRANSLATED_LANGUAGES = [
  { code: 'de', location: 'Rom', country: 'Italien' },
  { code: 'fr', location: 'Rome', country: 'Italie' },
] as const;

const WORDS = (
  'ancient basilica piazza fountain marble forum column arch courtyard fresco chapel garden terrace ' +
  'cobblestone trattoria espresso sunset panorama tiber bridge hill palazzo mosaic statue emperor ' +
  'pilgrim market lantern cypress villa aqueduct ruin temple dome staircase balcony quiet crowded ' +
  'golden evening morning light shadow stone ochre walk view river bells history baroque renaissance ' +
  'medieval narrow lane hidden famous local traveller photograph memory afternoon gelato cathedral'
).split(' ');

/** Deterministic pseudo-random numbers (mulberry32): the same N gives the same database. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sentences of plausible words, cut at a word boundary near `chars` characters. */
function prose(rand: () => number, chars: number): string {
  let text = '';
  while (text.length < chars) {
    const length = 6 + Math.floor(rand() * 12);
    const words = Array.from({ length }, () => WORDS[Math.floor(rand() * WORDS.length)] ?? 'stone');
    const sentence = words.join(' ');
    text += (text ? ' ' : '') + sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.';
  }
  const cut = text.lastIndexOf(' ', chars);
  return cut > chars / 2 ? text.slice(0, cut).replace(/[^.]$/, (c) => `${c}.`) : text;
}

/** Four web files and an original under the media naming convention (see src/shared/media-names.ts). */
async function writeImage(mediaDir: string, hue: number): Promise<{ imageUrl: string; originalImagePath: string }> {
  const id = randomBytes(16).toString('hex');
  const svg = (w: number, h: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>` +
        `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,35%)"/>` +
        `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},80%,75%)"/></linearGradient></defs>` +
        `<rect width="${w}" height="${h}" fill="url(#g)"/></svg>`,
    );
  const files: Array<[string, Promise<Buffer>]> = [];
  for (const [width, height] of [
    [1000, 667],
    [480, 320],
  ] as const) {
    files.push([webKey(id, width, 'jpg'), sharp(svg(width, height)).jpeg({ quality: 80 }).toBuffer()]);
    files.push([webKey(id, width, 'webp'), sharp(svg(width, height)).webp({ quality: 75 }).toBuffer()]);
  }
  files.push([originalKey(id, 'jpg'), sharp(svg(2000, 1334)).jpeg({ quality: 90 }).toBuffer()]);
  for (const [key, data] of files) {
    const path = join(mediaDir, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await data);
  }
  return { imageUrl: urlForKey(webKey(id, 1000, 'jpg')), originalImagePath: urlForKey(originalKey(id, 'jpg')) };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** The English text of the place the benchmark edits, as the admin's editor sends it back. */
export interface EditedPlace {
  id: string;
  slug: string;
  title: string;
  description: string;
  fullDescription: string;
  location: string;
  country: string;
}

export interface FillResult {
  places: number;
  /** Numbers of the popular places (placeSlug(n) is the address). */
  popular: number[];
  /** Distinct cities of the popular places. */
  popularCities: number;
  edited: EditedPlace;
  translations: number;
  historyRows: number;
  factRows: number;
  imageFiles: number;
  ms: number;
}

/** Fills the database (PostgreSQL URL, or PGlite under dataDir/db) and dataDir/media; closes it again. */
export async function fillDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  places: number;
}): Promise<FillResult> {
  const started = performance.now();
  const handle = await openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl } : { pgliteDir: join(options.dataDir, 'db') },
  );
  try {
    const [existing] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from places`));
    if (existing && existing.n > 0)
      throw new Error(`The database already has ${existing.n} places: fill an empty one.`);
    // The country names of this Node.js first, as a site that has started once has them: the
    // documents are then written once, by the inserts, not again by the server's first start.
    await syncCountryNames(handle.db);
    // No document exists yet: this only takes the names' "rewrite every document" mark away, which
    // would otherwise have the server rewrite all of them again while the benchmark measures.
    await refreshStaleDocuments(handle.db, () => true);
    const rand = random(options.places);
    const total = options.places + 1;
    const images = new Map<number, { imageUrl: string; originalImagePath: string }>();
    for (const [k, n] of IMAGE_PLACES.filter((n) => n <= total).entries()) {
      images.set(n, await writeImage(join(options.dataDir, 'media'), k * 70));
    }
    const sharedUrls = [...images.values()].map((image) => image.imageUrl);
    const cover = sharedUrls[0] ?? '/og-image.jpg';

    const layout = benchLayout(total);
    const popularCityOf = new Map(layout.popular.map((n, i) => [n, popularCity(i % layout.cities)]));
    const base = Date.UTC(2025, 0, 1);
    const placeRows = Array.from({ length: total }, (_, i) => {
      const n = i + 1;
      const own = images.get(n);
      // dates spread over 2000-2024, so "newest first" interleaves with insertion order
      const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(rand() * 25 * 365) * 86_400_000);
      const edited = n === layout.edited;
      // near Rome, but the edited place where its city is (the random numbers are drawn all the same)
      const at = (nearRome: number, editedAt: number) => (edited ? editedAt : nearRome);
      return {
        id: randomUUID(),
        slug: placeSlug(n),
        title: prose(rand, 150),
        description: prose(rand, 300),
        fullDescription: prose(rand, 2000),
        imageUrl: own?.imageUrl ?? sharedUrls[n % Math.max(sharedUrls.length, 1)] ?? cover,
        originalImagePath: own?.originalImagePath ?? null,
        location: edited ? EDITED_CITY.name : (popularCityOf.get(n) ?? 'Rome'),
        country: 'Italy',
        date: day.toISOString().slice(0, 10),
        latitude: at(41.9 + (rand() - 0.5) * 0.2, EDITED_CITY.latitude),
        longitude: at(12.5 + (rand() - 0.5) * 0.3, EDITED_CITY.longitude),
        createdAt: new Date(base - n * 60_000),
      };
    });

    // about 30 % of places translated into German and French; every 7th has history and facts
    const translationRows = placeRows
      .filter((_, i) => i % 10 < 3)
      .flatMap((place) =>
        TRANSLATED_LANGUAGES.map((lang) => ({
          placeId: place.id,
          languageCode: lang.code,
          title: prose(rand, 150),
          description: prose(rand, 300),
          fullDescription: prose(rand, 2000),
          // Rome has its own name in each language; the other cities keep theirs
          location: place.location === 'Rome' ? lang.location : place.location,
          country: lang.country,
        })),
      );
    const withExtras = placeRows.filter((_, i) => (i + 1) % 7 === 0);
    const historyRows = withExtras.map((place) => ({
      placeId: place.id,
      languageCode: 'en',
      hasEvents: 'yes' as const,
      events: Array.from({ length: 6 }, (_, k) => ({ year: String(100 + k * 300), description: prose(rand, 160) })),
    }));
    const factRows = withExtras.map((place) => ({
      placeId: place.id,
      languageCode: 'en',
      hasFacts: 'yes' as const,
      facts: Array.from({ length: 5 }, () => ({ question: `${prose(rand, 80)}?`, answer: prose(rand, 200) })),
    }));

    await handle.db.transaction(async (tx: DbOrTx) => {
      await tx.insert(countries).values({
        name: 'Italy',
        slug: 'italy',
        description: prose(rand, 400),
        imageUrl: cover,
      });
      const cityNames = ['Rome', ...Array.from({ length: layout.cities }, (_, i) => popularCity(i)), EDITED_CITY.name];
      await tx.insert(cities).values(
        cityNames.map((name) => ({
          name,
          country: 'Italy',
          slug: name === 'Rome' ? CITY_SLUG : slugify(name),
          description: prose(rand, 400),
          imageUrl: cover,
        })),
      );
      await insertChunked(placeRows, (chunk) => tx.insert(places).values(chunk));
      await insertChunked(translationRows, (chunk) => tx.insert(placeTranslations).values(chunk));
      await insertChunked(historyRows, (chunk) => tx.insert(placeHistory).values(chunk));
      await insertChunked(factRows, (chunk) => tx.insert(placeFacts).values(chunk));
    });
    // The triggers updated sitemap_chunks once per place inside the one transaction above, so its
    // hundred rows sit among 100,000 dead ones that no page pruning could reach: rewritten, as a
    // site written place by place keeps it (HOT pruning); then statistics, as autovacuum would.
    await handle.db.execute(sql`vacuum full sitemap_chunks`);
    await handle.db.execute(sql`vacuum analyze`);
    const editedRow = placeRows[layout.edited - 1]!;
    return {
      places: total,
      popular: layout.popular,
      popularCities: layout.cities,
      edited: {
        id: editedRow.id,
        slug: editedRow.slug,
        title: editedRow.title,
        description: editedRow.description,
        fullDescription: editedRow.fullDescription,
        location: editedRow.location,
        country: editedRow.country,
      },
      translations: translationRows.length,
      historyRows: historyRows.length,
      factRows: factRows.length,
      imageFiles: images.size * 5,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    // PGlite is single-process: the server can open the folder only after this closes it
    await handle.close();
  }
}
