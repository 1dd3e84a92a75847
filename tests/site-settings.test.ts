import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/server/config';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

const pages = { pages: { renderSource: sourceRenderSource() } };

describe('the footer and site names from configuration', () => {
  let t: TestApp;
  let open: TestApp | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('by default names no invented organisation and links nowhere it was not told to', async () => {
    t = open = await createTestApp({}, pages);
    const home = await t.app.inject({ url: '/en/home' });
    expect(home.statusCode).toBe(200);
    const footer = /<footer[\s\S]*<\/footer>/.exec(home.body)![0];
    expect(footer).not.toMatch(/Foundation|Published by|earlier version|Follow us/i);
    expect(footer).not.toContain('youtube.com');
    expect(footer).toContain('Travel Places');
    expect((await t.app.inject({ url: '/api/site' })).json()).toEqual({
      publisherName: '',
      publisherUrl: '',
      earlierVersionUrl: '',
      social: [],
      twitterHandle: '',
      mapStyleUrl: '',
      infoPages: [],
      // no AI model: how-we-write says so (decision 032)
      aiModel: false,
    });
  });

  it('shows the configured name, tagline, publisher, earlier site and social links on every page', async () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/unused',
      SITE_NAME: 'Wander Atlas',
      SITE_TAGLINE: 'Slow travel, fast pages.',
      SITE_PUBLISHER_NAME: 'Atlas Press',
      SITE_PUBLISHER_URL: 'https://press.example/',
      SITE_EARLIER_VERSION_URL: 'https://old.example/',
      SITE_YOUTUBE_URL: 'https://video.example/@atlas',
      SITE_TIKTOK_URL: 'https://short.example/@atlas',
      SITE_TWITTER_HANDLE: '@atlas',
    });
    t = open = await createTestApp({ site: config.site, siteTexts: config.siteTexts }, pages);
    const place = await makePlace(t.db, { slug: 'belem-tower', title: 'Belém Tower' });
    for (const path of ['/en/home', '/de/home', `/fr/${place.slug}`]) {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      const footer = /<footer[\s\S]*<\/footer>/.exec(page.body)![0];
      expect(footer).toContain('Wander Atlas');
      expect(footer).toContain('Slow travel, fast pages.');
      expect(footer).toContain('Atlas Press.');
      expect(footer).toContain('href="https://old.example/"');
      expect(footer).toContain('href="https://video.example/@atlas"');
      expect(footer).toContain('href="https://short.example/@atlas"');
      expect(footer).not.toContain('aria-label="Facebook"');
      expect(page.body).toMatch(/<title>[^<]*\| Wander Atlas<\/title>/);
    }
    expect((await t.app.inject({ url: '/en/home' })).body).toContain('Published by Atlas Press.');
    const article = await t.app.inject({ url: `/en/${place.slug}` });
    expect(article.body).toContain(
      '"publisher":{"@type":"Organization","name":"Atlas Press","url":"https://press.example/","logo":{"@type":"ImageObject","url":"http://localhost:3000/logo.png","width":512,"height":512}}',
    );
    expect(article.body).toContain('<meta name="twitter:site" content="@atlas" />');
  });

  it('refuses a link that is not http(s) and a malformed handle, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SITE_YOUTUBE_URL: 'javascript:alert(1)' })).toThrow(
      /SITE_YOUTUBE_URL must be an absolute http/,
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SITE_TWITTER_HANDLE: 'not a handle' })).toThrow(ConfigError);
  });
});
