import { describe, expect, it } from 'vitest';
import { waitForHydration, watchConsole } from './helpers';
import { axeViolations, publicSuite, realErrors } from './public-fixtures';

describe('public website on seeded data', () => {
  const suite = publicSuite();

  async function open(path: string, options: { mobile?: boolean; fullMotion?: boolean } = {}) {
    const context = await suite.newContext({ fullMotion: true, ...options });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const response = await page.goto(`${suite.site.baseUrl}${path}`);
    await waitForHydration(page);
    return { page, errors, status: response?.status(), context };
  }

  const html = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${suite.site.baseUrl}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, body: await response.text(), response };
  };

  describe('server-rendered HTML (no JavaScript)', () => {
    it('serves built scripts compressed and cached for a year, other static files for an hour', async () => {
      const home = await html('/en/home');
      const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(`${suite.site.baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const icon = await fetch(`${suite.site.baseUrl}/favicon.svg`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('answers the home page with its places, title suffix and language, in English and Chinese', async () => {
      const en = await html('/en/home');
      expect(en.status).toBe(200);
      expect(en.body).toContain('<html lang="en">');
      expect(en.body).toContain('<title>Discover the World’s Hidden Gems | Travel Places</title>');
      expect(en.body).toContain('Belém Tower');
      expect(en.body).toContain('September 14, 2024');

      const zh = await html('/zh/home');
      expect(zh.body).toContain('<html lang="zh">');
      expect(zh.body).toMatch(/<title>[^<]+\| 旅行地点<\/title>/);
      expect(zh.body).toContain('贝伦塔');
      expect(zh.body).toContain('发现世界的隐秘瑰宝');
    });

    it('answers a place page with its text, canonical, hreflang alternates and Article JSON-LD', async () => {
      const { status, body } = await html(`/en/${suite.catalogue.placeSlug}`);
      expect(status).toBe(200);
      expect(body).toContain('<h1');
      expect(body).toContain('Belém Tower');
      expect(body).toContain('Built between 1514 and 1519 to guard the harbour.');
      expect(body).toContain(`<link rel="canonical" href="${suite.site.baseUrl}/en/belem-tower" />`);
      for (const lang of ['en', 'es', 'de', 'fr', 'zh']) {
        expect(body).toContain(
          `<link rel="alternate" hreflang="${lang}" href="${suite.site.baseUrl}/${lang}/belem-tower" />`,
        );
      }
      expect(body).toContain(
        `<link rel="alternate" hreflang="x-default" href="${suite.site.baseUrl}/en/belem-tower" />`,
      );
      expect(body).toMatch(
        new RegExp(`<meta property="og:image" content="${suite.site.baseUrl}/media/web/[^"]+-1000.jpg"`),
      );
      expect(body).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(body).toContain('<meta property="og:type" content="article" />');

      const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)?.[1];
      const article = JSON.parse(json ?? 'null') as Record<string, unknown>;
      expect(article).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Belém Tower',
        datePublished: '2024-09-14',
        inLanguage: 'en',
        description: 'A limestone fortress standing in the Tagus.',
        contentLocation: { '@type': 'Place', name: 'Lisbon, Portugal' },
      });
      expect((article.image as string[])[0]).toMatch(new RegExp(`^${suite.site.baseUrl}/media/web/`));
    });

    it('renders the Chinese place page with translated text and the Chinese date', async () => {
      const { body } = await html(`/zh/${suite.catalogue.placeSlug}`);
      expect(body).toContain('<html lang="zh">');
      expect(body).toContain('贝伦塔');
      expect(body).toContain('贝伦塔建于1514年至1519年');
      expect(body).toContain('2024年9月14日');
      expect(body).toContain('"inLanguage":"zh"');
    });

    it('cuts country and city meta descriptions to 160 characters', async () => {
      const long = 'Lagoons, waterfalls and black-sand beaches. '.repeat(10);
      const { makeCountry } = await import('../tests/helpers/factories');
      await makeCountry(suite.site.db, { name: 'Iceland', slug: 'iceland', description: long });
      const { body } = await html('/en/iceland');
      const description = /<meta name="description" content="([^"]*)"/.exec(body)?.[1] ?? '';
      expect(description.length).toBeLessThanOrEqual(160);
      expect(long.startsWith(description.replace(/…$/, ''))).toBe(true);
    });

    it('answers 404 with the spec texts for an unknown place and page, and English for an unknown language', async () => {
      const place = await html('/en/no-such-place');
      expect(place.status).toBe(404);
      expect(place.body).toContain('Place not found');
      expect(place.body).toContain('href="/en/home"');
      expect(place.body).toContain('<meta name="robots" content="noindex" />');

      const zhPlace = await html('/zh/no-such-place');
      expect(zhPlace.status).toBe(404);
      expect(zhPlace.body).toContain('未找到该地点');

      for (const path of ['/en/home/extra', '/nothing-here']) {
        const page = await html(path);
        expect(page.status, path).toBe(404);
        expect(page.body, path).toContain('Page Not Found');
      }
      // an unsupported language is English (docs/product.md §2.2): the same page under /en/
      const unsupported = await html('/xx/home');
      expect(unsupported.status).toBe(302);
      expect(unsupported.response.headers.get('location')).toBe('/en/home');
    });

    it('redirects / to the home page of the remembered language', async () => {
      const plain = await html('/');
      expect(plain.status).toBe(302);
      expect(plain.response.headers.get('location')).toBe('/en/home');
      const remembered = await html('/', { cookie: 'lang=zh' });
      expect(remembered.response.headers.get('location')).toBe('/zh/home');
      for (const bare of ['/es', '/es/']) {
        expect((await html(bare)).response.headers.get('location')).toBe('/es/home');
      }
    });

    it('serves robots.txt and a sitemap with every page in every language and its alternates', async () => {
      const robots = await html('/robots.txt');
      expect(robots.body).toContain('User-agent: *');
      expect(robots.body).toContain('Allow: /');
      expect(robots.body).toContain('Disallow: /iladmin');
      expect(robots.body).toContain('Disallow: /api/admin');
      expect(robots.body).toContain(`Sitemap: ${suite.site.baseUrl}/sitemap.xml`);

      const index = await html('/sitemap.xml');
      expect(index.response.headers.get('content-type')).toContain('application/xml');
      expect(index.body).toContain('<sitemapindex');
      // every child sitemap the index names, read as a crawler would
      const children = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(children.length).toBeGreaterThanOrEqual(4);
      const sitemap = { body: '' };
      for (const child of children) {
        expect(child.startsWith(`${suite.site.baseUrl}/sitemaps/`)).toBe(true);
        const answer = await fetch(child);
        expect(answer.status).toBe(200);
        sitemap.body += await answer.text();
      }
      for (const lang of ['en', 'es', 'de', 'fr', 'zh']) {
        for (const slug of ['home', 'countries', 'portugal', 'lisbon', 'belem-tower']) {
          expect(sitemap.body).toContain(`<loc>${suite.site.baseUrl}/${lang}/${slug}</loc>`);
        }
        expect(sitemap.body).toContain(
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${suite.site.baseUrl}/${lang}/belem-tower"/>`,
        );
      }
      expect(sitemap.body).toContain(`hreflang="x-default" href="${suite.site.baseUrl}/en/belem-tower"`);
    });
  });

  describe('in the browser', () => {
    it('resolves a slug as a country, then a city, then a place, following the links', async () => {
      const { page, errors } = await open(`/en/${suite.catalogue.countrySlug}`);
      await page.getByRole('heading', { level: 1, name: 'Portugal', exact: true }).waitFor();
      const aboutCountry = page.getByRole('region', { name: 'About Portugal' });
      await aboutCountry.getByText('Golden cliffs and tiled façades by the Atlantic.').waitFor();
      await expect(page.getByRole('link', { name: 'Explore cities' }).getAttribute('href')).resolves.toBe('#cities');
      await page
        .getByRole('link', { name: /Lisbon/ })
        .first()
        .click();
      await page.waitForURL(`${suite.site.baseUrl}/en/lisbon`);
      await page.getByRole('heading', { level: 1, name: 'Lisbon', exact: true }).waitFor();
      // the line above the city's name is its country
      await page.locator('.hero-eyebrow', { hasText: 'Portugal' }).waitFor();
      const aboutCity = page.getByRole('region', { name: 'About Lisbon' });
      await aboutCity.getByText('Seven hills, yellow trams and the Tagus river.').waitFor();
      await expect(page.getByRole('link', { name: 'Explore places' }).getAttribute('href')).resolves.toBe('#places');
      await page.getByRole('link', { name: /Belém Tower/ }).click();
      await page.waitForURL(`${suite.site.baseUrl}/en/belem-tower`);
      await page.getByRole('heading', { level: 1, name: 'Belém Tower', exact: true }).waitFor();
      await page.waitForFunction(() => document.title === 'Belém Tower | Travel Places');
      expect(realErrors(errors)).toEqual([]);
    });

    it('shows the Chinese country page through the same slug', async () => {
      const { page, errors } = await open(`/zh/${suite.catalogue.countrySlug}`);
      await page.getByRole('heading', { level: 1, name: '葡萄牙', exact: true }).waitFor();
      await page
        .getByRole('link', { name: /里斯本/ })
        .first()
        .waitFor();
      expect(realErrors(errors)).toEqual([]);
    });

    it('switches language from the picker, keeps the page and remembers the choice for a year', async () => {
      const { page, context, errors } = await open(`/en/${suite.catalogue.placeSlug}`);
      await page.getByRole('button', { name: /Language: English/ }).click();
      await page.getByRole('link', { name: '中文' }).first().click();
      await page.waitForURL(`${suite.site.baseUrl}/zh/belem-tower`);
      await page.getByRole('heading', { level: 1, name: '贝伦塔', exact: true }).waitFor();
      await page.waitForFunction(() => document.documentElement.lang === 'zh');

      const cookie = (await context.cookies()).find((c) => c.name === 'lang');
      expect(cookie).toMatchObject({ value: 'zh', path: '/', sameSite: 'Lax' });
      const days = (cookie!.expires - Date.now() / 1000) / 86400;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThanOrEqual(365.01);

      await page.goto(`${suite.site.baseUrl}/`);
      await page.waitForURL(`${suite.site.baseUrl}/zh/home`);
      await page.goto(`${suite.site.baseUrl}/unknown/path/here`);
      await page.getByRole('heading', { name: '页面未找到' }).waitFor();
      expect(realErrors(errors)).toEqual([]);
    });

    it('shows every card at once to a visitor who prefers reduced motion', async () => {
      const { page } = await open('/en/home', { fullMotion: false });
      const cards = page.locator('li.reveal');
      await expect(cards.count()).resolves.toBeGreaterThan(5);
      // no card waits for its turn: all are fully shown as soon as the page is live
      const opacities = await cards.evaluateAll((items) => items.map((item) => getComputedStyle(item).opacity));
      expect(opacities.every((opacity) => opacity === '1')).toBe(true);
    });

    it('keeps the nav transparent until the page is scrolled more than 50 px', async () => {
      const { page } = await open('/en/home');
      const header = page.locator('header');
      await expect(header.getAttribute('data-scrolled')).resolves.toBe('false');
      const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(transparent).toBe('rgba(0, 0, 0, 0)');
      await page.evaluate(() => window.scrollTo(0, 50));
      // the scroll has been handled and painted: two frames later
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await expect(header.getAttribute('data-scrolled')).resolves.toBe('false');
      await page.evaluate(() => window.scrollTo(0, 51));
      await page.waitForFunction(() => document.querySelector('header')?.dataset.scrolled === 'true');
      // the background fades in
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector('header')!).backgroundColor !== 'rgba(0, 0, 0, 0)',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => document.querySelector('header')?.dataset.scrolled === 'false');
    });

    it('opens and closes the mobile menu, which holds the links and the languages', async () => {
      const { page, errors } = await open('/en/home', { mobile: true });
      const toggle = page.getByRole('button', { name: 'Menu' });
      await expect(page.locator('#mobile-menu').isVisible()).resolves.toBe(false);
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      await toggle.click();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      const menu = page.locator('#mobile-menu');
      await menu.getByRole('link', { name: 'Español' }).waitFor();
      await page.keyboard.press('Escape');
      await expect(menu.isVisible()).resolves.toBe(false);
      await toggle.click();
      await menu.getByRole('link', { name: 'Countries' }).click();
      await page.waitForURL(`${suite.site.baseUrl}/en/countries`);
      await menu.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'Countries' }).waitFor();
      expect(realErrors(errors)).toEqual([]);
    });

    it('scrolls to the places when the visitor starts exploring', async () => {
      const { page } = await open('/en/home');
      await page.getByRole('link', { name: 'Start exploring' }).click();
      await page.waitForFunction(() => {
        // the section stops just below the fixed nav (scroll-margin)
        const top = document.getElementById('explore')?.getBoundingClientRect().top ?? 999;
        return top >= 0 && top < 100;
      });
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    });

    it('loads the home page with its places already in it when the navigation links there', async () => {
      // Public pages link to each other with full page loads (docs/decisions/036-islands.md): the
      // server's HTML has the places, so no skeleton is ever shown while they load.
      const { page } = await open('/en/countries');
      await page.locator('header').getByRole('link', { name: 'Home' }).click();
      await page.waitForURL(`${suite.site.baseUrl}/en/home`);
      await page.getByRole('link', { name: /Belém Tower/ }).waitFor();
      await expect(page.getByTestId('place-skeleton').count()).resolves.toBe(0);
    });

    it('pages through the gallery: main image plus gallery, buttons disabled at the ends, arrow keys', async () => {
      const { page, errors } = await open(`/en/${suite.catalogue.placeSlug}`);
      await page.getByRole('link', { name: 'Gallery (3)' }).waitFor();
      const gallery = page.getByRole('region', { name: 'Gallery' });
      const previous = gallery.getByRole('button', { name: 'Previous image' });
      const next = gallery.getByRole('button', { name: 'Next image' });
      await gallery.getByText('1 / 3').waitFor();
      await expect(previous.isDisabled()).resolves.toBe(true);
      await next.click();
      await gallery.getByText('2 / 3').waitFor();
      await next.click();
      await gallery.getByText('3 / 3').waitFor();
      await expect(next.isDisabled()).resolves.toBe(true);
      await previous.focus();
      await page.keyboard.press('ArrowLeft');
      await gallery.getByText('2 / 3').waitFor();
      expect(realErrors(errors)).toEqual([]);
    });

    it('hides the carousel arrows and the jump buttons when a place has only its main image', async () => {
      const { page } = await open(`/en/${suite.catalogue.loneSlug}`);
      const gallery = page.getByRole('region', { name: 'Gallery' });
      await gallery.getByRole('link', { name: /Download full resolution/ }).waitFor();
      await expect(gallery.getByText('1 / 1').count()).resolves.toBe(0);
      await expect(gallery.getByRole('button', { name: 'Next image' }).count()).resolves.toBe(0);
      await expect(gallery.getByRole('button', { name: 'Previous image' }).count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: /Gallery \(/ }).count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: 'A short history' }).count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: 'Did you know?' }).count()).resolves.toBe(0);
      // no full description: the short one is the text
      await page.getByText('A lighthouse with nothing else to show.').first().waitFor();
    });

    it('offers every image in full resolution as an attachment, with the CC0 notice', async () => {
      const { page } = await open(`/en/${suite.catalogue.placeSlug}`);
      await page
        .getByText('All photos are public domain under CC0 and can be downloaded in full resolution.')
        .waitFor();
      const link = page.getByRole('link', { name: 'Download full resolution' });
      const href = await link.getAttribute('href');
      expect(href).toMatch(
        new RegExp(`^/media/originals/[^?]+\\.jpg\\?download=1&name=${suite.catalogue.placeSlug}-1$`),
      );
      const response = await fetch(`${suite.site.baseUrl}${href}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${suite.catalogue.placeSlug}-1.jpg"`,
      );
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toBe(`${suite.catalogue.placeSlug}-1.jpg`);
    });

    it('shows the history timeline and toggles trivia answers one by one or all at once', async () => {
      const { page } = await open(`/en/${suite.catalogue.placeSlug}`);
      await page.getByRole('heading', { name: 'A short history' }).waitFor();
      await page.getByText('Opens for the World’s Fair.').waitFor();

      const questions = page.locator('#trivia button[aria-expanded]');
      await expect(questions.count()).resolves.toBe(3);
      const answer = page.getByText('It recalls the rhino sent to King Manuel I.');
      await expect(answer.isVisible()).resolves.toBe(false);
      await questions.nth(0).click();
      await expect(answer.isVisible()).resolves.toBe(true);
      await expect(questions.nth(1).getAttribute('aria-expanded')).resolves.toBe('false');

      await page.getByRole('button', { name: 'Reveal all answers' }).click();
      for (let i = 0; i < 3; i++) await expect(questions.nth(i).getAttribute('aria-expanded')).resolves.toBe('true');
      await page.getByRole('button', { name: 'Hide all answers' }).waitFor();

      // collapsing a single question clears the all-revealed flag
      await questions.nth(1).click();
      await page.getByRole('button', { name: 'Reveal all answers' }).waitFor();
      await expect(questions.nth(0).getAttribute('aria-expanded')).resolves.toBe('true');

      await page.getByRole('button', { name: 'Reveal all answers' }).click();
      await page.getByRole('button', { name: 'Hide all answers' }).click();
      for (let i = 0; i < 3; i++) await expect(questions.nth(i).getAttribute('aria-expanded')).resolves.toBe('false');
    });

    it('lists at most five related places under "See also in Lisbon"', async () => {
      const { page } = await open(`/en/${suite.catalogue.placeSlug}`);
      const related = page.locator('section', { has: page.getByRole('heading', { name: 'See also in Lisbon' }) });
      await related.waitFor();
      await expect(related.getByRole('listitem').count()).resolves.toBe(5);
      await expect(related.getByRole('link', { name: /Belém Tower/ }).count()).resolves.toBe(0);
    });

    it('shows the place not-found message with a way home, in Chinese too', async () => {
      const { page, status } = await open('/zh/missing-place');
      expect(status).toBe(404);
      await page.getByRole('heading', { name: '未找到该地点' }).waitFor();
      await page.getByRole('link', { name: '返回首页' }).click();
      await page.waitForURL(`${suite.site.baseUrl}/zh/home`);
    });

    it('shows Place Not Found when a city disappears while the visitor browses it', async () => {
      const { makeCity } = await import('../tests/helpers/factories');
      const { cities } = await import('../src/server/db/schema');
      const { eq } = await import('drizzle-orm');
      const city = await makeCity(suite.site.db, { name: 'Sintra', country: 'Portugal', slug: 'sintra' });
      const { page } = await open('/en/sintra');
      await page.getByRole('heading', { level: 1, name: 'Sintra', exact: true }).waitFor();
      await suite.site.db.delete(cities).where(eq(cities.id, city.id));
      // the language link loads the address again (docs/decisions/036-islands.md): no country, city or
      // place has that name now, so it is the place page's "not found", like any unknown address
      await page.locator('footer').getByRole('link', { name: 'Español' }).click();
      await page.getByRole('heading', { name: 'Lugar no encontrado' }).waitFor();
      await expect(page.getByRole('heading', { level: 1, name: 'Sintra' }).count()).resolves.toBe(0);
    });

    // one language per test: six pages with axe each take a quarter of a minute on a loaded 2-core machine
    it.each(['en', 'zh'])('hydrates every screen without warnings and meets axe in %s', async (lang) => {
      const paths = [
        'home',
        'countries',
        suite.catalogue.countrySlug,
        suite.catalogue.citySlug,
        suite.catalogue.placeSlug,
        'missing-place',
      ];
      // Each screen is a whole document load and hydration in one tab. With reduced motion the cards
      // are in place at once; axe judges the same settled page a full-motion visitor ends up with.
      const { page, errors } = await open(`/${lang}/${paths[0]}`, { fullMotion: false });
      for (const path of paths) {
        if (path !== paths[0]) {
          await page.goto(`${suite.site.baseUrl}/${lang}/${path}`);
          await waitForHydration(page);
        }
        await expect(axeViolations(page), `/${lang}/${path}`).resolves.toEqual([]);
        expect(realErrors(errors), `/${lang}/${path}`).toEqual([]);
      }
      await page.context().close();
    });

    it('hydrates an unknown address on a phone without warnings and meets axe', async () => {
      const { page, errors } = await open('/some/unknown/page', { mobile: true });
      await expect(axeViolations(page)).resolves.toEqual([]);
      expect(realErrors(errors)).toEqual([]);
    });

    it('keeps the trivia and picker usable by keyboard alone', async () => {
      const { page } = await open(`/en/${suite.catalogue.placeSlug}`);
      const picker = page.getByRole('button', { name: /Language: English/ });
      await picker.focus();
      await page.keyboard.press('Enter');
      await expect(picker.getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('Escape');
      await expect(picker.getAttribute('aria-expanded')).resolves.toBe('false');
      const first = page.locator('#trivia button[aria-expanded]').first();
      await first.focus();
      await page.keyboard.press('Enter');
      await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('Space');
      await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
    });
  });
});
