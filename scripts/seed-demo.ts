// `npm run seed:demo`: fills DATA_DIR's database with the demo catalogue (countries, cities,
// places in five languages, history, trivia, galleries) and generated photos stored through
// app.storage under the media naming convention. Safe to run twice: it stops if the data exists.
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import {
  cities,
  cityTranslations,
  countries,
  countryTranslations,
  galleryImages,
  placeFacts,
  placeHistory,
  places,
  placeThemes,
  placeTranslations,
} from '../src/server/db/schema';
import { storeImage } from '../src/server/media/image-storage';
import { DEMO_CITIES, DEMO_COUNTRIES, DEMO_PLACES } from './demo-content';
import { usePrivateFileModes } from '../src/server/security/file-modes';

const OTHER_LANGUAGES = ['es', 'de', 'fr', 'zh'] as const;
/** The demo's texts were written by people, in every language (scripts/demo-content.ts): visitors are told so. */
const WRITTEN_BY = 'person' as const;

// sky top, sky bottom, sun, far hills, near hills, foreground
const PALETTES = [
  ['#1e3a8a', '#f59e0b', '#fde68a', '#7c2d12', '#431407', '#1c0a03'],
  ['#0f172a', '#db2777', '#fbcfe8', '#581c87', '#3b0764', '#1e1b4b'],
  ['#164e63', '#a3e635', '#fef9c3', '#166534', '#14532d', '#052e16'],
  ['#0c4a6e', '#fdba74', '#fff7ed', '#9a3412', '#7c2d12', '#3f1d0b'],
  ['#1e1b4b', '#fb7185', '#ffe4e6', '#831843', '#500724', '#2a0412'],
  ['#7f1d1d', '#fcd34d', '#fffbeb', '#78350f', '#451a03', '#1c0a00'],
  ['#0f766e', '#99f6e4', '#f0fdfa', '#115e59', '#134e4a', '#042f2e'],
  ['#1d4ed8', '#fcd34d', '#fff7d6', '#b45309', '#78350f', '#292524'],
  ['#312e81', '#f97316', '#ffedd5', '#9a3412', '#7c2d12', '#27120a'],
  ['#075985', '#fda4af', '#fff1f2', '#9f1239', '#4c0519', '#1f0209'],
  ['#991b1b', '#fb923c', '#fff7ed', '#7f1d1d', '#450a0a', '#1c0505'],
  ['#14532d', '#fde047', '#fefce8', '#3f6212', '#1a2e05', '#0a1402'],
  ['#1e293b', '#38bdf8', '#e0f2fe', '#334155', '#1e293b', '#0f172a'],
] as const;

/** A landscape drawn in SVG: sky, sun and three ridges whose shape depends on the seed. */
function sceneSvg(palette: number, seed: number, width: number, height: number): string {
  const [skyTop, skyBottom, sun, far, near, front] = PALETTES[palette % PALETTES.length]!;
  let state = seed * 9301 + 49297;
  const random = () => (state = (state * 9301 + 49297) % 233280) / 233280;
  const ridge = (base: number, amplitude: number, color: string) => {
    const points: string[] = [`0,${height}`];
    const steps = 9;
    for (let i = 0; i <= steps; i++) {
      points.push(`${Math.round((i / steps) * width)},${Math.round(base + (random() - 0.5) * amplitude)}`);
    }
    points.push(`${width},${height}`);
    return `<polygon points="${points.join(' ')}" fill="${color}"/>`;
  };
  const sunX = Math.round(width * (0.2 + random() * 0.6));
  const sunY = Math.round(height * (0.28 + random() * 0.15));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#s)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${Math.round(height * 0.11)}" fill="${sun}" opacity="0.92"/>
  ${ridge(height * 0.58, height * 0.22, far)}
  ${ridge(height * 0.72, height * 0.16, near)}
  ${ridge(height * 0.86, height * 0.1, front)}
</svg>`;
}

/**
 * One generated photo through the same pipeline as an upload (storeImage): the original and every
 * web variant under the media naming convention; returns their URLs.
 */
async function storePhoto(app: FastifyInstance, palette: number, seed: number) {
  const original = await sharp(Buffer.from(sceneSvg(palette, seed, 2400, 1600)))
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
  const { imageUrl, originalImagePath } = await storeImage(app.storage, original, {
    maxBytes: app.config.maxUploadBytes,
  });
  return { imageUrl, originalImagePath };
}

export async function seedDemo(app: FastifyInstance, db: Database): Promise<{ places: number; skipped: boolean }> {
  const existing = await db.select({ id: countries.id }).from(countries).where(eq(countries.slug, 'portugal'));
  if (existing.length > 0) return { places: 0, skipped: true };

  let seed = 1;
  for (const country of DEMO_COUNTRIES) {
    const photo = await storePhoto(app, country.palette, seed++);
    const [row] = await db
      .insert(countries)
      .values({
        slug: country.slug,
        name: country.text.en.name,
        description: country.text.en.description,
        imageUrl: photo.imageUrl,
        origin: WRITTEN_BY,
      })
      .returning();
    await db.insert(countryTranslations).values(
      OTHER_LANGUAGES.map((lang) => ({
        countryId: row!.id,
        languageCode: lang,
        ...country.text[lang],
        origin: WRITTEN_BY,
      })),
    );
  }

  for (const city of DEMO_CITIES) {
    const photo = await storePhoto(app, city.palette, seed++);
    const [row] = await db
      .insert(cities)
      .values({
        slug: city.slug,
        name: city.text.en.name,
        country: city.country,
        description: city.text.en.description,
        imageUrl: photo.imageUrl,
        origin: WRITTEN_BY,
      })
      .returning();
    await db.insert(cityTranslations).values(
      OTHER_LANGUAGES.map((lang) => ({
        cityId: row!.id,
        languageCode: lang,
        ...city.text[lang],
        origin: WRITTEN_BY,
      })),
    );
  }

  for (const place of DEMO_PLACES) {
    const photo = await storePhoto(app, place.palette, seed++);
    const en = place.text.en;
    const [row] = await db
      .insert(places)
      .values({
        slug: place.slug,
        title: en.title,
        description: en.description,
        fullDescription: en.full,
        location: en.location,
        country: en.country,
        date: place.date,
        latitude: place.lat,
        longitude: place.lng,
        ...photo,
        origin: WRITTEN_BY,
      })
      .returning();
    const placeId = row!.id;
    await db.insert(placeTranslations).values(
      OTHER_LANGUAGES.map((lang) => {
        const t = place.text[lang];
        return {
          placeId,
          languageCode: lang,
          title: t.title,
          description: t.description,
          fullDescription: t.full,
          location: t.location,
          country: t.country,
          origin: WRITTEN_BY,
        };
      }),
    );
    if (place.history) {
      await db
        .insert(placeHistory)
        .values({ placeId, languageCode: 'en', hasEvents: 'yes', events: place.history, origin: WRITTEN_BY });
    }
    if (place.facts) {
      await db
        .insert(placeFacts)
        .values({ placeId, languageCode: 'en', hasFacts: 'yes', facts: place.facts, origin: WRITTEN_BY });
    }
    if (place.themes.length > 0) {
      await db
        .insert(placeThemes)
        .values(place.themes.map((theme, position) => ({ placeId, theme, position, origin: WRITTEN_BY })));
    }
    for (let i = 0; i < place.galleryCount; i++) {
      const image = await storePhoto(app, place.palette + i + 1, seed++);
      await db.insert(galleryImages).values({ placeId, ...image });
    }
  }
  return { places: DEMO_PLACES.length, skipped: false };
}

async function main() {
  const config = { ...loadConfig(), logLevel: 'silent' };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/db` });
  const app = await buildApp(config, { database, announcePassword: () => {} });
  try {
    const result = await seedDemo(app, database.db);
    console.log(
      result.skipped
        ? `Demo data is already in ${config.dataDir}; nothing to do.`
        : `Seeded ${result.places} demo places with cities, countries and photos into ${config.dataDir}.`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The site's files it writes are this user's alone (docs/security.md, "Files on disk").
  usePrivateFileModes();
  await main();
}
