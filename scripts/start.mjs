// `npm start`: builds the site when the build is missing or older than the sources, then serves it.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['src', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), info.mtimeMs);
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
// An install without the build tools (`npm prune --omit=dev`, as in the Dockerfile) serves the
// build it was given: there is nothing to rebuild with.
const canBuild = existsSync('node_modules/.bin/vite');
if ((builtAt === 0 || canBuild) && SOURCES.some((source) => newestMtime(source) > builtAt)) {
  console.log('Building the site (first start or sources changed)...');
  execSync('npm run build', { stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
}

process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
