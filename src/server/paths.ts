import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found by walking up from this module to package.json. Works the same from
 * src/ (tsx, Vitest) and from the bundled dist/server/ build.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'migrations');
export const CLIENT_DIST_DIR = join(PROJECT_ROOT, 'dist/client');
export const SSR_ENTRY = join(PROJECT_ROOT, 'dist/ssr/entry-server.js');
/** The interface text keys the islands can show, written by the browser build (scripts/vite/island-ui-text.ts). */
export const ISLAND_UI_TEXT = join(PROJECT_ROOT, 'dist/island-ui-text.json');
