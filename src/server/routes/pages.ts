import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminScreenAt, isAdminScreenPath } from '../../shared/admin-paths';
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  languageFromAcceptLanguage,
  LANGUAGE_COOKIE,
  supportedLanguagePath,
} from '../../shared/languages';
import { isNormalPath, normalizePath } from '../cache/cache-key';
import { PUBLIC_PAGE_CACHE } from '../cache/response-cache';
import { sessionToken } from '../security/session';
import { CLIENT_DIST_DIR } from '../paths';
import { createRenderLimiter, RenderBusyError } from '../ssr/render-limiter';
import {
  buildRenderSource,
  createPageRenderer,
  SiteNotBuiltError,
  type Page,
  type RenderSource,
} from '../ssr/renderer';

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
      // Cache-Control is ours alone (send's own would replace what setHeaders writes).
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : // the service worker: a new version reaches visitors at their next page (decision 023)
              /\/sw\.js(\.br|\.gz)?$/.test(path)
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }

  const limiter = createRenderLimiter(app.config.renderConcurrency, app.config.renderQueueMs);

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    render: (signal: AbortSignal) => Promise<Page>,
    /** Where a page that is not found moved to, if it did (old addresses answer 301). */
    movedTo?: () => Promise<string | undefined>,
  ) => {
    // The client may leave while its page waits or renders: then stop working on it.
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableEnded) gone.abort(new Error('The client closed the connection'));
    };
    reply.raw.once('close', onClose);
    try {
      const page = await limiter.run(() => render(gone.signal), gone.signal);
      const location = page.status === 404 && movedTo ? await movedTo() : undefined;
      if (location) return reply.redirect(location, 301);
      return reply.status(page.status).header('Content-Type', 'text/html; charset=utf-8').send(page.html);
    } catch (error) {
      if (gone.signal.aborted) return reply.status(503).send(); // nobody is listening any more
      if (error instanceof RenderBusyError) {
        return reply
          .status(503)
          .header('Retry-After', '2')
          .header('Cache-Control', 'no-store')
          .send({ error: error.message, code: 'server_busy' });
      }
      if (error instanceof SiteNotBuiltError) {
        return reply.status(503).header('Content-Type', 'text/plain; charset=utf-8').send(error.message);
      }
      throw error;
    } finally {
      reply.raw.off('close', onClose);
    }
  };

  // The visitor's chosen language (the cookie), else the browser's (Accept-Language), else English.
  // The answer differs by both headers: it is stored by no cache, and says what it depends on.
  app.get('/', async (request, reply) => {
    const cookie = request.cookies[LANGUAGE_COOKIE];
    const lang = isLanguageCode(cookie)
      ? cookie
      : (languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Language, Cookie')
      .redirect(`/${lang}/home`, 302);
  });

  // A bare language (/es or /es/) means that language's home page. /api and /api/ are the API's:
  // unknown API addresses are answered with JSON, never with the page not-found screen.
  const languageHome = async (request: FastifyRequest, reply: FastifyReply) => {
    const { lang } = request.params as { lang: string };
    if (lang === 'api') return reply.callNotFound();
    if (!isLanguageCode(lang))
      return toSupportedLanguage(request, reply) ?? toNormalPath(request, reply) ?? renderPage(request, reply);
    return reply.header('Cache-Control', 'no-store').redirect(`/${lang}/home`, 302);
  };

  /**
   * docs/product.md §2.2: an unsupported language is English. /pt/home?x=1 answers a redirect to /en/home?x=1
   * (302: a language added later must not be hidden by browsers' memory of a 301). Paths whose
   * first segment is no language tag are left to the page (its not-found screen).
   */
  const toSupportedLanguage = (request: FastifyRequest, reply: FastifyReply) => {
    const target = supportedLanguagePath(request.url);
    return target === undefined ? undefined : reply.header('Cache-Control', 'no-store').redirect(target, 302);
  };

  // Search results are for visitors, not for search engines' indexes (the page says noindex too).
  app.get('/:lang/search', { config: PUBLIC_PAGE_CACHE }, async (request, reply) => {
    const { lang } = request.params as { lang: string };
    if (lang === 'api') return reply.callNotFound();
    reply.header('X-Robots-Tag', 'noindex');
    return toSupportedLanguage(request, reply) ?? toNormalPath(request, reply) ?? renderPage(request, reply);
  });

  app.get('/:lang', { config: PUBLIC_PAGE_CACHE }, languageHome);
  app.get('/:lang/', { config: PUBLIC_PAGE_CACHE }, languageHome);

  // The admin screens are rendered in the browser. Any other /iladmin path still gets the shell (the
  // client shows its not-found screen there) but with status 404.
  const adminShell = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    // The sign-in form is rendered here too, so it is the first thing painted (not "Loading..." while
    // the admin's code arrives); the browser hydrates it. It reads no data.
    const login = adminScreenAt(request.url) === 'login';
    const render = login ? renderer.renderLogin(request.url) : renderer.renderShell(request.url);
    const page = await render.catch((error: unknown) => {
      if (error instanceof SiteNotBuiltError) return { status: 503, html: error.message };
      throw error;
    });
    const status = page.status === 200 && !isAdminScreenPath(request.url) ? 404 : page.status;
    return reply.status(status).header('Content-Type', 'text/html; charset=utf-8').send(page.html);
  };
  app.get('/iladmin', adminShell);
  app.get('/iladmin/*', adminShell);

  // The admin's preview of a place, draft or published, as visitors would see it: only with a
  // session (else the sign-in screen), never stored by any cache, never indexed.
  app.get('/iladmin/preview/:lang/:slug', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex, nofollow');
    if (!(await app.services.auth.isValidSession(sessionToken(request)))) {
      return reply.redirect('/iladmin/login', 302);
    }
    const { lang, slug } = request.params as { lang: string; slug: string };
    const state = isLanguageCode(lang) ? await app.services.publishing.stateOfSlug(slug) : undefined;
    if (!state) return adminShell(request, reply);
    return handle(request, reply, async (signal) => renderer.renderPreview(lang, slug, { signal, state }));
  });

  // Caching, compression and ETags of rendered pages: see cache/response-cache.ts. A page is
  // rendered for the address it is kept under (normalised, with only the parameters pages read),
  // and its reads record its dependency tags there. The cookie decides the language only of pages
  // whose path names none (error pages).
  const renderPage = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.publicCache?.url ?? request.url;
    return handle(
      request,
      reply,
      (signal) =>
        renderer.renderPublic(url, {
          cookieLanguage: request.cookies[LANGUAGE_COOKIE],
          signal,
          tags: request.publicCache?.tags,
        }),
      () => movedAddress(request.url),
    );
  };

  /** One address per page: `/en//x`, `/en/./x` or `/en/%78` answer 301 to `/en/x` (the query kept). */
  const toNormalPath = (request: FastifyRequest, reply: FastifyReply) => {
    if (isNormalPath(request.url)) return undefined;
    const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
    return reply
      .header('Cache-Control', 'no-store')
      .redirect(`${normalizePath(path)}${query !== undefined ? `?${query}` : ''}`, 301);
  };

  /** /{lang}/{old-slug}?query -> /{lang}/{new-slug}?query for an address that moved. */
  const movedAddress = async (url: string): Promise<string | undefined> => {
    const match = /^\/([a-z]{2})\/([a-z0-9-]{1,200})(\?.*)?$/.exec(url);
    if (!match || !isLanguageCode(match[1]!)) return undefined;
    const target = await app.services.catalog.movedSlug(match[2]!);
    return target ? `/${match[1]}/${target}${match[3] ?? ''}` : undefined;
  };

  app.get('/*', { config: PUBLIC_PAGE_CACHE }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    return toSupportedLanguage(request, reply) ?? toNormalPath(request, reply) ?? renderPage(request, reply);
  });
}
