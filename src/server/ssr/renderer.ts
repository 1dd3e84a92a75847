import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RenderRequest, RenderResult } from '../../client/entry-server';
import { CLIENT_DIST_DIR, SSR_ENTRY } from '../paths';

export interface SsrEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** Where the HTML template and the server entry come from: the production build, or Vite in dev. */
export interface RenderSource {
  template(url: string): Promise<string>;
  entry(): Promise<SsrEntry>;
}

export class SiteNotBuiltError extends Error {}

export function buildRenderSource(): RenderSource {
  let template: Promise<string> | undefined;
  let entry: Promise<SsrEntry> | undefined;
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
  };
}

/** JSON that is safe inside a <script> element: no "</script>" or comment openers can survive. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface Page {
  status: number;
  html: string;
}

export function createPageRenderer(app: FastifyInstance, source: RenderSource) {
  const fetchJson = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path });
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body };
  };

  return {
    /** A public page rendered on the server, with its data dehydrated for the client. */
    async renderPublic(url: string, cookieLanguage?: string): Promise<Page> {
      const [template, entry] = await Promise.all([source.template(url), source.entry()]);
      const result = await entry.render({ url, fetchJson, cookieLanguage, publicUrl: app.config.publicUrl });
      const html = template
        .replace('<html lang="en">', `<html lang="${result.lang}">`)
        .replace('<!--app-head-->', result.head)
        .replace('<div id="root"><!--app-html--></div>', `<div id="root" data-ssr="true">${result.html}</div>`)
        .replace(
          '<!--app-state-->',
          `<script id="__QUERY_STATE__" type="application/json">${jsonForScript(result.state)}</script>`,
        );
      return { status: result.status, html };
    },

    /** The client-only shell for admin screens: no server rendering, never indexed. */
    async renderShell(url: string): Promise<Page> {
      const template = await source.template(url);
      const html = template
        .replace(
          '<!--app-head-->',
          '<meta name="robots" content="noindex, nofollow" /><title>Admin · Travel Places</title>',
        )
        .replace('<!--app-state-->', '');
      return { status: 200, html };
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
