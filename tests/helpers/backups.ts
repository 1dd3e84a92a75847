import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_CODES } from '../../src/shared/languages';

/** Downloads GET /api/admin/backup from a listening server into `path`; answers the response's headers. */
export async function downloadBackup(baseUrl: string, cookie: string, path: string): Promise<Headers> {
  const response = await fetch(`${baseUrl}/api/admin/backup`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) {
    throw new Error(`backup download answered ${response.status}: ${await response.text()}`);
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(path));
  return response.headers;
}

/** The public pages of a site in every language, as its sitemaps list them (home and countries too). */
export async function publicPages(app: FastifyInstance): Promise<string[]> {
  const pages = new Set(LANGUAGE_CODES.flatMap((lang) => [`/${lang}/home`, `/${lang}/countries`]));
  const index = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
  for (const [, child] of index.matchAll(/<loc>https?:\/\/[^/<]+(\/sitemaps\/[^<]+)<\/loc>/g)) {
    const body = (await app.inject({ method: 'GET', url: child! })).body;
    for (const [, path] of body.matchAll(/(?:<loc>|href=")https?:\/\/[^/<"]+(\/[a-z]{2}\/[^<"]+)/g)) pages.add(path!);
  }
  return [...pages].sort();
}

/**
 * Each page's status and body, read one after the other on a warm server: every page is read once
 * first, so the reads a server remembers (interface text, maps) are remembered on both sides and
 * the query state embedded in the page lists them in the same order.
 */
export async function readPages(app: FastifyInstance, pages: readonly string[]): Promise<Map<string, string>> {
  for (const url of pages) await app.inject({ method: 'GET', url });
  const bodies = new Map<string, string>();
  for (const url of pages) {
    const response = await app.inject({ method: 'GET', url });
    bodies.set(url, `${response.statusCode}\n${response.body}`);
  }
  return bodies;
}

/** SHA-256 of each file under a local media folder, by key. */
export async function mediaChecksums(mediaDir: string, keys: readonly string[]): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const key of keys)
    sums.set(
      key,
      createHash('sha256')
        .update(await readFile(join(mediaDir, key)))
        .digest('hex'),
    );
  return sums;
}
