import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { places } from '../src/server/db/schema';
import { urlForKey } from '../src/shared/media-names';
import type { RunningSite } from './helpers';

/**
 * A real JPEG drawn in code: a sky gradient, a sun and a mountain ridge in the given colours, so
 * every photo is a distinct, recognisable picture in the screenshots.
 */
export async function makeLandscapeJpeg(sky: string, ground: string, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="667">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fef3c7"/>
    </linearGradient></defs>
    <rect width="1000" height="667" fill="url(#s)"/>
    <circle cx="760" cy="170" r="70" fill="#fde68a"/>
    <path d="M0 520 L180 330 L320 460 L520 250 L720 470 L860 380 L1000 500 L1000 667 L0 667 Z" fill="${ground}"/>
    <text x="40" y="620" font-family="sans-serif" font-size="44" fill="#ffffff">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A place whose photo is a real file served from /media, as the upload pipeline would leave it. */
export async function seedPlaceWithPhoto(
  site: RunningSite,
  place: { title: string; location: string; country: string; sky: string; ground: string; date?: string },
) {
  const key = `web/${randomUUID()}-1000.jpg`;
  await site.app.storage.put(key, await makeLandscapeJpeg(place.sky, place.ground, place.title));
  const [row] = await site.db
    .insert(places)
    .values({
      slug: `${place.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 6)}`,
      title: place.title,
      description: `${place.title} in ${place.location}.`,
      imageUrl: urlForKey(key),
      location: place.location,
      country: place.country,
      date: place.date ?? '2024-06-01',
    })
    .returning();
  return row!;
}
