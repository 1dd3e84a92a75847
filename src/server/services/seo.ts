import { LANGUAGE_CODES } from '../../shared/languages';
import type { Database } from '../db/client';
import { listPublicSlugs, type SitemapEntry } from '../db/repos/sitemap-repo';

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Sitemap and robots.txt for search engines, built from PUBLIC_URL and the catalogue. */
export function createSeoService(db: Database, publicUrl: () => string) {
  return {
    /** Every public page in every language, each with its alternates (xhtml:link) and x-default. */
    async sitemap(): Promise<string> {
      const base = publicUrl();
      const slugs = await listPublicSlugs(db);
      // Slug resolution takes a country before a city before a place: list each path once.
      const seen = new Set<string>();
      const pages: SitemapEntry[] = [];
      for (const entry of [
        { slug: 'home', lastModified: undefined },
        { slug: 'countries', lastModified: undefined },
        ...slugs.countries,
        ...slugs.cities,
        ...slugs.places,
      ]) {
        if (seen.has(entry.slug)) continue;
        seen.add(entry.slug);
        pages.push(entry);
      }

      const urlOf = (lang: string, slug: string) => escapeXml(`${base}/${lang}/${encodeURIComponent(slug)}`);
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
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n');
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
