import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/server/app';
import type { AppConfig } from '../src/server/config';
import { testConfig } from '../tests/helpers/test-config';
import type { Database } from '../src/server/db/client';
import { openTestDatabase } from '../tests/helpers/test-database';

export const ADMIN_PASSWORD = 'e2e admin password';

/**
 * Debian's Chromium for the browser tests: its headless shell where installed (package
 * chromium-headless-shell: the same Blink and V8 without the desktop browser around them, half the
 * CPU per page; docs/decisions/013-headless-shell.md), else the chromium browser; CHROMIUM_PATH
 * picks another build.
 */
const CHROMIUM_BUILDS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumPath(): string {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH names no file: ${chosen}`);
    return chosen;
  }
  const found = CHROMIUM_BUILDS.find((path) => existsSync(path));
  if (!found) throw new Error("Chromium not found: install Debian's chromium-headless-shell or set CHROMIUM_PATH");
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface RunningSite {
  baseUrl: string;
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The production build served by the real app on a free loopback port, on a fresh database.
 * `overrides` change the configuration, e.g. an AI provider pointed at a local stand-in.
 */
export async function startSite(overrides: Partial<AppConfig> = {}): Promise<RunningSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-e2e-'));
  const database = await openTestDatabase();
  const config = testConfig({ dataDir, adminPassword: ADMIN_PASSWORD, port: 0, ...overrides });
  const app = await buildApp(config, { database, loginDelayPerFailureMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Uploads are published at once (docs/product.md §10.2); the drafts tests choose drafts themselves.
  // Every photo makes a place of its own (grouping off): e2e/upload-grouping.test.ts turns it on.
  // Cities and countries are added by hand (the Missing cards) unless a test chooses 'create' (§18).
  await app.services.publishing.saveSettings({ newUploads: 'publish', groupWithinMeters: 0, newAreas: 'ask' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  // canonical links and same-origin checks use the real address
  app.config.publicUrl = baseUrl;
  return {
    baseUrl,
    app,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and page errors (hydration mismatches show up here). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // what the browser says where a context blocks service workers (newContext): the harness, not the page
    if (message.text().includes('Service Worker registration blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Makes the public page live and waits for it: its islands load at a visitor's first sign of use
 * (islands/wake.ts, docs/decisions/036-islands.md), here a press of Shift, which changes nothing on
 * the page; `<html data-hydrated>` is set once every island has committed (the admin's app sets it
 * when its screen has). Hydration warnings have been logged by then.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Signs in through the login screen, as an administrator would. */
export async function login(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/iladmin/login`);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/iladmin`);
}

/** How newContext shapes a context; Playwright's own options, given too, are applied last. */
export interface ContextOptions extends BrowserContextOptions {
  mobile?: boolean;
  fullMotion?: boolean;
  serviceWorker?: boolean;
}

/**
 * A laptop or phone browser context. Unless `fullMotion` is asked for, the visitor prefers reduced
 * motion, so toasts and dialogs appear and leave without transitions: an accessibility scan never
 * catches a toast half-faded (its colours blended with the page), however the test's timing falls.
 * The public-site tests ask for full motion, the default a visitor has. Service workers are blocked
 * unless `serviceWorker` asks for them. Playwright's options in `options` (a geolocation, no
 * JavaScript, another viewport) go on top.
 */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const { mobile, fullMotion, serviceWorker, ...playwright } = options;
  return browser.newContext({
    reducedMotion: fullMotion ? 'no-preference' : 'reduce',
    // The offline service worker (public/sw.js) only where a test is about it: elsewhere the page's
    // requests stay the page's own, for `page.route` to see (e2e/saved-offline.test.ts allows it).
    serviceWorkers: serviceWorker ? 'allow' : 'block',
    ...(mobile
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
    ...playwright,
  });
}

/**
 * What a file of browser tests works with: its site, its Chromium and the contexts it opens there.
 * Every context made through the suite is closed after the file's tests (a test may close one
 * sooner), then the browser, then the site.
 */
export interface BrowserSuite {
  /** The running site, from the suite's beforeAll on. */
  readonly site: RunningSite;
  /** Chromium, from the suite's beforeAll on. */
  readonly browser: Browser;
  /** newContext's laptop or phone context. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A page in a newContext of its own. */
  newPage(options?: ContextOptions): Promise<Page>;
  /**
   * A context on Playwright's defaults (full motion, service workers allowed, 1280 × 720) with
   * `options` on top, for the tests that set up the visitor's browser themselves.
   */
  plainContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export interface SuiteOptions {
  /**
   * The site's configuration beyond the test defaults, asked for when the site starts: after the
   * beforeAll hooks registered before the suite, so it may name a stand-in server they started.
   */
  config?: () => Partial<AppConfig>;
}

/**
 * Registers the hooks of a file of browser tests: beforeAll starts the site on a fresh database and
 * launches Chromium; afterAll closes the contexts, the browser and the site. Hooks the file
 * registers after this call run after the site and browser are up (seeding data, say), and their
 * afterAll before they are closed.
 */
export function browserSuite(options: SuiteOptions = {}): BrowserSuite {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  const open = new Set<BrowserContext>();

  beforeAll(async () => {
    site = await startSite(options.config?.());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all([...open].map((context) => context.close()));
    await browser?.close();
    await site?.close();
  });

  const started = () => {
    if (!site || !browser) throw new Error("the suite's site and browser start in its beforeAll");
    return { site, browser };
  };
  const track = (context: BrowserContext) => {
    open.add(context);
    context.once('close', () => open.delete(context));
    return context;
  };
  const suite: BrowserSuite = {
    get site() {
      return started().site;
    },
    get browser() {
      return started().browser;
    },
    async newContext(contextOptions) {
      return track(await newContext(started().browser, contextOptions));
    },
    async newPage(contextOptions) {
      return (await suite.newContext(contextOptions)).newPage();
    },
    async plainContext(contextOptions) {
      return track(await started().browser.newContext(contextOptions));
    },
  };
  return suite;
}

/** The administrator's page: signed in, its console watched from before the sign-in. */
export interface AdminPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

export interface AdminSuite extends BrowserSuite {
  /** A laptop context's page, signed in through the login screen. */
  signIn(): Promise<AdminPage>;
}

/** browserSuite for the admin screens, with the administrator's sign-in. */
export function adminSuite(options: SuiteOptions = {}): AdminSuite {
  const suite = browserSuite(options);
  return Object.assign(suite, {
    async signIn(): Promise<AdminPage> {
      const context = await suite.newContext();
      const page = await context.newPage();
      const consoleErrors = watchConsole(page);
      await login(page, suite.site.baseUrl);
      return { context, page, consoleErrors };
    },
  });
}

/**
 * axe-core for `page`, the way every browser test runs it: inside the page (axe's legacy mode).
 * The default mode also opens a blank tab for each scan and loads axe into it a second time, to
 * merge the results of cross-origin frames; our pages have no frames, and a scan takes half the
 * time without it (measured: 1.1-2.1 s -> 0.4-0.8 s a page). Passed rules keep one example node each
 * (`resultTypes`); violations are reported in full, as before.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
}

/**
 * The serious and critical accessibility violations of the page (or of the part `selector` names),
 * each as "rule: where" lines, for a test to expect none of.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const scan = selector ? axe(page).include(selector) : axe(page);
  return (await scan.analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
