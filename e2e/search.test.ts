import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchConsole, waitForHydration } from './helpers';
import { axeViolations, publicSuite, realErrors } from './public-fixtures';

describe('search from the navigation', () => {
  const suite = publicSuite();

  async function open(path: string, options: { javaScript?: boolean; mobile?: boolean } = {}) {
    const page = await suite.newPage({
      mobile: options.mobile,
      javaScriptEnabled: options.javaScript !== false,
      serviceWorker: true,
    });
    const errors = watchConsole(page);
    await page.goto(`${suite.site.baseUrl}${path}`);
    // the type-ahead starts on focus, once the page's code has hydrated the box
    if (options.javaScript !== false) await waitForHydration(page);
    return { page, errors };
  }

  const marked = (page: Page) => page.locator('#results mark').allTextContents();

  it('suggests as you type, and Enter opens the search page with the match marked', async () => {
    const { page, errors } = await open('/en/home');
    const box = page.getByRole('combobox', { name: 'Search places, cities and countries' });
    await box.click();
    await box.pressSequentially('belem', { delay: 40 });
    const suggestion = page.locator('#nav-search-list [role="option"]').first();
    await expect.poll(() => suggestion.textContent(), { timeout: 10_000 }).toContain('Belém Tower');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // Suggestions for 'bele' may show first (marking 'Belé'); the list for the whole word follows.
    await expect.poll(() => suggestion.locator('mark').textContent(), { timeout: 10_000 }).toBe('Belém');

    await box.press('Enter');
    await page.waitForURL(`${suite.site.baseUrl}/en/search?q=belem`);
    await expect.poll(() => marked(page)).toContain('Belém');
    const card = page.locator('#results a[href="/en/belem-tower"]');
    expect(await card.count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(realErrors(errors)).toEqual([]);
  });

  it('arrow keys choose a suggestion and Enter goes to its page; Escape closes the list', async () => {
    const { page } = await open('/zh/home');
    const box = page.locator('#nav-search');
    await box.click();
    await box.pressSequentially('里斯本', { delay: 40 });
    const options = page.locator('#nav-search-list [role="option"]');
    await expect.poll(() => options.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await box.press('Escape');
    expect(await options.count()).toBe(0);
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe('nav-search-option-0');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    const first = await options.first().textContent();
    expect(first).toContain('里斯本');
    await box.press('Enter');
    await page.waitForURL(`${suite.site.baseUrl}/zh/lisbon`);
    // the address changes first; the city page follows
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 }).toContain('里斯本');
  });

  it('works without JavaScript: the nav form submits to the server-rendered search page', async () => {
    const { page } = await open('/en/home', { javaScript: false });
    await page.locator('#nav-search').fill('BELÉM');
    await page.locator('#nav-search').press('Enter');
    await page.waitForURL(`${suite.site.baseUrl}/en/search?q=BEL%C3%89M`);
    expect(await marked(page)).toContain('Belém');
    expect(await page.locator('#results a[href="/en/belem-tower"]').count()).toBe(1);

    // the search page's own form, and a typo
    await page.locator('#search-page-input').fill('lisbn');
    await page.locator('#search-page-input').press('Enter');
    await page.waitForURL(`${suite.site.baseUrl}/en/search?q=lisbn`);
    expect(await page.locator('#results a[href="/en/lisbon"]').count()).toBe(1);
  });

  it('reaches the search page from a phone without JavaScript, and the page passes axe', async () => {
    const { page } = await open('/de/home', { javaScript: false, mobile: true });
    await page.getByRole('link', { name: 'Suchen', exact: true }).click();
    await page.waitForURL(`${suite.site.baseUrl}/de/search`);
    expect(await page.locator('#results').textContent()).toContain('Gib den Namen eines Ortes');

    const { page: withScript } = await open('/en/search?q=lisbon');
    await expect.poll(() => marked(withScript)).toContain('Lisbon');
    expect(await axeViolations(withScript)).toEqual([]);
    const { page: home } = await open('/en/home');
    expect(await axeViolations(home)).toEqual([]);
  });

  it('suggests a place by its name in another language, shown in the page’s language', async () => {
    const { page, errors } = await open('/en/home');
    const box = page.getByRole('combobox', { name: 'Search places, cities and countries' });
    await box.click();
    await box.pressSequentially('里斯本', { delay: 40 });
    const options = page.locator('#nav-search-list [role="option"]');
    await expect.poll(() => options.first().textContent(), { timeout: 10_000 }).toContain('Lisbon');
    expect(await options.allTextContents()).not.toContainEqual(expect.stringContaining('里斯本'));
    expect(realErrors(errors)).toEqual([]);
  });

  it('on a 320 px phone, repeats a 300-character query in a short heading and says at once that it is too long', async () => {
    const page = await suite.newPage({
      viewport: { width: 320, height: 640 },
      isMobile: true,
      hasTouch: true,
      serviceWorker: true,
    });
    const response = await page.goto(`${suite.site.baseUrl}/en/search?q=${'lorem ipsum '.repeat(25).trim()}`);
    expect(response?.status()).toBe(400);
    await waitForHydration(page);
    const heading = page.locator('h1');
    expect(await heading.textContent()).toMatch(/^Results for “(lorem ipsum ){4}lorem ipsum…”$/);
    const box = (await heading.boundingBox())!;
    // a few lines, not three screens: heading, message and form share the first screen
    expect(box.height).toBeLessThan(240);
    const message = page.getByRole('alert').filter({ hasText: 'That search is too long' });
    const shown = (await message.boundingBox())!;
    expect(shown.y + shown.height).toBeLessThanOrEqual(640);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    // one long word wraps inside the screen too
    await page.goto(`${suite.site.baseUrl}/en/search?q=${'x'.repeat(300)}`);
    expect((await heading.boundingBox())!.height).toBeLessThan(240);
    const after = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(after[0]).toBeLessThanOrEqual(after[1]!);
    expect(await axeViolations(page)).toEqual([]);
  });
});
