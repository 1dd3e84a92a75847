import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderSource, SsrEntry } from '../../src/server/ssr/renderer';

/**
 * Server rendering in integration tests without a build: the repository's index.html and the real
 * client entry, compiled by Vitest. Pages come out exactly as in production, minus built assets.
 */
export function sourceRenderSource(): RenderSource {
  return {
    template: () => readFile(join(import.meta.dirname, '../../index.html'), 'utf8'),
    entry: async (): Promise<SsrEntry> => import('../../src/client/entry-server'),
  };
}

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr']);

/**
 * The language a reader (screen reader, translator, search engine) takes the body text starting
 * with `text` to be in: the `lang` of its nearest element that has one, else the document's.
 */
export function languageOfText(html: string, text: string): string | undefined {
  const bodyStart = html.indexOf('<body');
  const at = html.indexOf(`>${text}`, bodyStart);
  if (at < 0) throw new Error(`"${text}" is not a text in the page body`);
  const open: Array<{ name: string; lang: string | undefined }> = [];
  for (const tag of html.slice(bodyStart, at + 1).matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, name, attributes, selfClosing] = tag;
    if (selfClosing || VOID_ELEMENTS.has(name!.toLowerCase())) continue;
    if (closing) {
      const index = open.map((o) => o.name).lastIndexOf(name!);
      if (index >= 0) open.length = index;
    } else {
      open.push({ name: name!, lang: /\blang="([^"]*)"/.exec(attributes!)?.[1] });
    }
  }
  return [...open].reverse().find((o) => o.lang)?.lang ?? /<html[^>]*\blang="([^"]*)"/.exec(html)?.[1];
}
