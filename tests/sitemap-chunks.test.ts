import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeoService, type SeoService } from '../src/server/services/seo';
import { makeCity, makePlace } from './helpers/factories';
import { entries, texts } from './helpers/sitemaps';
import { createTestApp, type TestApp } from './helpers/test-app';

const BASE = 'https://travel.example';
const OLD = new Date('2020-01-02T03:04:05.678Z');
const created = (n: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, n));

/**
 * The sitemap index names each child with the newest change among the pages it lists, read from a
 * summary the database keeps as rows change (migration 0018): these tests change rows every way a
 * page can come and go, and check the index against the children a crawler then reads.
 */
describe('sitemap children as places come and go', () => {
  let t: TestApp;
  let seo: SeoService;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: BASE });
    seo = createSeoService({ db: t.db, publicUrl: () => BASE, pagesPerChild: 3 });
    for (let i = 1; i <= 7; i++) await makePlace(t.db, { slug: `spot-${i}`, createdAt: created(i), updatedAt: OLD });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Each child the index names, with its lastmod and the English pages it lists. */
  const crawl = async () => {
    const index = await seo.sitemapIndex();
    const children = new Map<string, { lastmod: string | undefined; pages: string[]; newest: string | undefined }>();
    for (const entry of entries(index, 'sitemap')) {
      const name = texts(entry, 'loc')[0]!.replace(/^.*\/sitemaps\//, '');
      if (name === 'pages.xml') continue;
      const xml = await seo.sitemapChild(name);
      const times = texts(xml, 'lastmod').sort();
      children.set(name, {
        lastmod: texts(entry, 'lastmod')[0],
        pages: texts(xml, 'loc')
          .filter((loc) => loc.startsWith(`${BASE}/en/`))
          .map((loc) => loc.slice(`${BASE}/en/`.length)),
        newest: times[times.length - 1],
      });
    }
    // A crawler that trusts the index's dates misses no change: each is its child's newest page.
    for (const [name, child] of children) expect(child.lastmod, name).toBe(child.newest);
    return children;
  };
  const pagesOf = (children: Awaited<ReturnType<typeof crawl>>) =>
    Object.fromEntries([...children].map(([name, child]) => [name, child.pages]));
  const run = (query: ReturnType<typeof sql>) => t.db.execute(query);

  it('keeps every page in its child when others are deleted, and drops a child left empty', async () => {
    expect(pagesOf(await crawl())).toEqual({
      'places-1.xml': ['spot-1', 'spot-2', 'spot-3'],
      'places-2.xml': ['spot-4', 'spot-5', 'spot-6'],
      'places-3.xml': ['spot-7'],
    });
    await run(sql`delete from places where slug = 'spot-2'`);
    expect(pagesOf(await crawl())).toEqual({
      'places-1.xml': ['spot-1', 'spot-3'],
      'places-2.xml': ['spot-4', 'spot-5', 'spot-6'],
      'places-3.xml': ['spot-7'],
    });

    await run(sql`delete from places where slug in ('spot-1', 'spot-3')`);
    expect(pagesOf(await crawl())).toEqual({
      'places-2.xml': ['spot-4', 'spot-5', 'spot-6'],
      'places-3.xml': ['spot-7'],
    });
    await expect(seo.sitemapChild('places-1.xml')).rejects.toMatchObject({ status: 404 });

    // A new place joins the last child, not an old one.
    await makePlace(t.db, { slug: 'spot-8', createdAt: created(8), updatedAt: OLD });
    expect((await crawl()).get('places-3.xml')!.pages).toEqual(['spot-7', 'spot-8']);
  });

  it('moves a child’s lastmod forward on an edit and back when its newest page goes', async () => {
    expect((await crawl()).get('places-2.xml')!.lastmod).toBe('2020-01-02T03:04:05Z');
    await run(sql`update places set title = title || '!' where slug = 'spot-6'`);
    const edited = (await crawl()).get('places-2.xml')!.lastmod!;
    expect(edited > '2020-01-02T03:04:05Z').toBe(true);

    // Unpublished: spot-6 leaves the sitemap, and the child's date is its remaining pages' again.
    await run(sql`update places set state = 'draft' where slug = 'spot-6'`);
    let child = (await crawl()).get('places-2.xml')!;
    expect(child.pages).toEqual(['spot-4', 'spot-5']);
    expect(child.lastmod).toBe('2020-01-02T03:04:05Z');

    // Published again: back, with the time of that change.
    await run(sql`update places set state = 'published' where slug = 'spot-6'`);
    child = (await crawl()).get('places-2.xml')!;
    expect(child.pages).toEqual(['spot-4', 'spot-5', 'spot-6']);
    expect(child.lastmod! >= edited).toBe(true);

    // A place that loses its web address has no page to list.
    await run(sql`update places set slug = null where slug = 'spot-6'`);
    child = (await crawl()).get('places-2.xml')!;
    expect(child.pages).toEqual(['spot-4', 'spot-5']);
    expect(child.lastmod).toBe('2020-01-02T03:04:05Z');
  });

  it('hides a place behind a city that takes its address, and shows it again when the city goes', async () => {
    const before = (await crawl()).get('places-3.xml')!;
    expect(before.pages).toEqual(['spot-7', 'spot-8']);

    await makeCity(t.db, { slug: 'spot-8', name: 'Spot Eight', updatedAt: OLD });
    let children = await crawl();
    expect(children.get('places-3.xml')!.pages).toEqual(['spot-7']);
    expect(children.get('cities-1.xml')!.pages).toEqual(['spot-8']);

    await run(sql`update cities set slug = 'spot-eight' where slug = 'spot-8'`);
    children = await crawl();
    expect(children.get('places-3.xml')!.pages).toEqual(['spot-7', 'spot-8']);
    expect(children.get('cities-1.xml')!.pages).toEqual(['spot-eight']);

    await run(sql`delete from cities where slug = 'spot-eight'`);
    children = await crawl();
    expect(children.has('cities-1.xml')).toBe(false);
    expect(children.get('places-3.xml')!.pages).toEqual(['spot-7', 'spot-8']);
  });

  it('gives the server’s own chunk size the same children as a size first used later', async () => {
    const big = createSeoService({ db: t.db, publicUrl: () => BASE });
    const index = await big.sitemapIndex();
    const names = entries(index, 'sitemap').map((entry) => texts(entry, 'loc')[0]!.replace(/^.*\/sitemaps\//, ''));
    expect(names).toEqual(['pages.xml', 'places-1.xml']);
    const all = texts(await big.sitemapChild('places-1.xml'), 'loc').filter((loc) => loc.startsWith(`${BASE}/en/`));
    expect(all).toEqual(['spot-4', 'spot-5', 'spot-7', 'spot-8'].map((slug) => `${BASE}/en/${slug}`));
  });
});
