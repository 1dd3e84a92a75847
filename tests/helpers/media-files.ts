import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../src/server/db/client';

/** Every file under `root`, as paths relative to it ("web/<id>-1000.jpg"). */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

/** Every image address any row holds: places, photos, gallery images, cities, countries, the trash. */
async function addressesInRows(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select image_url as url from places union all select original_image_path from places
    union all select original_image_path from photos union all select thumbnail_path from photos
    union all select image_url from gallery_images union all select original_image_path from gallery_images
    union all select image_url from cities union all select image_url from countries
    union all select unnest(media_urls) from trash`);
  return rowsOf<{ url: string | null }>(result)
    .map((r) => r.url)
    .filter((u): u is string => Boolean(u));
}

/**
 * Files under the media folder that no row references. Our image files are named by a 32-hex id
 * shared by all sizes of one image; a file counts as referenced when some row names a file of
 * the same id (the WebP twins are found by the page from the JPEG's address).
 */
export async function unreferencedFiles(db: Database, mediaDir: string): Promise<string[]> {
  const ids = new Set((await addressesInRows(db)).flatMap((url) => url.match(/[0-9a-f]{32}(?:_\d+x\d+)?/g) ?? []));
  return (await listFiles(mediaDir)).filter((file) => {
    const id = /[0-9a-f]{32}(?:_\d+x\d+)?/.exec(file)?.[0];
    return !id || !ids.has(id);
  });
}
