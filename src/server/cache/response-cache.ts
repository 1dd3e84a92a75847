import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gunzip, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isAdminAddress } from '../../shared/admin-paths';
import { isLanguageCode, LANGUAGE_COOKIE, toLanguageCode } from '../../shared/languages';
import type { ChangeFeed } from './change-feed';
import { isNotModified, pickEncoding, type Encoding } from './conditional-get';
import { cacheKeyOf, isNormalPath } from './cache-key';
import { createRenderBudget } from './render-budget';
import { ANY_TAG, SITE_TAG, type TagSink } from './tags';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Public answers kept in the render cache: 'api' for JSON, 'page' for server-rendered HTML
     * (whose language comes from the cookie when the path names none).
     */
    publicCache?: 'api' | 'page';
    /**
     * The address names its content (a hash of it): a 200 answer may be kept for good, by
     * browsers and shared caches alike (IMMUTABLE_CACHE_CONTROL).
     */
    immutable?: boolean;
  }
  interface FastifyRequest {
    publicCache?: CacheState;
  }
}

/** The name this cache gives itself in `Cache-Status` (RFC 9211). */
const CACHE_NAME = 'travel-places';

export const PUBLIC_PAGE_CACHE = { publicCache: 'page' } as const;

/**
 * Every GET route registered after this in the plugin `app` is public JSON kept in the cache,
 * unless its own config says otherwise (`config: { publicCache: undefined }`).
 */
export function cachePublicRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { publicCache: 'api', ...route.config };
  });
}

/**
 * Browsers revalidate every public answer (cheaply, by ETag), so none shows an edit late; a shared
 * cache (Varnish, a CDN) may keep it for `cdnMaxAge` seconds, because every change purges the
 * answers that carry its tags there (cache/cdn-purge.ts).
 */
export const publicCacheControl = (cdnMaxAge: number) =>
  cdnMaxAge > 0 ? `public, max-age=0, s-maxage=${cdnMaxAge}, must-revalidate` : 'public, max-age=0, must-revalidate';
/** An answer whose address changes with its content (FastifyContextConfig.immutable). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Admin screens and the admin API are never stored anywhere. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

interface CacheState {
  key: string;
  /** The address the answer is made for: the normalised path and the parameters the route reads. */
  url: string;
  /** The change-feed epoch read before any data was: an answer is kept only if nothing it read changed since. */
  epoch: number;
  hit: boolean;
  vary: string;
  /** What the answer is made from (cache/tags.ts), filled by the reads. */
  tags: TagSink;
}

interface Entry {
  tags: string[];
  status: number;
  headers: Record<string, string>;
  vary: string;
  /**
   * The identity body; a large one is kept only gzipped (clients nearly all accept an encoding,
   * and a sitemap child of a few MB must not push the pages out of the cache).
   */
  body: Buffer | undefined;
  size: number;
  /** Hash of the identity body; each encoding gets its own strong ETag from it. */
  hash: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The brotli body was made quickly for the answer that rendered it; made smaller on a later hit. */
  brFast?: boolean;
}

/** Answers worth keeping: pages and data, and "this does not exist" (a deleted place stays 404). */
const CACHEABLE_STATUS = new Set([200, 404]);
const KEPT_HEADERS = ['content-type', 'content-disposition', 'link', 'x-robots-tag'];
/** Above this the identity body is dropped once it is gzipped. */
const LARGE_BODY_BYTES = 256 * 1024;
/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Brotli quality of a stored answer: 4 (35 % less CPU than 5 for 6 % more bytes). The answer that
 * renders a page is compressed at 2 (about half the CPU of 4; a place page of 85 KB came to 19.4 KB
 * against 18.5 KB at 4 and 19.3 KB at 3) so that a first render costs less; the entry's brotli body
 * is made again at 4, in the background, when it is asked for again.
 */
const BROTLI_QUALITY = 4;
const FRESH_BROTLI_QUALITY = 2;

/**
 * Bodies up to this size are compressed on the main thread, in one call. Through zlib's stream and
 * the thread pool, an 80 KB page cost 0.3 ms more CPU than the compression itself (0.72 against
 * 0.39 ms at quality 2, measured side by side), which a first render paid on every page; at this
 * size the call takes at most a few milliseconds. Larger bodies (sitemap children, feeds) and the
 * background recompression go to the thread pool, so the main thread never waits on them.
 */
const MAIN_THREAD_COMPRESS_BYTES = 256 * 1024;

/**
 * Brotli's window for a body of `bytes`: the smallest that holds all of it (2^bits - 16 bytes), never
 * more than brotli's default of 22. The window bounds how far back a match may reach, so a body that
 * fits compresses to the same size as with the default (a byte less: the header); but the
 * encoder's memory grows with the window, and with the default every answer of a few dozen KB had
 * its thread-pool worker map and fault in memory afresh (measured on a 62 KB place page at quality
 * 3: 1.5-1.9 ms of CPU in all threads, 0.4 ms of it system time, with the default window; 0.5-0.75
 * ms with this one).
 */
function brotliWindowBits(bytes: number): number {
  return Math.min(22, Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))));
}

const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
  },
});
const GZIP_OPTIONS = { level: 6 };

/** Compressed in the thread pool: for large bodies and work no answer waits for. */
function compressInPool(body: Buffer, encoding: Encoding, brotliQuality = BROTLI_QUALITY): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, brotliOptions(body, brotliQuality)) : gzipAsync(body, GZIP_OPTIONS);
}

/** Compressed for an answer that waits for it: on the main thread when small (MAIN_THREAD_COMPRESS_BYTES). */
async function compress(body: Buffer, encoding: Encoding, brotliQuality = BROTLI_QUALITY): Promise<Buffer> {
  if (body.length > MAIN_THREAD_COMPRESS_BYTES) return compressInPool(body, encoding, brotliQuality);
  return encoding === 'br'
    ? brotliCompressSync(body, brotliOptions(body, brotliQuality))
    : gzipSync(body, GZIP_OPTIONS);
}

const etagFor = (entry: Entry, encoding: Encoding | undefined) => `"${entry.hash}${encoding ? `-${encoding}` : ''}"`;

/** If-None-Match names this content in any encoding (the content, not the bytes, is what is known). */
const notModified = (request: FastifyRequest, entry: Entry) =>
  isNotModified(request.headers, { etag: (opaque) => opaque.replace(/-(br|gzip)$/, '') === entry.hash });

export interface ResponseCacheOptions {
  changes: ChangeFeed;
  /** Byte budget for all entries (bodies in every encoding kept); 0 keeps nothing. */
  maxBytes: number;
  /** Renders (cache misses) one client may cause per minute; 0: no limit. */
  rendersPerMinute: number;
  /** s-maxage for shared caches, in seconds. */
  cdnMaxAge: number;
}

/** What the cache holds, for tests and the benchmark. */
export interface ResponseCacheStats {
  entries: number;
  bytes: number;
}

/**
 * The render and API cache: public answers are kept in memory, compressed, with the dependency
 * tags of what they were made from (cache/tags.ts), and answered again with strong ETags (304 on
 * If-None-Match) until a change names one of their tags (cache/change-feed.ts): an edit drops the
 * pages that show what it changed and nothing else, on every instance, before the next request is
 * answered. The key is the normalised path and only the query parameters the route reads
 * (cache/cache-key.ts), so made-up parameters neither fill the cache nor re-render a page; the
 * renders one client can cause are limited (cache/render-budget.ts). Answers say where they came
 * from (`Cache-Status`) and carry their tags for a shared cache in front (`Surrogate-Key`,
 * `Cache-Tag`). Routes opt in with `cachePublicRoutes` (JSON) or `PUBLIC_PAGE_CACHE` (pages).
 */
export function installResponseCache(app: FastifyInstance, options: ResponseCacheOptions): () => ResponseCacheStats {
  const { changes } = options;
  const cacheControl = publicCacheControl(options.cdnMaxAge);
  const budget = createRenderBudget(options.rendersPerMinute);
  /** Which keys carry each tag, to drop exactly those. */
  const keysByTag = new Map<string, Set<string>>();
  const unindex = (key: string, entry: Entry) => {
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };
  const lru =
    options.maxBytes > 0
      ? new LRUCache<string, Entry>({
          maxSize: options.maxBytes,
          // One answer may not push out more than an eighth of everything else.
          maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 8)),
          sizeCalculation: (entry, key) =>
            key.length +
            (entry.body?.length ?? 0) +
            (entry.encoded.br?.length ?? 0) +
            (entry.encoded.gzip?.length ?? 0) +
            256,
          dispose: (entry, key) => unindex(key, entry),
        })
      : undefined;

  changes.onChange((batch) => {
    if (!lru) return;
    if (batch.all) {
      lru.clear();
      return;
    }
    // Answers that recorded no reads go with any change.
    for (const tag of [...batch.tags, ANY_TAG]) {
      for (const key of [...(keysByTag.get(tag) ?? [])]) lru.delete(key);
    }
  });

  const stateFor = (request: FastifyRequest, kind: 'api' | 'page', epoch: number): CacheState => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const url = cacheKeyOf(request, kind);
    let key = `${method} ${url}`;
    let vary = 'Accept-Encoding';
    if (kind === 'page' && !isLanguageCode(url.split(/[/?]/)[1])) {
      // A path without a language is shown in the cookie's language (error pages).
      key += ` lang=${toLanguageCode(request.cookies[LANGUAGE_COOKIE])}`;
      vary = 'Accept-Encoding, Cookie';
    }
    return { key, url, epoch, hit: false, vary, tags: new Set() };
  };

  /**
   * What a shared cache in front needs: how long it may keep the answer, and its tags. An answer
   * that a change applied during its render may have made stale (`current` false) is for this
   * request only: the change's purge has gone out already, so no shared cache may keep it.
   */
  const sharedHeaders = (
    reply: FastifyReply,
    tags: readonly string[],
    status: string,
    { current = true, httpStatus = reply.statusCode }: { current?: boolean; httpStatus?: number } = {},
  ) => {
    const all = [SITE_TAG, ...(tags.length > 0 ? tags : [ANY_TAG])];
    const forGood = current && httpStatus === 200 && reply.request.routeOptions.config.immutable;
    reply
      .header('Cache-Control', forGood ? IMMUTABLE_CACHE_CONTROL : current ? cacheControl : publicCacheControl(0))
      .header('Surrogate-Key', all.join(' '))
      .header('Cache-Tag', all.join(','))
      .header('Cache-Status', `${CACHE_NAME}; ${status}`);
  };

  /**
   * A hit on an entry whose brotli body was made quickly: make it again at the stored quality in
   * the background (the same content, so the same ETag; this answer goes out as it is).
   */
  const recompress = (entry: Entry, key: string) => {
    const body = entry.body;
    entry.brFast = false;
    if (!body) return;
    compressInPool(body, 'br').then(
      (smaller) => {
        if (lru?.get(key) !== entry) return;
        entry.encoded.br = smaller;
        lru.set(key, entry);
      },
      () => {},
    );
  };

  /**
   * Sets the headers and answers the body for the client's encoding, compressing once per entry;
   * `fresh` for the answer that made the entry (quicker brotli, see FRESH_BROTLI_QUALITY).
   */
  const respond = async (request: FastifyRequest, reply: FastifyReply, entry: Entry, key: string, fresh = false) => {
    reply.code(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
    reply.header('Vary', entry.vary);
    const encoding = entry.size >= MIN_COMPRESS_BYTES ? pickEncoding(request.headers['accept-encoding']) : undefined;
    reply.header('ETag', etagFor(entry, encoding));
    if (notModified(request, entry)) {
      reply.code(304).removeHeader('content-type');
      return '';
    }
    if (!encoding) return entry.body ?? gunzipAsync(entry.encoded.gzip!);
    let encoded = entry.encoded[encoding];
    if (encoded && encoding === 'br' && entry.brFast && !fresh) recompress(entry, key);
    if (!encoded) {
      const quick = fresh && encoding === 'br';
      encoded = await compress(
        entry.body ?? (await gunzipAsync(entry.encoded.gzip!)),
        encoding,
        quick ? FRESH_BROTLI_QUALITY : BROTLI_QUALITY,
      );
      entry.encoded[encoding] = encoded;
      entry.brFast ||= quick;
      // Set again so the LRU counts the new bytes (only if the entry is still the current one).
      if (lru?.get(key) === entry) lru.set(key, entry);
    }
    reply.header('Content-Encoding', encoding);
    return encoded;
  };

  app.addHook('onRequest', async (request, reply) => {
    const kind = request.routeOptions.config.publicCache;
    if (!kind || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    // An admin address in another spelling (`/ILADMIN/...` reaches the page route) is never kept.
    if (isAdminAddress(request.url)) return;
    // A page at an address that is not normal is redirected to it (routes/pages.ts), never kept.
    if (kind === 'page' && !isNormalPath(request.url)) return;
    const state = stateFor(request, kind, await changes.fresh());
    request.publicCache = state;
    const entry = lru?.get(state.key);
    if (entry) {
      state.hit = true;
      sharedHeaders(reply, entry.tags, 'hit', { httpStatus: entry.status });
      return reply.send(await respond(request, reply, entry, state.key));
    }
    const wait = budget.take(request.ip);
    if (wait > 0) {
      request.publicCache = undefined;
      return reply
        .status(429)
        .header('Retry-After', String(wait))
        .header('Cache-Control', 'no-store')
        .send({
          error: `Too many pages asked for at once from your address. Wait ${wait} seconds, then try again.`,
          code: 'rate_limited',
        });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.publicCache;
    if (!state || state.hit) return payload;
    const tags = [...state.tags].sort();
    // An answer made while a write committed may hold older data: keep it only if nothing it read changed.
    const current = changes.unchangedSince(state.epoch, tags.length > 0 ? tags : [ANY_TAG]);
    const storable =
      CACHEABLE_STATUS.has(reply.statusCode) &&
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      !reply.hasHeader('set-cookie');
    if (!storable) {
      if (reply.statusCode >= 500) reply.header('Cache-Control', 'no-store');
      else if (CACHEABLE_STATUS.has(reply.statusCode)) sharedHeaders(reply, tags, 'fwd=miss', { current });
      return payload;
    }
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const entry: Entry = {
      tags,
      status: reply.statusCode,
      headers,
      vary: state.vary,
      body,
      size: body.length,
      hash: createHash('sha256').update(body).digest('base64url').slice(0, 27),
      encoded: {},
    };
    if (body.length > LARGE_BODY_BYTES) {
      entry.encoded.gzip = await compress(body, 'gzip');
      entry.body = undefined;
    }
    const kept = Boolean(lru) && current;
    if (kept && lru) {
      const old = lru.get(state.key);
      if (old) unindex(state.key, old);
      lru.set(state.key, entry);
      if (lru.get(state.key) === entry) {
        for (const tag of tags.length > 0 ? tags : [ANY_TAG]) {
          let keys = keysByTag.get(tag);
          if (!keys) keysByTag.set(tag, (keys = new Set()));
          keys.add(state.key);
        }
      }
    }
    sharedHeaders(reply, tags, kept ? 'fwd=miss; stored' : 'fwd=miss', { current });
    return respond(request, reply, entry, state.key, true);
  });

  // Admin answers carry the session's data: never stored by a browser, proxy or CDN, decided on the
  // decoded, normalised path (`/api/%61dmin/...` is routed to the admin API too). An admin write is
  // answered once its changes are applied here and purged from a shared cache in front, so whatever
  // the admin opens next shows the write.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isAdminAddress(request.url)) {
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      if (request.method !== 'GET' && request.method !== 'HEAD') await changes.settled().catch(() => {});
    }
    return payload;
  });

  return () => ({ entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 });
}
