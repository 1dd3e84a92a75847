import { describe, expect, it } from 'vitest';
import { browserSuite, waitForHydration, watchConsole } from './helpers';
import { axeViolations, realErrors } from './public-fixtures';

describe('public website on an empty database', () => {
  const suite = browserSuite();

  async function open(path: string, mobile = false) {
    const context = await suite.newContext({ mobile, fullMotion: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const response = await page.goto(`${suite.site.baseUrl}${path}`);
    await waitForHydration(page);
    return { page, errors, status: response?.status() };
  }

  it('says there are no places yet on the home page, in English and Chinese', async () => {
    const en = await open('/en/home');
    expect(en.status).toBe(200);
    await en.page.getByText('No places yet. Check back soon!').waitFor();
    await expect(en.page.getByTestId('place-skeleton').count()).resolves.toBe(0);
    expect(realErrors(en.errors)).toEqual([]);

    const zh = await open('/zh/home', true);
    await zh.page.getByText('暂时还没有地点，敬请期待！').waitFor();
    await zh.page.getByRole('heading', { level: 1, name: '发现世界的隐秘瑰宝' }).waitFor();
    expect(realErrors(zh.errors)).toEqual([]);
  });

  it('says there are no countries yet on the countries page', async () => {
    const en = await open('/en/countries');
    await en.page.getByText('No countries yet.').waitFor();
    const zh = await open('/zh/countries');
    await zh.page.getByText('暂时还没有国家。').waitFor();
  });

  it('answers any slug with the place not-found page and 404', async () => {
    const { page, status } = await open('/en/anything');
    expect(status).toBe(404);
    await page.getByRole('heading', { name: 'Place not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).waitFor();
  });

  it('still offers the language picker and a sitemap of the fixed pages', async () => {
    const { page } = await open('/en/home');
    await page.getByRole('button', { name: /Language: English/ }).waitFor();
    const index = await (await fetch(`${suite.site.baseUrl}/sitemap.xml`)).text();
    expect(index).toContain(`<loc>${suite.site.baseUrl}/sitemaps/pages.xml</loc>`);
    const sitemap = await (await fetch(`${suite.site.baseUrl}/sitemaps/pages.xml`)).text();
    // home, countries, the map of every place and how-we-write, in five languages
    expect(sitemap.match(/<url>/g)).toHaveLength(20);
  });

  it('meets axe on the empty screens', async () => {
    for (const path of ['/en/home', '/zh/countries', '/en/anything']) {
      const { page } = await open(path, path === '/zh/countries');
      await expect(axeViolations(page), path).resolves.toEqual([]);
    }
  });
});
