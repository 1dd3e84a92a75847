import { LANGUAGE_CODES } from '../../shared/languages';
import { HOW_WE_WRITE_PAGE } from '../../shared/site';
import { escapeXml } from '../../shared/xml';
import type { Database } from '../db/client';
import {
  listSitemapChunks,
  readLatestChanges,
  readSitemapChunk,
  type SitemapEntry,
  type SitemapKind,
} from '../db/repos/sitemap-repo';
import { countPublishedByTheme } from '../db/repos/themes-repo';
import { THEMES } from '../../shared/themes';
import { NotFoundError } from '../errors';

/** The sitemap protocol's limit of URLs in one sitemap file. */
const MAX_URLS_PER_SITEMAP = 50_000;
/** Every page is listed once per language, so one child covers at most this many pages. */
export const MAX_PAGES_PER_SITEMAP = Math.floor(MAX_URLS_PER_SITEMAP / LANGUAGE_CODES.length);
/**
 * Pages per sitemap child: 1,000 pages are 5,000 URLs with their alternates, about 4 MB of XML with
 * 30-character slugs (50 kB compressed), well inside the protocol's 50,000 URLs and 50 MB. Larger
 * children near one cache entry's limit (an eighth of RENDER_CACHE_MB: 8 MB by default), past which
 * they would be rebuilt on every request; 100,000 places still make only 100 children.
 */
export const SITEMAP_PAGES_PER_CHILD = 1_000;

const CHUNKED_KINDS: readonly SitemapKind[] = ['countries', 'cities', 'places'];

/** `pages.xml`, or `{kind}-{n}.xml` with n a positive number written without leading zeros. */
const CHILD_NAME = /^(?:(pages)|(countries|cities|places)-([1-9][0-9]{0,8}))\.xml$/;

interface SeoDeps {
  db: Database;
  /** The site's public address, read at call time (tests set it after the app is built). */
  publicUrl: () => string;
  /** Pages per sitemap child (tests use a handful); at most MAX_PAGES_PER_SITEMAP. */
  pagesPerChild?: number;
  /** The footer's pages this site serves (SITE_ABOUT_TEXT, ...): listed with home and countries. */
  infoPages?: readonly string[];
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The newest of some W3C datetimes (all UTC and of one format, so they sort as text). */
const newest = (dates: (string | undefined)[]) =>
  dates.reduce<string | undefined>((a, b) => (a === undefined || (b !== undefined && b > a) ? b : a), undefined);

/**
 * Sitemaps and robots.txt for search engines, built from PUBLIC_URL and the catalogue.
 *
 * /sitemap.xml is an index of children: /sitemaps/pages.xml (home, countries, the map and footer pages), then
 * /sitemaps/{countries,cities,places}-N.xml, the rows of that table numbered (N-1)*size+1 to N*size
 * (each row's number is given when it is made and kept: sitemap-repo.ts). New rows join the last
 * chunk and a deletion leaves a gap, so other children stay as they are; the index reads one kept
 * row per child (decision 039). The routes keep every answer in the response cache until the
 * content changes.
 */
export function createSeoService({ db, publicUrl, infoPages, pagesPerChild = SITEMAP_PAGES_PER_CHILD }: SeoDeps) {
  if (!Number.isSafeInteger(pagesPerChild) || pagesPerChild < 1 || pagesPerChild > MAX_PAGES_PER_SITEMAP) {
    throw new Error(`pagesPerChild must be an integer from 1 to ${MAX_PAGES_PER_SITEMAP}, not ${pagesPerChild}`);
  }

  /**
   * Home, the countries page and the map (the newest place and the newest country are what they show), then
   * the page on how the site is written and the footer's own pages (their text comes from the
   * interface text and the configuration: no date to give).
   */
  const sitePages = async (): Promise<SitemapEntry[]> => {
    const latest = await readLatestChanges(db);
    // the pages of the themes that have published places (docs/product.md §22)
    const themed = new Set((await countPublishedByTheme(db)).map((row) => row.theme));
    return [
      { slug: 'home', lastModified: latest.places },
      { slug: 'countries', lastModified: latest.countries },
      { slug: 'map', lastModified: latest.places },
      { slug: HOW_WE_WRITE_PAGE, lastModified: undefined },
      ...(infoPages ?? []).map((slug) => ({ slug, lastModified: undefined })),
      ...THEMES.filter((theme) => themed.has(theme.id)).map((theme) => ({
        slug: `themes/${theme.slug}`,
        lastModified: undefined,
      })),
    ];
  };

  /** Every page in every language, each with its alternates (xhtml:link) and x-default. */
  const urlset = (pages: SitemapEntry[]) => {
    const base = publicUrl();
    const urlOf = (lang: string, slug: string) =>
      escapeXml(`${base}/${lang}/${slug.split('/').map(encodeURIComponent).join('/')}`);
    const urls = pages.flatMap((page) => {
      const alternates = [
        ...LANGUAGE_CODES.map(
          (lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${urlOf(lang, page.slug)}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${urlOf('en', page.slug)}"/>`,
      ].join('\n');
      return LANGUAGE_CODES.map((lang) =>
        [
          '  <url>',
          `    <loc>${urlOf(lang, page.slug)}</loc>`,
          ...(page.lastModified ? [`    <lastmod>${page.lastModified}</lastmod>`] : []),
          alternates,
          '  </url>',
        ].join('\n'),
      );
    });
    return [
      XML_DECLARATION,
      `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  };

  return {
    pagesPerChild,

    /** /sitemap.xml: one entry per child, with the newest change among the pages it lists. */
    async sitemapIndex(): Promise<string> {
      const base = publicUrl();
      const children: { name: string; lastModified: string | undefined }[] = [
        { name: 'pages.xml', lastModified: newest((await sitePages()).map((page) => page.lastModified)) },
      ];
      // Sequential: each is one pass over its table; together they would only compete.
      for (const kind of CHUNKED_KINDS) {
        for (const chunk of await listSitemapChunks(db, kind, pagesPerChild)) {
          children.push({ name: `${kind}-${chunk.number}.xml`, lastModified: chunk.lastModified });
        }
      }
      return [
        XML_DECLARATION,
        `<sitemapindex xmlns="${SITEMAP_NS}">`,
        ...children.map((child) =>
          [
            '  <sitemap>',
            `    <loc>${escapeXml(`${base}/sitemaps/${child.name}`)}</loc>`,
            ...(child.lastModified ? [`    <lastmod>${child.lastModified}</lastmod>`] : []),
            '  </sitemap>',
          ].join('\n'),
        ),
        '</sitemapindex>',
        '',
      ].join('\n');
    },

    /** /sitemaps/{name}: a child the index names; NotFoundError for any other name. */
    async sitemapChild(name: string): Promise<string> {
      const match = CHILD_NAME.exec(name);
      if (!match) throw new NotFoundError(`No such sitemap: ${name.slice(0, 100)}`);
      if (match[1]) return urlset(await sitePages());
      const kind = match[2] as SitemapKind;
      const pages = await readSitemapChunk(db, kind, pagesPerChild, Number(match[3]));
      if (!pages) throw new NotFoundError(`No such sitemap: ${name}`);
      return urlset(pages);
    },

    /** The public site is open to crawlers; the admin screens and admin API are not. */
    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /iladmin',
        'Disallow: /api/admin',
        '',
        `Sitemap: ${publicUrl()}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
