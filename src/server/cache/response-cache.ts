import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isLanguageCode, LANGUAGE_COOKIE, toLanguageCode } from '../../shared/languages';
import type { ContentVersion } from './content-version';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Public answers kept in the render cache: 'api' for JSON, 'page' for server-rendered HTML
     * (whose language comes from the cookie when the path names none).
     */
    publicCache?: 'api' | 'page';
  }
  interface FastifyRequest {
    publicCache?: CacheState;
  }
}

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

/** Every public answer is revalidated (cheaply, by ETag), so no browser or CDN shows an edit late. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Admin screens and the admin API are never stored anywhere. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

type Encoding = 'br' | 'gzip';

interface CacheState {
  key: string;
  /** The content version read before any data was: an answer is stored under it. */
  version: number;
  hit: boolean;
  vary: string;
}

interface Entry {
  version: number;
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
}

/** Answers worth keeping: pages and data, and "this does not exist" (a deleted place stays 404). */
const CACHEABLE_STATUS = new Set([200, 404]);
const KEPT_HEADERS = ['content-type', 'link', 'x-robots-tag'];
/** Above this the identity body is dropped once it is gzipped. */
const LARGE_BODY_BYTES = 256 * 1024;
/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/** The client's preferred encoding we offer (brotli over gzip), honouring `;q=0`. */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

const etagFor = (entry: Entry, encoding: Encoding | undefined) => `"${entry.hash}${encoding ? `-${encoding}` : ''}"`;

/** If-None-Match names this content in any encoding (the content, not the bytes, is what is known). */
function notModified(request: FastifyRequest, entry: Entry): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return value === '*' || value.replace(/-(br|gzip)$/, '') === entry.hash;
  });
}

export interface ResponseCacheOptions {
  versions: ContentVersion;
  /** Byte budget for all entries (bodies in every encoding kept); 0 keeps nothing. */
  maxBytes: number;
}

/** What the cache holds, for tests and the benchmark. */
export interface ResponseCacheStats {
  entries: number;
  bytes: number;
}

/**
 * The render and API cache: public answers are kept in memory, compressed, under the content
 * version they were made from, and answered again with strong ETags (304 on If-None-Match) until
 * any write bumps the version (see content-version.ts). The first request after a change, on any
 * instance, renders afresh. Routes opt in with `config: PUBLIC_API_CACHE` / `PUBLIC_PAGE_CACHE`.
 */
export function installResponseCache(app: FastifyInstance, options: ResponseCacheOptions): () => ResponseCacheStats {
  const { versions } = options;
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
        })
      : undefined;
  let seenVersion = versions.current();

  const stateFor = (request: FastifyRequest, kind: 'api' | 'page', version: number): CacheState => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    let key = `${method} ${request.url}`;
    let vary = 'Accept-Encoding';
    if (kind === 'page' && !isLanguageCode(request.url.split(/[/?]/)[1])) {
      // A path without a language is shown in the cookie's language (error pages).
      key += ` lang=${toLanguageCode(request.cookies[LANGUAGE_COOKIE])}`;
      vary = 'Accept-Encoding, Cookie';
    }
    return { key, version, hit: false, vary };
  };

  /** Sets the headers and answers the body for the client's encoding, compressing once per entry. */
  const respond = async (request: FastifyRequest, reply: FastifyReply, entry: Entry, key: string) => {
    reply.code(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
    reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).header('Vary', entry.vary);
    const encoding = entry.size >= MIN_COMPRESS_BYTES ? pickEncoding(request.headers['accept-encoding']) : undefined;
    reply.header('ETag', etagFor(entry, encoding));
    if (notModified(request, entry)) {
      reply.code(304).removeHeader('content-type');
      return '';
    }
    if (!encoding) return entry.body ?? gunzipAsync(entry.encoded.gzip!);
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = await compress(entry.body ?? (await gunzipAsync(entry.encoded.gzip!)), encoding);
      entry.encoded[encoding] = encoded;
      // Set again so the LRU counts the new bytes (only if the entry is still the current one).
      if (lru?.get(key) === entry) lru.set(key, entry);
    }
    reply.header('Content-Encoding', encoding);
    return encoded;
  };

  app.addHook('onRequest', async (request, reply) => {
    const kind = request.routeOptions.config.publicCache;
    if (!kind || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const state = stateFor(request, kind, await versions.fresh());
    request.publicCache = state;
    if (state.version !== seenVersion) {
      // Everything kept belongs to an older version now.
      seenVersion = state.version;
      lru?.clear();
    }
    const entry = lru?.get(state.key);
    if (!entry || entry.version !== state.version) return;
    state.hit = true;
    return reply.send(await respond(request, reply, entry, state.key));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.publicCache;
    if (!state || state.hit) return payload;
    const storable =
      CACHEABLE_STATUS.has(reply.statusCode) &&
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      !reply.hasHeader('set-cookie');
    if (!storable) {
      if (reply.statusCode >= 500) reply.header('Cache-Control', 'no-store');
      return payload;
    }
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const entry: Entry = {
      version: state.version,
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
    // An answer made while a write committed may hold older data: keep it only if still current.
    if (state.version === versions.current()) lru?.set(state.key, entry);
    return respond(request, reply, entry, state.key);
  });

  // Admin answers carry the session's data: never stored by a browser, proxy or CDN. (An admin
  // write needs no step here: the trigger's version reaches the next request by itself.)
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url;
    if (path.startsWith('/api/admin') || path.startsWith('/iladmin'))
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return payload;
  });

  return () => ({ entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 });
}
