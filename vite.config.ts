import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router 7's package exports name only its development build, whose dev warnings then ship
 * to visitors (remix-run/react-router#14102). The production build beside it is the same code
 * with ENABLE_DEV_WARNINGS off; the browser bundle uses it (about 0.5 KB gzipped less), and so
 * does the SSR bundle, where the development build's checks cost time on every render. The dev
 * server keeps the warnings. Should a release move that file, the build falls back to the
 * package's own entry.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
/**
 * React Router's bundle creates `Link`, `NavLink` and `Form` with `forwardRef(...)` calls and sets
 * `displayName` on them and on its contexts, at module level. A bundler must keep such statements
 * (a call or a property write may have effects), so components the site never uses shipped in
 * every public page (about 3 KB gzipped). Both are plain object creation: the calls are marked pure
 * and the names (only read by developer tools) dropped, in that package's files only.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return code
          .replace(/^(\w+)\.displayName = "[^"\n]*";$/gm, '')
          .replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1');
      },
    },
  };
}

const productionAliases = existsSync(reactRouterProduction)
  ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
  : [];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), reactRouterTreeShaking()],
  // `@/` is src/ (tsconfig.json paths)
  resolve: command === 'build' ? { alias: productionAliases, tsconfigPaths: true } : { tsconfigPaths: true },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // No preload helper or polyfill in the public entry (about 1 KB gzipped of the 100 KB budget);
    // lazy page chunks are small and load with their few imports.
    modulePreload: false,
    // The largest chunk is MapLibre (~1 MB, ~275 KB gzipped), loaded only when a visitor opens the
    // interactive map (MAP_STYLE_URL); every page's own code is far below this.
    chunkSizeWarningLimit: 1100,
  },
  ssr: {
    // bundle these into the SSR build so the server and client render the same components
    noExternal: ['sonner', 'lucide-react', ...(command === 'build' ? ['react-router'] : [])],
  },
}));
