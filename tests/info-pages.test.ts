import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/server/config';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { texts } from './helpers/sitemaps';
import { createTestApp, type TestApp } from './helpers/test-app';

const BASE = 'https://travel.example';
const pages = { pages: { renderSource: sourceRenderSource() } };

/** The footer's About, Contact, Privacy and Imprint pages, from SITE_* settings (review item 14). */
describe('footer pages about the site', () => {
  let open: TestApp | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  const start = async (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: '/tmp/unused', ...env });
    open = await createTestApp(
      { publicUrl: BASE, site: config.site, siteTexts: config.siteTexts, infoPageTexts: config.infoPageTexts },
      pages,
    );
    return open;
  };
  const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)![0];

  it('serves a configured text as a page in every language, linked from the footer and listed in the sitemap', async () => {
    const t = await start({
      SITE_ABOUT_TEXT: 'We travel slowly.\\n\\nAnd we write about it.',
      SITE_IMPRINT_TEXT: 'Atlas Press Ltd\\n1 Example Street\\nLondon',
      SITE_IMPRINT_TEXT_DE: 'Atlas Press GmbH\\nBeispielstraße 1\\n10115 Berlin',
      SITE_PRIVACY_URL: 'https://atlas.example/privacy',
    });

    const about = await t.app.inject({ url: '/en/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toMatch(/<h1[^>]*>About<\/h1>/);
    expect(about.body).toContain('<p class="whitespace-pre-line">We travel slowly.</p>');
    expect(about.body).toContain('<p class="whitespace-pre-line">And we write about it.</p>');
    expect(about.body).toMatch(/<title>About \| Travel Places<\/title>/);
    expect(about.body).toContain(`<link rel="canonical" href="${BASE}/en/about"`);

    // its own text in German, lines kept as written; the common text in the other languages
    const impressum = await t.app.inject({ url: '/de/imprint' });
    expect(impressum.statusCode).toBe(200);
    expect(impressum.body).toMatch(/<h1[^>]*>Impressum<\/h1>/);
    expect(impressum.body).toContain('Atlas Press GmbH\nBeispielstraße 1\n10115 Berlin');
    const mentions = await t.app.inject({ url: '/fr/imprint' });
    expect(mentions.body).toMatch(/<h1[^>]*>Mentions légales<\/h1>/);
    expect(mentions.body).toContain('Atlas Press Ltd\n1 Example Street\nLondon');

    // the footer links the pages that are set, in every language, and nothing else
    for (const path of ['/en/home', '/de/countries']) {
      const lang = path.slice(1, 3);
      const footer = footerOf((await t.app.inject({ url: path })).body);
      expect(footer).toContain(`href="/${lang}/about"`);
      expect(footer).toContain(`href="/${lang}/imprint"`);
      expect(footer).toContain('href="https://atlas.example/privacy"');
      expect(footer).not.toContain(`/${lang}/contact"`);
    }
    expect(footerOf((await t.app.inject({ url: '/de/home' })).body)).toMatch(/>Impressum<\/a>/);

    // a page set as a link is not served here; one not set at all is not found
    expect((await t.app.inject({ url: '/en/privacy' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/en/contact' })).statusCode).toBe(404);

    const api = await t.app.inject({ url: '/api/site/pages/imprint/de' });
    expect(api.json()).toEqual({ page: 'imprint', text: 'Atlas Press GmbH\nBeispielstraße 1\n10115 Berlin' });
    expect((await t.app.inject({ url: '/api/site/pages/contact/en' })).statusCode).toBe(404);

    const sitemap = texts((await t.app.inject({ url: '/sitemaps/pages.xml' })).body, 'loc');
    expect(sitemap).toEqual(expect.arrayContaining([`${BASE}/en/about`, `${BASE}/zh/imprint`]));
    expect(sitemap.filter((loc) => /\/(privacy|contact)$/.test(loc))).toEqual([]);
  });

  it('answers 404 for every footer page and shows no such link when none is set', async () => {
    const t = await start({});
    for (const page of ['about', 'contact', 'privacy', 'imprint']) {
      const response = await t.app.inject({ url: `/de/${page}` });
      expect(response.statusCode, page).toBe(404);
      expect(response.body).toMatch(/<meta name="robots" content="noindex/);
      // (the language links lead to the same address in the other languages)
      expect(footerOf(response.body)).not.toContain('aria-label="Über diese Website"');
      expect(footerOf(response.body)).not.toMatch(/>(Über uns|Kontakt|Datenschutz|Impressum)</);
    }
    expect(footerOf((await t.app.inject({ url: '/en/home' })).body)).not.toContain('About this site');
    const sitemap = texts((await t.app.inject({ url: '/sitemaps/pages.xml' })).body, 'loc');
    expect(sitemap.filter((loc) => /\/(about|contact|privacy|imprint)$/.test(loc))).toEqual([]);
  });

  it('still shows an older place at such an address while the page is not set', async () => {
    const t = await start({});
    await makePlace(t.db, { slug: 'contact', title: 'Contact Point Lighthouse' });
    const response = await t.app.inject({ url: '/en/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Contact Point Lighthouse');
  });

  it('refuses a page set both as a link and as a text, or a language text without the common one', () => {
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/x', SITE_ABOUT_URL: 'https://a.example/', SITE_ABOUT_TEXT: 'Hello' }),
    ).toThrow('Invalid configuration: set SITE_ABOUT_URL or SITE_ABOUT_TEXT, not both');
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SITE_IMPRINT_TEXT_DE: 'Impressum' })).toThrow(
      'Invalid configuration: SITE_IMPRINT_TEXT_DE needs SITE_IMPRINT_TEXT too, the text of the other languages',
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SITE_CONTACT_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SITE_PRIVACY_TEXT: 'x'.repeat(20_001) })).toThrow(
      /SITE_PRIVACY_TEXT must be at most 20000 characters/,
    );
  });
});
