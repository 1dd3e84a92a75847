// The interface text keys the islands of public pages can show, found in the browser build's code
// (docs/decisions/047-island-ui-text.md): a page hands its islands only those texts, not all of its
// language's (about 15 KB, 4.4 KB of a place page's 17 KB on the wire).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Where the client build writes the keys; the server reads them (src/server/ssr/renderer.ts). */
export const ISLAND_UI_TEXT_FILE = 'island-ui-text.json';

/** A string literal in bundled code that looks like a key (`"search.placeholder"`). */
const KEY_LITERAL = /["'`]([A-Za-z][\w-]*(?:\.[\w-]+)+)["'`]/g;
/** A key made at run time from a template with a fixed start (`` `nearMe.${kind}` ``): its prefix. */
const KEY_TEMPLATE = /`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g;

/**
 * The keys of `keys` that `code` can show: each written as a literal, every key a template with a
 * fixed start can make (`` `nearMe.${kind}` ``: every `nearMe.` key), and every plural form of a
 * count key whose base is written (lib/format-count.ts makes `{base}.{category}` at run time). A
 * key named anywhere in the code counts, used or not: a text too many costs bytes, one too few
 * would leave an island without it.
 */
export function keysInCode(code: readonly string[], keys: readonly string[]): string[] {
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of code) {
    for (const match of text.matchAll(KEY_LITERAL)) literals.add(match[1]!);
    for (const match of text.matchAll(KEY_TEMPLATE)) prefixes.add(match[1]!);
  }
  const known = new Set(keys);
  for (const literal of literals) if (known.has(`${literal}.other`)) prefixes.add(`${literal}.`);
  return keys.filter((key) => literals.has(key) || [...prefixes].some((prefix) => key.startsWith(prefix))).sort();
}

/** The modules islands/registry.ts loads, as absolute paths without extension. */
function islandModules(registry: string): Set<string> {
  const source = readFileSync(registry, 'utf8');
  return new Set([...source.matchAll(/import\('([^']+)'\)/g)].map((m) => resolve(dirname(registry), m[1]!)));
}

/**
 * Writes `dist/island-ui-text.json` beside the browser build: the keys the code of the islands'
 * chunks names, with what those chunks import, statically or when a visitor opens something (the
 * interactive map), but not the admin's single-page app the entry loads.
 */
export function islandUiText({ registry, keysFile }: { registry: string; keysFile: string }): Plugin {
  let outDir = '';
  return {
    name: 'island-ui-text',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const islands = islandModules(registry);
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || seen.has(fileName)) return;
        seen.add(fileName);
        for (const next of chunk.imports) visit(next);
        if (!chunk.isEntry) for (const next of chunk.dynamicImports) visit(next);
      };
      // An island's module may share a chunk with others (no facade of its own): any chunk holding one.
      for (const chunk of chunks.values()) {
        if (chunk.moduleIds.some((id) => islands.has(id.replace(/\.[cm]?[jt]sx?$/, '')))) visit(chunk.fileName);
      }
      if (seen.size <= 1) this.error(`island-ui-text: no island chunk found for ${registry}`);
      const keys = Object.keys(JSON.parse(readFileSync(keysFile, 'utf8')) as Record<string, string>);
      const found = keysInCode(
        [...seen].map((fileName) => chunks.get(fileName)!.code),
        keys,
      );
      writeFileSync(join(dirname(outDir), ISLAND_UI_TEXT_FILE), `${JSON.stringify(found, null, 1)}\n`);
    },
  };
}
