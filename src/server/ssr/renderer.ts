import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RenderRequest, RenderResult } from '../../client/entry-server';
import type { PageState } from '../../client/ssr/page-state';
import { CLIENT_DIST_DIR, ISLAND_UI_TEXT, SSR_ENTRY } from '../paths';
import type { TagSink } from '../cache/tags';
import { createPublicDataSource } from './public-data';

export interface SsrEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** Where the HTML template and the server entry come from: the production build, or Vite in dev. */
export interface RenderSource {
  template(url: string): Promise<string>;
  entry(): Promise<SsrEntry>;
  /** The interface text keys the islands can show (RenderRequest.islandUiText); none: all of them. */
  islandUiText?(): Promise<ReadonlySet<string> | undefined>;
}

export class SiteNotBuiltError extends Error {}

export function buildRenderSource(): RenderSource {
  let template: Promise<string> | undefined;
  let entry: Promise<SsrEntry> | undefined;
  let islandUiText: Promise<ReadonlySet<string> | undefined> | undefined;
  return {
    template: () =>
      (template ??= readFile(join(CLIENT_DIST_DIR, 'index.html'), 'utf8').catch(() => {
        template = undefined;
        throw new SiteNotBuiltError('The site has not been built yet: run `npm run build`.');
      })),
    entry: () =>
      (entry ??= (import(/* @vite-ignore */ SSR_ENTRY) as Promise<SsrEntry>).catch(() => {
        entry = undefined;
        throw new SiteNotBuiltError('The site has not been built yet: run `npm run build`.');
      })),
    // written by the browser build beside it; a build without it hands the islands every text
    islandUiText: () =>
      (islandUiText ??= readFile(ISLAND_UI_TEXT, 'utf8').then(
        (json) => new Set(JSON.parse(json) as string[]),
        () => undefined,
      )),
  };
}

const SCRIPT_UNSAFE = /[<>\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that is safe inside a <script> element: no "</script>" or comment openers can survive. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (char) => SCRIPT_ESCAPES[char]!);
}

/** Data objects met in an earlier page's state, and then their JSON (see `stateForScript`). */
const seenData = new WeakSet<object>();
const dataJson = new WeakMap<object, string>();

/**
 * A page's state (its queries as key and data) as JSON safe in a <script> element. The data every
 * page of a language shares (languages, site settings, interface text: ~13 of a place page's
 * ~15 KB) is the same object from render to render, as the reads are remembered until a change
 * (cache/public-reads.ts); the second time an object is met its JSON is kept as long as it lives,
 * so those are not written out again for every page. Query data is never changed in place.
 */
export function stateForScript(state: PageState): string {
  const entries = state.map(([key, data]) => {
    let json = typeof data === 'object' && data !== null ? dataJson.get(data) : undefined;
    if (json === undefined) {
      json = jsonForScript(data ?? null);
      if (typeof data === 'object' && data !== null) {
        if (seenData.has(data)) dataJson.set(data, json);
        else seenData.add(data);
      }
    }
    return `[${jsonForScript(key)},${json}]`;
  });
  return `[${entries.join(',')}]`;
}

export interface Page {
  status: number;
  /** The document: UTF-8 bytes for a server-rendered page (see `documentBytes`). */
  html: string | Buffer;
}

/**
 * Puts `value` where `marker` stands. A function replacer, because a string replacement would read
 * `$'`, `$&` or `$1` inside page text as patterns and splice the template into the page.
 */
function fill(template: string, marker: string, value: string): string {
  return template.replace(marker, () => value);
}

/** Where a rendered page's parts go in the template, in document order. */
const PAGE_MARKERS = [
  '<html lang="en">',
  '<!--app-head-->',
  '<div id="root"><!--app-html--></div>',
  '<!--app-state-->',
] as const;

/** The template's text around the markers, as bytes: the last template's, as it rarely changes. */
let templateParts: { template: string; parts: Buffer[] } | undefined;

function templateBytes(template: string): Buffer[] {
  if (templateParts?.template === template) return templateParts.parts;
  const parts: Buffer[] = [];
  let from = 0;
  for (const marker of PAGE_MARKERS) {
    const at = template.indexOf(marker, from);
    if (at < 0) throw new Error(`The HTML template has no ${marker}: rebuild the site (npm run build).`);
    parts.push(Buffer.from(template.slice(from, at)));
    from = at + marker.length;
  }
  parts.push(Buffer.from(template.slice(from)));
  templateParts = { template, parts };
  return parts;
}

/**
 * The page as UTF-8 bytes, each part encoded on its own. Concatenated into one string first, a
 * page (two-byte text in V8: the language menu's flags and scripts) would be copied whole into a
 * new string before encoding, which cost about 1 ms of CPU a page (a fifth of a first render).
 */
function documentBytes(template: string, fills: ReadonlyArray<readonly string[]>): Buffer {
  const parts = templateBytes(template);
  const chunks: Array<Buffer | string> = [parts[0]!];
  fills.forEach((values, i) => chunks.push(...values, parts[i + 1]!));
  // written straight into one buffer: no intermediate buffer per part to copy again
  const lengths = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length));
  const out = Buffer.allocUnsafe(lengths.reduce((sum, length) => sum + length, 0));
  let offset = 0;
  for (const [i, chunk] of chunks.entries()) {
    const written = typeof chunk === 'string' ? out.write(chunk, offset) : chunk.copy(out, offset);
    // never leave bytes of allocUnsafe's memory in the page
    if (written !== lengths[i]) return Buffer.concat(chunks.map((part) => Buffer.from(part)));
    offset += written;
  }
  return out;
}

/** The head of every admin page the server sends. */
const ADMIN_HEAD = '<meta name="robots" content="noindex, nofollow" /><title>Admin · Travel Places</title>';

export function createPageRenderer(app: FastifyInstance, source: RenderSource) {
  return {
    /**
     * A public page rendered on the server from the services, with its data dehydrated for the
     * client. What the page read is added to `tags` (its dependency tags, cache/tags.ts).
     */
    async renderPublic(
      url: string,
      {
        cookieLanguage,
        signal,
        tags = new Set(),
        preview = false,
      }: { cookieLanguage?: string; signal?: AbortSignal; tags?: TagSink; preview?: boolean },
    ): Promise<Page> {
      const [template, entry, islandUiText] = await Promise.all([
        source.template(url),
        source.entry(),
        source.islandUiText?.(),
      ]);
      const result = await entry.render({
        islandUiText,
        url,
        data: (lang) => createPublicDataSource(app.publicReads(tags), lang, preview),
        signal,
        cookieLanguage,
        publicUrl: app.config.publicUrl,
      });
      const html = documentBytes(template, [
        [`<html lang="${result.lang}">`],
        [result.head],
        ['<div id="root" data-ssr="true">', result.html, '</div>'],
        ['<script id="__QUERY_STATE__" type="application/json">', stateForScript(result.state), '</script>'],
      ]);
      return { status: result.status, html };
    },

    /**
     * The admin's preview of a place, draft or published, as visitors would see it: the same server
     * rendering with a bar that says what it is, never indexed, and without the page's scripts (the
     * browser's router would take the preview's address for an admin screen).
     */
    async renderPreview(
      lang: string,
      slug: string,
      options: { signal?: AbortSignal; state: 'draft' | 'published' },
    ): Promise<Page> {
      const page = await this.renderPublic(`/${lang}/${slug}`, { ...options, preview: true });
      const bar =
        options.state === 'draft'
          ? 'Draft preview: visitors cannot see this page until you publish it.'
          : 'Preview: this place is published, so visitors see this page.';
      const html = page.html
        .toString()
        .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
        .replace(/<meta name="robots"[^>]*>/g, '')
        .replace('<!--app-head-->', '')
        .replace('</head>', () => '<meta name="robots" content="noindex, nofollow" /></head>')
        .replace(
          '<body>',
          () =>
            `<body><div role="status" data-preview-bar style="position:fixed;left:0;right:0;bottom:0;z-index:100;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:center;padding:.6rem 1rem;background:${options.state === 'draft' ? '#92400e' : '#0f766e'};color:#fff;font:600 15px/1.4 system-ui,sans-serif">${bar} <a href="/iladmin/edit-places" style="color:#fff;text-decoration:underline">Back to Edit Places</a></div>`,
        );
      return { status: page.status, html };
    },

    /**
     * The admin's sign-in screen rendered on the server, so its form is the first thing painted (it
     * reads no data; the browser hydrates it), never indexed.
     */
    async renderLogin(url: string): Promise<Page> {
      const page = await this.renderPublic(url, {});
      // The sign-in screen is the admin's single-page app rendered ahead (spa.tsx hydrates it whole),
      // not a public page of islands: its root says so.
      const html = page.html
        .toString()
        .replace('</head>', () => `${ADMIN_HEAD}</head>`)
        .replace('<div id="root" data-ssr="true">', '<div id="root" data-ssr="login">');
      return { status: page.status, html };
    },

    /** The client-only shell for admin screens: no server rendering, never indexed. */
    async renderShell(url: string): Promise<Page> {
      const template = await source.template(url);
      const html = fill(fill(template, '<!--app-head-->', ADMIN_HEAD), '<!--app-state-->', '');
      return { status: 200, html };
    },
  };
}
