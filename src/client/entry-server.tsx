import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app';
import { headTags } from './components/public/head-tags';
import { languageFor } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import type { PublicDataSource } from '../shared/api/public-data';
import type { LanguageCode } from '../shared/languages';
import { prefetchForUrl } from './ssr/prefetch';
import { fetchPublic, IslandReadsProvider, queryHash, siteSettingsQuery, uiTextQuery } from './lib/public-queries';
import type { UiTextEntryDto } from '../shared/api/public';
import { NO_SITE_SETTINGS, type SiteSettings } from '../shared/site';
import { isPageMarkup } from './lib/map-queries';
import { createSsrCollector, SsrProvider } from './ssr/ssr-context';
import type { PageEntry, PageState } from './ssr/page-state';
import { IslandRendererProvider, IslandRoot, type IslandRenderer } from './islands/island';
import { PageLocationProvider } from './lib/page-location';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The server's services for a render in `lang`, read directly (no HTTP). */
  data: (lang: LanguageCode) => PublicDataSource;
  /** Aborted when the client has gone: the render stops where it is. */
  signal?: AbortSignal;
  /** The request's language cookie, for pages whose path names no language. */
  cookieLanguage?: string;
  /** Absolute base of the site (PUBLIC_URL) for canonical links and social previews. */
  publicUrl?: string;
  /**
   * The interface text keys the islands' code can show (scripts/vite/island-ui-text.ts): the page
   * hands its islands only those texts. Without it (no build) they get all of them.
   */
  islandUiText?: ReadonlySet<string>;
}

export interface RenderResult {
  html: string;
  head: string;
  status: number;
  lang: string;
  /** The prefetched data the page's islands read, for the browser (see PageState). */
  state: PageState;
}

/** Renders the whole page, waiting for lazily loaded page code and Suspense, into one string. */
function renderComplete(element: ReactNode, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Everything inline: no boundary is split out into a script (the CSP allows no inline scripts).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        if (signal?.aborted) reject(signal.reason as Error);
        // React's default: report what went wrong while rendering.
        else console.error(error);
      },
    });
    signal?.addEventListener('abort', () => stream.abort(signal.reason), { once: true });
  });
}

/**
 * A client-rendered boundary: something suspended (page code not loaded yet) and renderToString
 * put the Suspense fallback there instead of the content.
 */
const SUSPENDED_BOUNDARY = '<!--$!-->';

/**
 * The page in one synchronous pass when nothing suspends (every page's code is loaded after its
 * first render, and its data is prefetched): no stream, no chunks, no byte conversions. If a
 * boundary suspended, the page is rendered again with the stream, which waits for it.
 */
async function renderWhole(make: () => ReactNode, reset: () => void, signal?: AbortSignal): Promise<string> {
  const html = renderToString(make());
  if (!html.includes(SUSPENDED_BOUNDARY)) return html;
  reset();
  return renderComplete(make(), signal);
}

/** The page at `url` from the data in `queryClient`: React's part of a render (and the head's tags). */
async function renderPage(
  url: string,
  queryClient: QueryClient,
  { cookieLanguage, publicUrl, signal }: { cookieLanguage?: string; publicUrl: string; signal?: AbortSignal },
) {
  const parsed = new URL(url, 'http://localhost');
  const settings = queryClient.getQueryData<SiteSettings>(siteSettingsQuery().key) ?? NO_SITE_SETTINGS;
  const collector = createSsrCollector(publicUrl, (head, headLang) =>
    headTags(head, headLang, { publicUrl, settings }),
  );
  const location = { pathname: parsed.pathname, search: parsed.search };
  /** The queries the islands read: what the browser needs of the page's data. */
  const islandReads = new Set<string>();
  // Each island as the browser hydrates it: a root of its own, with the page's data and address.
  const renderIsland: IslandRenderer = (element, identifierPrefix) =>
    renderToString(
      <SsrProvider collector={collector}>
        <QueryClientProvider client={queryClient}>
          <IslandReadsProvider value={islandReads}>
            <PageLocationProvider value={location}>
              <IslandRoot cookieLanguage={cookieLanguage}>{element}</IslandRoot>
            </PageLocationProvider>
          </IslandReadsProvider>
        </QueryClientProvider>
      </SsrProvider>,
      { identifierPrefix },
    );
  const html = await renderWhole(
    () => (
      <StrictMode>
        <SsrProvider collector={collector}>
          <StaticRouter location={url}>
            <IslandRendererProvider value={renderIsland}>
              <App queryClient={queryClient} cookieLanguage={cookieLanguage} />
            </IslandRendererProvider>
          </StaticRouter>
        </SsrProvider>
      </StrictMode>
    ),
    () => {
      collector.status = 200;
      collector.head = [];
      islandReads.clear();
    },
    signal,
  );
  return { html, collector, islandReads };
}

/** The queries of the cache that hold data and `keep` keeps, as key and data. */
function cachedEntries(queryClient: QueryClient, keep: (hash: string, key: readonly unknown[]) => boolean): PageState {
  return (
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success' && keep(queryHash(query.queryKey), query.queryKey))
      .map((query): [string, PageEntry] => [queryHash(query.queryKey), [query.queryKey, query.state.data]])
      // In key order, not in the order the reads finished (which varies on a database server with
      // a pool): the same data always gives the same bytes, on every instance and after a restore.
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, entry]) => entry)
  );
}

/**
 * All the data the server's render of the page at `url` reads (not only its islands'), each query
 * read over the public API at `origin`: what `npm run bench:serve` renders React alone from.
 */
export async function pageDataOver(origin: string, url: string): Promise<PageState> {
  const parsed = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  await prefetchForUrl(parsed, languageFor(parsed.pathname, undefined), queryClient, (spec) =>
    fetchPublic(spec, origin),
  );
  return cachedEntries(queryClient, () => true);
}

/**
 * React's render of a page alone, from the page's data (pageDataOver; no database, no HTTP): what
 * `npm run bench:serve` compares a first render's server CPU with.
 */
export async function renderFromState(url: string, state: PageState): Promise<string> {
  const queryClient = createQueryClient();
  for (const [queryKey, data] of state) queryClient.setQueryData(queryKey, data);
  return (await renderPage(url, queryClient, { publicUrl: '' })).html;
}

/** A language's interface text cut to the islands' keys, once per answer (the same object from render to render). */
const islandTexts = new WeakMap<UiTextEntryDto[], UiTextEntryDto[]>();
function islandTextOf(rows: UiTextEntryDto[], keys: ReadonlySet<string>): UiTextEntryDto[] {
  let kept = islandTexts.get(rows);
  if (!kept) islandTexts.set(rows, (kept = rows.filter((row) => keys.has(row.key))));
  return kept;
}

export async function render({
  url,
  data,
  signal,
  cookieLanguage,
  publicUrl = '',
  islandUiText,
}: RenderRequest): Promise<RenderResult> {
  const parsed = new URL(url, 'http://localhost');
  const lang = languageFor(parsed.pathname, cookieLanguage);
  const queryClient = createQueryClient();
  const source = data(lang);
  await prefetchForUrl(parsed, lang, queryClient, (spec) => spec.load(source), signal);
  signal?.throwIfAborted();
  const uiTextHash = queryHash(uiTextQuery(lang).key);
  const { html, collector, islandReads } = await renderPage(url, queryClient, { cookieLanguage, publicUrl, signal });
  return {
    html,
    head: collector.head.join('\n'),
    status: collector.status,
    lang,
    // only what the islands read (the browser renders nothing else: docs/decisions/036-islands.md),
    // and no map, which is in the HTML as it is
    state: cachedEntries(queryClient, (hash, key) => islandReads.has(hash) && !isPageMarkup(key)).map(
      (entry): PageEntry => {
        const [key, rows] = entry;
        if (!islandUiText || queryHash(key) !== uiTextHash) return entry;
        return [key, islandTextOf(rows as UiTextEntryDto[], islandUiText)];
      },
    ),
  };
}
