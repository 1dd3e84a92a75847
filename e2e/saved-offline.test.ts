import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, waitForHydration, watchConsole } from './helpers';
import { axeViolations, publicSuite, realErrors } from './public-fixtures';

/** Issue 31, items 1 and 2 (docs/decisions/023-saved-and-offline.md): save without an account, read offline. */
describe('saved places and offline reading', () => {
  const suite = publicSuite();

  async function fresh(mobile = true) {
    const context = await suite.newContext({ mobile, serviceWorker: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    return { context, page, errors };
  }

  async function open(page: Page, path: string) {
    const response = await page.goto(`${suite.site.baseUrl}${path}`);
    await waitForHydration(page);
    return response;
  }

  /** Whether the service worker has stored `path` (a page or a photo). */
  const stored = (page: Page, path: string) =>
    page.evaluate(async (key) => Boolean(await caches.match(key, { ignoreVary: true })), path);

  /** An edit through the admin API, over HTTP as the admin screens send it. */
  async function editTitle(slug: string, title: string) {
    const json = { origin: suite.site.baseUrl, 'content-type': 'application/json' };
    const login = await fetch(`${suite.site.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = /tp_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    const place = (await (await fetch(`${suite.site.baseUrl}/api/places/by-slug/${slug}/translations/en`)).json()) as {
      id: string;
      description: string;
      location: string;
      country: string;
      imageUrl: string;
      date: string;
    };
    const { description, location, country, imageUrl, date } = place;
    const edit = await fetch(`${suite.site.baseUrl}/api/admin/places/${place.id}`, {
      method: 'PUT',
      headers: { ...json, cookie },
      body: JSON.stringify({ title, description, location, country, imageUrl, date }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
  }

  it('serves a valid manifest with reachable icons, and the service worker controls the page after one reload', async () => {
    const { page, errors } = await fresh();
    await open(page, '/de/home');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/de/manifest.webmanifest');
    const manifest = (await (await fetch(`${suite.site.baseUrl}${href}`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.name).toBeTruthy();
    expect(manifest.start_url).toBe('/de/home');
    expect(manifest.display).toBe('standalone');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size)!;
      const response = await fetch(`${suite.site.baseUrl}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
    const worker = await fetch(`${suite.site.baseUrl}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${suite.site.baseUrl}/sw.js`,
    );
    expect(realErrors(errors)).toEqual([]);
  });

  it('keeps a saved place readable offline, shows the offline page elsewhere, and shows an edit once back online', async () => {
    const { context, page, errors } = await fresh();
    await open(page, '/en/belem-tower');
    // the hero's toggle: "Save", then "Saved" once pressed
    const save = page.locator('article button.save-toggle-glass');
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('false');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    const photo = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('saved-places') ?? '[]') as { image: string }[])[0]!.image,
    );
    await expect.poll(() => stored(page, '/en/belem-tower'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => stored(page, photo), { timeout: 15_000 }).toBe(true);
    // no cookie carries the list
    expect((await context.cookies()).map((c) => c.name)).not.toContain('saved-places');

    // Reloaded, the page says it is saved (after hydration, without a mismatch).
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');

    await context.setOffline(true);
    await page.goto(`${suite.site.baseUrl}/en/belem-tower`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Belém Tower');
    const hero = page.locator('article img').first();
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);

    // an address never opened: the offline page, listing the saved place
    await page.goto(`${suite.site.baseUrl}/en/lone-lighthouse`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('You are offline');
    const link = page.getByRole('link', { name: 'Belém Tower' });
    expect(await link.getAttribute('href')).toBe('/en/belem-tower');

    await context.setOffline(false);
    await editTitle('belem-tower', 'Belém Tower by the River');
    await page.goto(`${suite.site.baseUrl}/en/belem-tower`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Belém Tower by the River');
    expect(realErrors(errors).filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await editTitle('belem-tower', 'Belém Tower');
  });

  it('keeps the map of a place saved from a list, its page never opened, readable offline with its outline', async () => {
    const { context, page, errors } = await fresh();
    await open(page, '/en/lisbon');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const save = page.getByRole('button', { name: 'Save Lisbon Neighbour 3' });
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => stored(page, '/en/lisbon-neighbour-3'), { timeout: 15_000 }).toBe(true);
    // the drawing under its map, an image of its own (decision 048), stored with it
    const html = await (await fetch(`${suite.site.baseUrl}/en/lisbon-neighbour-3`)).text();
    const drawing = /<img src="(\/api\/maps\/drawings\/[^"]+\.svg)"[^>]*class="map-base"/.exec(html)?.[1];
    expect(drawing).toBeTruthy();
    await expect.poll(() => stored(page, drawing!), { timeout: 15_000 }).toBe(true);

    await context.setOffline(true);
    await page.goto(`${suite.site.baseUrl}/en/lisbon-neighbour-3`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Lisbon Neighbour 3');
    const map = page.locator('img.map-base').first();
    await map.scrollIntoViewIfNeeded();
    await expect
      .poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    // the photos of the page's other cards were never stored: a quiet picture stands in for each,
    // never the browser's broken-image sign (naturalWidth 0)
    const cardPhotos = await page
      .locator('.place-card img')
      .evaluateAll((imgs: HTMLImageElement[]) => imgs.map((img) => img.getAttribute('src')!));
    const notStored: number[] = [];
    for (const [i, photo] of cardPhotos.entries()) if (!(await stored(page, photo))) notStored.push(i);
    expect(notStored.length).toBeGreaterThan(0);
    const card = page.locator('.place-card img').nth(notStored[0]!);
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    expect(await card.getAttribute('alt')).toBeTruthy();
    // and the page comes to life offline: its islands' code was stored when the place was saved
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated), { timeout: 10_000 })
      .toBe('true');
    await expect.poll(() => page.locator('article button.save-toggle-glass').getAttribute('aria-pressed')).toBe('true');
    await context.setOffline(false);
    expect(realErrors(errors).filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('never stores an admin answer, whatever the spelling of its address (issue 38)', async () => {
    const { context, page } = await fresh(false);
    await open(page, '/en/home');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await waitForHydration(page);
    const statuses = await page.evaluate(async (password) => {
      const login = await fetch('/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      const admin = [];
      for (const path of ['/api/%61dmin/cities', '/%61pi/admin/cities']) {
        admin.push((await fetch(path)).status);
      }
      // a public answer after them: once it is stored, anything before it would have been too
      const open = (await fetch('/api/countries/translations/en')).status;
      return { login: login.status, admin, open };
    }, ADMIN_PASSWORD);
    expect(statuses).toEqual({ login: 200, admin: [200, 200], open: 200 });
    await expect.poll(() => stored(page, '/api/countries/translations/en'), { timeout: 15_000 }).toBe(true);
    for (const path of ['/api/%61dmin/cities', '/%61pi/admin/cities'])
      expect(await stored(page, path), path).toBe(false);

    await context.clearCookies();
    await context.setOffline(true);
    const offline = await page.evaluate(() =>
      fetch('/api/%61dmin/cities').then(
        (response) => response.status,
        () => 'failed',
      ),
    );
    expect(offline).toBe('failed');
    await context.setOffline(false);
  });

  it('tells a visitor who has saved nothing so at once, the page still only its HTML', async () => {
    const { page, errors } = await fresh();
    await page.goto(`${suite.site.baseUrl}/en/saved`);
    await page.waitForLoadState('networkidle');
    const empty = page.getByText('Nothing saved yet.');
    // not a spinner waiting for a touch: the message, with no script beyond the loader
    await expect.poll(() => empty.isVisible()).toBe(true);
    expect(await page.locator('.saved-pending').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // once used, the live list says the same, once
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Nothing saved yet.').count()).toBe(1);
    expect(await empty.isVisible()).toBe(true);
    expect(realErrors(errors)).toEqual([]);
  });

  it('lists saved places in the page language, removes one, clears all, and shares the list by address', async () => {
    const { page, errors } = await fresh(false);
    await open(page, '/en/belem-tower');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await open(page, '/en/lisbon');
    const neighbour = page.getByRole('button', { name: 'Save Lisbon Neighbour 2' });
    await neighbour.click();
    await expect.poll(() => neighbour.getAttribute('aria-pressed')).toBe('true');

    await open(page, '/zh/saved');
    const cards = page.getByRole('list', { name: '收藏的地点' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.first().locator('h3').textContent()).toBe('Lisbon Neighbour 2');
    expect(await cards.nth(1).locator('h3').textContent()).toBe('贝伦塔');

    await open(page, '/en/saved');
    expect(await axeViolations(page)).toEqual([]);
    const shareUrl = (await page.locator('a[data-share-link]').getAttribute('href'))!;
    expect(shareUrl).toMatch(/^\/en\/saved\?ids=[0-9a-f-]{36},[0-9a-f-]{36}$/);
    // the same places as a GPX file for a map app: one waypoint each
    const gpxHref = (await page.getByRole('link', { name: 'GPX' }).getAttribute('href'))!;
    expect(gpxHref).toBe(`/en/places.gpx?ids=${shareUrl.split('ids=')[1]}`);
    const gpx = await page.request.get(new URL(gpxHref, page.url()).href);
    expect(gpx.status()).toBe(200);
    expect((await gpx.text()).match(/<wpt /g)).toHaveLength(2);

    // remove one: its toggle, pressed, unsaves it
    await page.getByRole('button', { name: 'Save Lisbon Neighbour 2' }).click();
    const list = page.getByRole('list', { name: 'Saved places' }).getByRole('listitem');
    await expect.poll(() => list.count()).toBe(1);

    // the share address opens the same list on another device
    const other = await fresh(true);
    await open(other.page, shareUrl);
    const shared = other.page.getByRole('list', { name: 'Saved places' }).getByRole('listitem');
    await expect.poll(() => shared.count()).toBe(2);
    await other.page.getByRole('button', { name: 'Save all on this device' }).click();
    await open(other.page, '/en/saved');
    await expect
      .poll(() => other.page.getByRole('list', { name: 'Saved places' }).getByRole('listitem').count())
      .toBe(2);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => page.getByText('Nothing saved yet.').count()).toBe(1);
    expect(realErrors(errors)).toEqual([]);
    expect(realErrors(other.errors)).toEqual([]);
  });
});
