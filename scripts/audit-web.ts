// `npm run audit:web`: builds the site, seeds the demo catalogue into a temporary DATA_DIR, starts
// the production server and runs Lighthouse (mobile preset, system Chromium) on the home, city and
// place pages. Prints the four category scores, Total Blocking Time and the gzipped JavaScript each
// page loads, beside the same figures of an older build measured in the same run (AUDIT_BASELINE: a
// git ref, `main` unless given, built in a temporary worktree; `none` skips it).
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../e2e/helpers';

// the browser the browser tests use (CHROMIUM_PATH, else Debian's chromium-headless-shell or chromium)
const CHROME = chromiumPath();
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const JS_BUDGET_KB = 70;
const TBT_BUDGET_MS = 100;
const BASELINE = process.env.AUDIT_BASELINE ?? 'main';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not answer at ${baseUrl} within ${timeoutMs / 1000} s`);
}

/**
 * Every script the page loaded during the Lighthouse run (entry, its imports and the lazily loaded
 * page chunk), each gzipped at level 9 as a plain gzip-serving host would send it.
 */
async function publicJavaScript(scriptUrls: string[]): Promise<{ bytes: number; files: string[] }> {
  let bytes = 0;
  for (const url of scriptUrls) {
    const code = Buffer.from(await (await fetch(url)).arrayBuffer());
    bytes += gzipSync(code, { level: 9 }).length;
  }
  return { bytes, files: scriptUrls.map((u) => new URL(u).pathname) };
}

/** Script URLs from Lighthouse's network-requests audit. */
function scriptsOf(audits: Record<string, { details?: unknown }>): string[] {
  const details = audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string }[] } | undefined;
  const urls = (details?.items ?? []).filter((item) => item.resourceType === 'Script').map((item) => item.url);
  return [...new Set(urls)];
}

/**
 * One Lighthouse run. A run that Lighthouse itself could not complete (a runtime error, or a
 * category without a score because a metric could not be measured) says why and is run once more,
 * so a hiccup of the measuring browser is not reported as a score of 0.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const unscored = Object.keys(TARGETS).filter((id) => lhr.categories[id]?.score == null);
    if (!lhr.runtimeError && unscored.length === 0) return lhr;
    // Every affected audit repeats the same few reasons: say each once.
    const reasons = new Set(
      [lhr.runtimeError?.message, ...Object.values(lhr.audits).map((a) => a.errorMessage)].filter(Boolean),
    );
    const why = [...reasons].slice(0, 3).join('; ');
    console.log(`Lighthouse could not score ${unscored.join(', ') || url} (${why || 'no reason given'}).`);
    if (attempt === 2) return lhr;
    console.log('Running it once more.');
  }
}

interface Site {
  label: string;
  baseUrl: string;
  stop: () => Promise<void>;
}

/** The build in `cwd` (this worktree or the baseline's), serving the demo catalogue on a free port. */
async function startSite(cwd: string, label: string): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-audit-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'audit-only-password',
  };
  console.log(`Seeding demo data for ${label} into ${dataDir}...`);
  execSync('npx tsx scripts/seed-demo.ts', { stdio: 'inherit', env, cwd });
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env,
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { label, baseUrl, stop };
}

/** The baseline build: `BASELINE` checked out in a temporary worktree, with this one's packages. */
function buildBaseline(): { dir: string; remove: () => void } | undefined {
  if (BASELINE === 'none') return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'tp-audit-baseline-'));
  rmSync(dir, { recursive: true, force: true });
  execSync(`git worktree add --detach ${dir} ${BASELINE}`, { stdio: 'inherit' });
  const remove = () => execSync(`git worktree remove --force ${dir}`, { stdio: 'inherit' });
  try {
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
    console.log(`Building the baseline (${BASELINE}) in ${dir}...`);
    execSync('npm run build', { stdio: 'inherit', cwd: dir });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

async function main() {
  console.log('Building the site...');
  execSync('npm run build', { stdio: 'inherit' });
  const baseline = buildBaseline();
  const sites: Site[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let failed = false;
  try {
    sites.push(await startSite('.', 'this build'));
    if (baseline) sites.push(await startSite(baseline.dir, `baseline ${BASELINE}`));
    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const pages = [
      { name: 'home', path: '/en/home' },
      { name: 'city', path: '/en/lisbon' },
      { name: 'place', path: '/en/belem-tower' },
    ];
    console.log('');
    for (const page of pages) {
      // the builds one after the other for each page, so a machine whose load drifts weighs on both alike
      for (const site of sites) {
        const current = site === sites[0];
        const url = site.baseUrl + page.path;
        const { categories, audits } = await audit(url, chrome.port);
        const js = await publicJavaScript(scriptsOf(audits));
        const kb = js.bytes / 1024;
        console.log(`${page.name.padEnd(6)} ${site.label}: ${url}`);
        for (const [id, target] of Object.entries(TARGETS)) {
          const score = Math.round((categories[id]?.score ?? 0) * 100);
          const ok = score >= target;
          if (current) failed ||= !ok;
          console.log(
            `  ${id.padEnd(15)} ${String(score).padStart(3)}  (target ${target}) ${ok ? 'ok' : 'BELOW TARGET'}`,
          );
          if (!ok && current) {
            for (const ref of categories[id]?.auditRefs ?? []) {
              const audit = audits[ref.id];
              if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1) {
                console.log(`      - ${audit.title} (${audit.displayValue ?? Math.round((audit.score ?? 0) * 100)})`);
                // What the audit found, so the cause can be fixed without running Lighthouse by hand.
                const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
                for (const item of items.slice(0, 5)) console.log(`          ${JSON.stringify(item).slice(0, 300)}`);
              }
            }
          }
        }
        const jsOk = kb <= JS_BUDGET_KB;
        const tbt = audits['total-blocking-time']?.numericValue ?? Infinity;
        if (current) failed ||= !jsOk || tbt > TBT_BUDGET_MS;
        console.log(
          `  ${'public JS'.padEnd(15)} ${kb.toFixed(1)} KB gzipped (${js.bytes} bytes; budget ${JS_BUDGET_KB} KB of 1024 bytes) ${jsOk ? 'ok' : 'OVER BUDGET'}: ${js.files.join(', ')}`,
        );
        console.log(
          `  ${'blocking time'.padEnd(15)} ${Math.round(tbt)} ms (target <= ${TBT_BUDGET_MS}) ${tbt <= TBT_BUDGET_MS ? 'ok' : 'OVER'}`,
        );
        for (const metric of ['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift']) {
          console.log(`    ${metric.padEnd(26)} ${audits[metric]?.displayValue ?? '-'}`);
        }
      }
      console.log('');
    }
  } finally {
    chrome?.kill();
    for (const site of sites) await site.stop();
    baseline?.remove();
  }
  if (failed) {
    console.log('Some figures of this build miss their target.');
    process.exitCode = 1;
  }
}

await main();
