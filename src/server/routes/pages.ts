import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguageCode, LANGUAGE_COOKIE, toLanguageCode } from '../../shared/languages';
import { CLIENT_DIST_DIR } from '../paths';
import {
  buildRenderSource,
  createPageRenderer,
  SiteNotBuiltError,
  type Page,
  type RenderSource,
} from '../ssr/renderer';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Rendered HTML is compressed (brotli when accepted, else gzip): it carries the page's data too. */
function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

function compress(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(html, { level: 6 });
}

function varyWith(current: unknown, value: string): string {
  return typeof current === 'string' && current ? `${current}, ${value}` : value;
}

export interface PageRouteOptions {
  /** Vite in development; the production build otherwise. */
  renderSource?: RenderSource;
  /** Development only: registers Vite's middleware before any route. */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
}

/** The HTML side of the site: `/`, admin shells, server-rendered public pages and built assets. */
export async function pageRoutes(app: FastifyInstance, options: PageRouteOptions = {}): Promise<void> {
  const renderer = createPageRenderer(app, options.renderSource ?? buildRenderSource());

  if (!options.renderSource && existsSync(CLIENT_DIST_DIR)) {
    // Hashed build assets never change: cache them for a year. index.html is rendered, not served.
    await app.register(fastifyStatic, {
      root: CLIENT_DIST_DIR,
      index: false,
      wildcard: false,
      // scripts/compress-assets.mjs writes .br and .gz beside each built asset
      preCompressed: true,
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const send = async (request: FastifyRequest, reply: FastifyReply, page: Page, cacheControl: string) => {
    reply.status(page.status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', cacheControl);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    reply.header('Content-Encoding', encoding).header('Vary', varyWith(reply.getHeader('Vary'), 'Accept-Encoding'));
    return reply.send(await compress(page.html, encoding));
  };

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    render: () => Promise<Page>,
    cacheControl: string,
  ) => {
    try {
      return await send(request, reply, await render(), cacheControl);
    } catch (error) {
      if (error instanceof SiteNotBuiltError) {
        return reply.status(503).header('Content-Type', 'text/plain; charset=utf-8').send(error.message);
      }
      throw error;
    }
  };

  app.get('/', async (request, reply) => {
    const lang = toLanguageCode(request.cookies[LANGUAGE_COOKIE]);
    return reply.header('Cache-Control', 'no-store').redirect(`/${lang}/home`, 302);
  });

  // A bare language (/es or /es/) means that language's home page.
  const languageHome = async (request: FastifyRequest, reply: FastifyReply) => {
    const { lang } = request.params as { lang: string };
    if (!isLanguageCode(lang)) return renderPage(request, reply);
    return reply.header('Cache-Control', 'no-store').redirect(`/${lang}/home`, 302);
  };
  app.get('/:lang', languageHome);
  app.get('/:lang/', languageHome);

  const adminShell = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    return handle(request, reply, () => renderer.renderShell(request.url), 'no-store');
  };
  app.get('/iladmin', adminShell);
  app.get('/iladmin/*', adminShell);

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Short shared caching keeps pages fresh after an admin edit while letting a CDN absorb bursts.
    const cookieLanguage = request.cookies[LANGUAGE_COOKIE];
    // The cookie decides the language only of pages whose path names none (error pages).
    if (!isLanguageCode(request.url.split('/')[1])) reply.header('Vary', 'Cookie');
    return handle(
      request,
      reply,
      () => renderer.renderPublic(request.url, cookieLanguage),
      'public, max-age=60, stale-while-revalidate=300',
    );
  };

  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    return renderPage(request, reply);
  });
}
