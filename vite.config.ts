import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { islandUiText } from './scripts/vite/island-ui-text.ts';

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
 * React Router's bundle creates `Link`, `NavLink` and `Form` with `forwardRef(...)` calls (and its
 * data routers' routes with `memo(...)`) and sets `displayName` on them and on its contexts, at
 * module level. A bundler must keep such statements
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
          .replace(/= (React\d*\.(?:forwardRef|memo)\()/g, '= /* @__PURE__ */ $1');
      },
    },
  };
}

/**
 * Vite wraps every dynamic `import()` of the browser build in its preload helper, which (module
 * preloading being off) only ever loads the stylesheets of the chunk being imported: the one lazy
 * chunk with a stylesheet is the interactive map's (MapLibre's CSS). The helper's general code (link
 * rel detection, nonces, error events) was about 0.6 KB gzipped of every public page; this one does
 * the same job for stylesheets in a few lines: each stylesheet not linked yet (the page's own is) is
 * linked once, and the chunk is imported when they have loaded. Vite calls it as
 * `__vitePreload(importChunk, deps)`, `deps` being the stylesheets' paths under `base`;
 * e2e/interactive-map.test.ts checks that the map's stylesheet applies.
 */
function stylesheetPreload(): Plugin {
  const helper = '\0vite/preload-helper.js';
  let base = '/';
  return {
    name: 'stylesheet-preload',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    resolveId: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => helper,
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => `const loading = {};
const linked = (href) => [...document.querySelectorAll('link[rel=stylesheet]')].some((link) => link.href === href);
export const __vitePreload = (importChunk, deps) =>
  Promise.all((deps || []).map((path) => (loading[path] ??= new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = ${JSON.stringify(base)} + path;
    if (linked(link.href)) return resolve();
    link.onload = resolve;
    link.onerror = () => {
      delete loading[path];
      reject(new Error('Unable to load the stylesheet ' + link.href));
    };
    document.head.appendChild(link);
  })))).then(() => importChunk());
`,
    },
  };
}

/**
 * TanStack's QueryClient creates a MutationCache when it is given none, so that class and `Mutation`
 * (about 1 KB gzipped) shipped in every public page, which never changes data. The browser's client
 * is always given one (lib/query-client.ts: a stand-in until the admin's code installs TanStack's),
 * so the default is removed from the browser build. Should a release change those lines, the build
 * stops and says so.
 */
function queryClientWithoutDefaultMutationCache(): Plugin {
  const edits: [string, string][] = [
    ['import { MutationCache } from "./mutationCache.js";\n', ''],
    ['config.mutationCache || new MutationCache()', 'config.mutationCache'],
  ];
  return {
    name: 'query-client-without-default-mutation-cache',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform: {
      filter: { id: /node_modules[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]queryClient\.js$/ },
      handler(code) {
        for (const [from, to] of edits) {
          if (!code.includes(from)) {
            this.error(
              `@tanstack/query-core's queryClient.js no longer contains ${JSON.stringify(from)}: update or remove queryClientWithoutDefaultMutationCache in vite.config.ts`,
            );
          }
          code = code.replace(from, to);
        }
        return code;
      },
    },
  };
}

const productionAliases = existsSync(reactRouterProduction)
  ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
  : [];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    reactRouterTreeShaking(),
    stylesheetPreload(),
    queryClientWithoutDefaultMutationCache(),
    islandUiText({ registry: 'src/client/islands/registry.ts', keysFile: 'src/shared/ui-text/en.json' }),
  ],
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
    // Everything the entry imports is one chunk (Rolldown's automatic splitting would make React,
    // React Router and TanStack Query, and small shared modules, chunks of their own that every
    // page loads anyway, each boundary costing compression).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  ssr: {
    // bundle these into the SSR build so the server and client render the same components
    noExternal: ['sonner', 'lucide-react', ...(command === 'build' ? ['react-router'] : [])],
  },
}));
