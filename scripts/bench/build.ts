// `npm run build` for a bench, only when dist/ is missing or older than its sources (the sources
// scripts/start.mjs watches, plus the build scripts themselves).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/compress-assets.mjs',
];
/** Written last by `npm run build` (scripts/build-server.mjs): its time is the build's. */
const BUILT = 'dist/server/main.js';
const ALSO_BUILT = ['dist/client', 'dist/ssr'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), info.mtimeMs);
}

/** Why dist/ must be rebuilt, or undefined when it is complete and newer than every source. */
export function staleReason(): string | undefined {
  const missing = [BUILT, ...ALSO_BUILT].find((path) => !existsSync(path));
  if (missing) return `${missing} is missing`;
  const builtAt = statSync(BUILT).mtimeMs;
  const newer = SOURCES.find((source) => newestMtime(source) > builtAt);
  return newer ? `${newer} changed since the last build` : undefined;
}

/**
 * Runs `npm run build` (plain output; only the tail of a failed build is printed) and answers its
 * time in ms. Throws when the build fails.
 */
export function runBuild(): number {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  if (result.status !== 0) {
    console.error(`${result.stdout}\n${result.stderr}`.split('\n').slice(-40).join('\n'));
    throw new Error('npm run build failed (another engineer may be mid-edit: retry, or BENCH_SKIP_BUILD=1)');
  }
  return Math.round(performance.now() - started);
}
