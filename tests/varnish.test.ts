import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { freePort } from './helpers/ports';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

const VCL_DIR = resolve(import.meta.dirname, '../deploy/varnish');

/** Debian's varnishd (in /usr/sbin, which a non-root PATH may lack), else one on the PATH. */
function findVarnishd(): string | undefined {
  for (const path of ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd']) if (existsSync(path)) return path;
  const found = spawnSync('sh', ['-c', 'command -v varnishd'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

const varnishd = findVarnishd();
if (!varnishd && !process.env.CI) {
  console.warn('tests/varnish.test.ts is skipped: varnishd is not installed (apt-get install varnish varnish-modules)');
}

/**
 * Debian's Varnish with xkey (varnish-modules) in front of the server on loopback, with
 * deploy/varnish/default.vcl: Varnish keeps public pages and API answers, and the server's purge
 * after an edit drops exactly the ones that show what changed.
 */
describe.skipIf(!varnishd && !process.env.CI)(
  'Varnish with xkey in front of the site (skipped without varnishd)',
  () => {
    let t: TestApp;
    let workDir: string;
    let varnish: ChildProcess | undefined;
    let varnishLog = '';
    let base: string;
    /** Every request that reached the server (its path), in order. */
    const origin: string[] = [];
    let harbour: Awaited<ReturnType<typeof makePlace>>;

    beforeAll(async () => {
      if (!varnishd) throw new Error('varnishd is missing: .ci/run installs Debian’s varnish and varnish-modules');
      workDir = await mkdtemp(join(tmpdir(), 'tp-varnish-'));
      const varnishPort = await freePort();
      const originPort = await freePort();
      base = `http://127.0.0.1:${varnishPort}`;

      // Varnish first, so that every purge the server sends finds it (a failed one would be sent
      // again with the next change, and purge more than that change touched). The shipped VCL,
      // with this server's port and the rules' absolute path.
      const vcl = (await readFile(join(VCL_DIR, 'default.vcl'), 'utf8'))
        .replace('.port = "3000";', `.port = "${originPort}";`)
        .replace('include "./travel-places.vcl";', `include "${join(VCL_DIR, 'travel-places.vcl')}";`);
      expect(vcl).toContain(`.port = "${originPort}"`);
      await writeFile(join(workDir, 'test.vcl'), vcl);
      // -j none: no privilege separation, so it runs the same as root (CI) or as a developer.
      varnish = spawn(
        varnishd,
        [
          '-F',
          '-j',
          'none',
          '-n',
          join(workDir, 'varnish'),
          '-a',
          `127.0.0.1:${varnishPort}`,
          '-T',
          'none',
          '-S',
          'none',
          '-f',
          join(workDir, 'test.vcl'),
          '-s',
          'malloc,64m',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      varnish.stdout!.on('data', (chunk: Buffer) => (varnishLog += chunk.toString()));
      varnish.stderr!.on('data', (chunk: Buffer) => (varnishLog += chunk.toString()));
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (varnish.exitCode !== null) throw new Error(`varnishd stopped:\n${varnishLog}`);
        // Any answer will do (503 while the server is not listening yet).
        const up = await fetch(`${base}/api/health`).then(
          () => true,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error(`varnishd did not answer within 30 s:\n${varnishLog}`);
        await new Promise((done) => setTimeout(done, 200));
      }

      t = await createTestApp(
        { cachePurgeUrl: `${base}/`, trustProxy: ['loopback'], renderCacheBytes: 16 * 1024 * 1024 },
        { pages: { renderSource: sourceRenderSource() } },
      );
      await t.app.listen({ port: originPort, host: '127.0.0.1' });
      t.app.server.on('request', (request: { url: string }) => origin.push(request.url));
      await makePlace(t.db, { title: 'Lighthouse at Dusk', slug: 'lighthouse-at-dusk' });
      await makePlace(t.db, { title: 'Old Stone Bridge', slug: 'old-stone-bridge' });
      harbour = await makePlace(t.db, { title: 'Harbour Steps', slug: 'harbour-steps' });
      await makePlace(t.db, {
        title: 'Bamboo Grove Path',
        slug: 'bamboo-grove-path',
        location: 'Kyoto',
        country: 'Japan',
        latitude: 35.0094,
        longitude: 135.6668,
      });
      // Rows written straight to the database: wait until the server has applied them and sent their purge.
      await t.app.changes.settled();
    });

    afterAll(async () => {
      if (varnish && varnish.exitCode === null) {
        const exited = new Promise((done) => varnish!.once('exit', done));
        varnish.kill('SIGTERM');
        const timer = setTimeout(() => varnish!.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await t?.close();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    /** A GET through Varnish: its Cache-Status, the text, and whether the server saw the request. */
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const before = origin.length;
      const response = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
      const body = await response.text();
      return {
        status: response.status,
        body,
        headers: response.headers,
        cacheStatus: response.headers.get('cache-status') ?? '',
        reachedOrigin: origin.slice(before).includes(path),
      };
    };
    const varnishHit = (cacheStatus: string) => /(^|,\s*)varnish; hit\b/.test(cacheStatus);

    it('keeps public pages: the second request is a Varnish hit and never reaches the server', async () => {
      for (const path of ['/en/lighthouse-at-dusk', '/en/home', '/api/places/translations/en']) {
        const first = await get(path);
        expect(first.status, path).toBe(200);
        expect(first.reachedOrigin, path).toBe(true);
        expect(first.cacheStatus, path).toMatch(/varnish; fwd=miss$/);
        const second = await get(path);
        expect(second.body, path).toBe(first.body);
        expect(second.reachedOrigin, path).toBe(false);
        expect(varnishHit(second.cacheStatus), `${path}: ${second.cacheStatus}`).toBe(true);
        // The tags are for caches: visitors do not get them.
        expect(second.headers.get('surrogate-key')).toBeNull();
        expect(second.headers.get('xkey')).toBeNull();
      }
    });

    it('an edit of one place purges its page and the lists that show it, leaves another place cached, and the next request sees it', async () => {
      const a = harbour;
      const aPage = '/en/harbour-steps';
      const bPage = '/en/bamboo-grove-path';
      const lists = ['/en/home', '/api/places/translations/en'];
      for (const path of [aPage, bPage, ...lists]) {
        await get(path);
        const warm = await get(path);
        expect(varnishHit(warm.cacheStatus), `${path} before the edit: ${warm.cacheStatus}`).toBe(true);
        if (path !== bPage) expect(warm.body, path).toContain('Harbour Steps');
      }

      // The edit goes through Varnish too (passed: admin API with the session cookie).
      const login = await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      expect(login.headers.get('cache-status')).toMatch(/varnish; fwd=method$/);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith('tp_session='))!;
      const edit = await fetch(`${base}/api/admin/places/${a.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          ...a,
          title: 'Harbour Steps at Noon',
          fullDescription: undefined,
          originalImagePath: undefined,
        }),
      });
      expect(edit.status, await edit.clone().text()).toBe(200);

      // A's page and the lists showing A: fetched afresh, with the new title, on the very next request.
      for (const path of [aPage, ...lists]) {
        const next = await get(path);
        expect(next.reachedOrigin, `${path}: ${next.cacheStatus}`).toBe(true);
        expect(next.cacheStatus, path).toMatch(/varnish; fwd=miss$/);
        expect(next.body, path).toContain('Harbour Steps at Noon');
        expect(varnishHit((await get(path)).cacheStatus), `${path} is kept again`).toBe(true);
      }
      // B's page shows nothing of A: still Varnish's copy, the server never asked.
      const b = await get(bPage);
      expect(varnishHit(b.cacheStatus), `${bPage}: ${b.cacheStatus}`).toBe(true);
      expect(b.reachedOrigin).toBe(false);
      expect(b.body).toContain('Bamboo Grove Path');
    });

    it('signed-in requests and the admin screens pass through Varnish and are never kept', async () => {
      for (const [path, headers] of [
        ['/en/home', { cookie: 'tp_session=not-a-session' }],
        ['/iladmin', {}],
        ['/api/admin/places', {}],
      ] as const) {
        await get(path, headers);
        const again = await get(path, headers);
        expect(again.reachedOrigin, path).toBe(true);
        expect(again.cacheStatus, path).toMatch(/varnish; fwd=bypass$/);
      }
    });

    it('passes the admin in any spelling the site routes to it, and still keeps pages with escapes in their query', async () => {
      for (const path of ['/api/%61dmin/cities', '/%61pi/admin/cities', '/%69ladmin/dashboard', '/ILADMIN/dashboard']) {
        for (const round of [1, 2]) {
          const answer = await get(path);
          expect(answer.reachedOrigin, `${path}, request ${round}`).toBe(true);
          expect(answer.cacheStatus, path).toMatch(/varnish; fwd=bypass$/);
          expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
        }
      }
      await get('/en/search?q=%41lfama');
      expect(varnishHit((await get('/en/search?q=%41lfama')).cacheStatus)).toBe(true);
    });

    it('a page of one language is the same for every language cookie, and a page without one follows it', async () => {
      const german = await get('/en/old-stone-bridge', { cookie: 'lang=de; theme=dark' });
      expect(german.body).toMatch(/<html[^>]*lang="en"/);
      const plain = await get('/en/old-stone-bridge');
      expect(varnishHit(plain.cacheStatus)).toBe(true);
      expect(plain.body).toBe(german.body);

      // The not-found page of an address without a language speaks the cookie's language.
      const missingDe = await get('/nothing-here', { cookie: 'lang=de' });
      expect(missingDe.status).toBe(404);
      expect(missingDe.body).toMatch(/<html[^>]*lang="de"/);
      const missingEn = await get('/nothing-here', { cookie: 'other=1' });
      expect(missingEn.body).toMatch(/<html[^>]*lang="en"/);
    });

    it('refuses a purge that came through a proxy, and the VCL knows every language of the site', async () => {
      const purge = await fetch(`${base}/`, {
        method: 'PURGE',
        headers: { 'xkey-purge': 'places any', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(purge.status).toBe(403);
      const rules = await readFile(join(VCL_DIR, 'travel-places.vcl'), 'utf8');
      expect(rules).toContain(`req.url ~ "^/(${LANGUAGE_CODES.join('|')})(/|\\?|$)"`);
    });
  },
);
