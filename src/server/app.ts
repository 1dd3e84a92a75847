import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { installErrorHandler } from './error-handler';
import './fastify-types';
import { loggerOptions, logRequests } from './logging';
import { createCdnPurge } from './cache/cdn-purge';
import { createChangeFeed } from './cache/change-feed';
import { createPublicReads } from './cache/public-reads';
import { installResponseCache } from './cache/response-cache';
import { createStorage } from './media/storage';
import { registerRoutes } from './routes';
import type { PageRouteOptions } from './routes/pages';
import { clientKey } from './security/client-key';
import { installSecurityHeaders } from './security/headers';
import { privateFoldersAtStart, siteFolders, type OpenFilesFound } from './security/file-modes';
import { nulGuard } from './security/nul-guard';
import { sameOriginGuard } from './security/same-origin';
import { createServices, type ServiceOptions } from './services';
import { runStartUp, startUpSteps } from './start-up';

export interface BuildOptions extends ServiceOptions {
  /** Called once with a newly generated admin password (first start without ADMIN_PASSWORD). */
  announcePassword?: (password: string) => void;
  /** An already open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Vite's render source in development. */
  pages?: PageRouteOptions;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

/** The whole application, ready to listen or to be driven by `app.inject()` in tests. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The site's files are this user's alone (docs/security.md, "Files on disk"): what an older
  // version left open to other users is narrowed before the database opens.
  const folders = siteFolders(config);
  const openAtStart = await privateFoldersAtStart(folders.now);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'db') }));

  const app = Fastify({
    logger: loggerOptions(config.logLevel, { stream: options.logStream }),
    // one line per request instead of two (logging.ts)
    logController: new LogController({ disableRequestLogging: true }),
    // Slugs and ids longer than this are answered 404 by the router without reaching a handler.
    routerOptions: { maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy, the client's address (login throttle, rate limits) comes from
    // X-Forwarded-For, but only from the proxies TRUST_PROXY names.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow clients (docs/security.md, "Timeouts"): a client trickling its headers or body, or
    // sitting on an idle connection, is disconnected instead of holding a socket indefinitely.
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node checks the two limits above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.timeouts.headersMs / 2)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (config.maxConnectionsPerIp > 0) capConnectionsPerAddress(app.server, config.maxConnectionsPerIp);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const report = (found: OpenFilesFound | undefined) => {
    if (found) app.log[found.level](found.line);
  };
  report(openAtStart);
  // The media may be many files: looked at while the site already answers.
  const mediaModes = privateFoldersAtStart(folders.later).then(report, (error: unknown) =>
    app.log.warn({ err: error }, 'Checking the modes of the media files failed'),
  );
  logRequests(app);

  const storage = await createStorage(config);
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('services', await createServices(config, database, { ...options, storage, log: app.log }));
  await runStartUp(startUpSteps(config, database, app.services, options.announcePassword ?? (() => {})), app.log);
  // Search documents to rewrite (new country names) are rewritten while the server answers.
  app.services.search.refreshInBackground(app.log);
  const changes = await createChangeFeed(database, {
    // Varnish in front (CACHE_PURGE_URL): each applied change drops the answers tagged with it there too.
    ...(config.cachePurgeUrl ? { purge: createCdnPurge({ url: config.cachePurgeUrl, log: app.log }) } : {}),
    onError: (error) => app.log.warn({ err: error }, 'Reading the content change log failed'),
  });
  app.decorate('changes', changes);
  const { catalog, search, nearby, maps, companion, featured, themes } = app.services;
  app.decorate(
    'publicReads',
    createPublicReads({ catalog, search, nearby, maps, companion, featured, themes }, changes),
  );
  // Translation jobs run in the server process (TRANSLATION_WORKER), and stop before the database closes.
  app.services.translationQueue.start({ log: app.log, worker: config.translationJobs.worker });
  // Scheduled backups (BACKUP_DIR or BACKUP_S3_PREFIX), stopped before the database closes too.
  // A verify starts the product on the restored copy, rendered like this one.
  await app.services.backups.start({
    log: app.log,
    startApp: (copy) => buildApp(copy, { pages: options.pages, announcePassword: () => {} }),
  });
  app.addHook('onClose', async () => {
    await app.services.search.stop();
    await app.services.backups.stop();
    await app.services.translationQueue.stop();
    await changes.close();
    await mediaModes;
    if (!options.database) await database.close();
  });

  await app.register(fastifyCookie);
  // Limits count clients by address, an IPv6 client by its /64 (security/client-key.ts).
  await app.register(fastifyRateLimit, { global: false, keyGenerator: (req) => clientKey(req.ip) });
  // Vite's dev server injects inline scripts and talks to the page over a websocket.
  const viteDev = Boolean(options.pages?.renderSource);
  const mapOrigins = config.site.mapStyleUrl ? [new URL(config.site.mapStyleUrl).origin] : [];
  // helmet's headers, worked out once at start (security/headers.ts)
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        // The interactive map (MAP_STYLE_URL) reads its style, tiles, glyphs and sprites from the
        // style's origin and runs MapLibre's worker from a blob: nothing of it without the setting.
        connectSrc: [...(viteDev ? ["'self'", 'ws:'] : ["'self'"]), ...mapOrigins],
        workerSrc: ["'self'", ...(mapOrigins.length > 0 ? ['blob:'] : [])],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', sameOriginGuard(config.publicUrl));
  app.addHook('preValidation', nulGuard);
  app.decorate(
    'responseCacheStats',
    installResponseCache(app, {
      changes,
      maxBytes: config.renderCacheBytes,
      rendersPerMinute: config.renderBudgetPerMinute,
      cdnMaxAge: config.cdnMaxAge,
    }),
  );

  await registerRoutes(app, options.pages);
  return app;
}

/**
 * Refuses (closes at once) a new connection from an address that already holds `max` open ones.
 * Counts the peer address of the socket, so behind a reverse proxy it counts the proxy.
 */
function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Fastify's typings take a hop count only as a function: trust the nearest `hops` proxies. */
function fastifyTrustProxy(value: AppConfig['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}
