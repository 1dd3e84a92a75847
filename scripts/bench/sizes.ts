// Response sizes, paging links and sitemap coverage, one plain request at a time.
import { request } from 'node:http';
import { LANGUAGE_CODES } from '../../src/shared/languages';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent: compressed when the server compressed them. */
  body: Buffer;
  ms: number;
}

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decompress). */
export function rawGet(url: string, acceptEncoding?: string): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: Math.round(performance.now() - started),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

const header = (res: RawResponse, name: string) => {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The target of the first rel="next" link of an RFC 8288 Link header, resolved against `base`. */
export function nextLink(linkHeader: string | undefined, base: string): string | undefined {
  if (!linkHeader) return undefined;
  for (const match of linkHeader.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next') && match[1] !== undefined) return new URL(match[1], base).toString();
  }
  return undefined;
}

/** rel="next" in an HTML page: a <link> in the head or an <a> in the body. */
function htmlNextLink(html: string, base: string): string | undefined {
  for (const tag of html.matchAll(/<(?:link|a)\b[^>]*>/gi)) {
    if (!/\brel\s*=\s*["']?[^"'>]*\bnext\b/i.test(tag[0])) continue;
    const href = /\bhref\s*=\s*["']([^"']*)["']/i.exec(tag[0])?.[1];
    if (href) return new URL(href.replace(/&amp;/g, '&'), base).toString();
  }
  return undefined;
}

export interface SizeResult {
  path: string;
  status: number;
  identityBytes: number;
  brBytes: number;
  /** The Content-Encoding the server chose when br was offered. */
  encoding: string;
  ms: number;
  /** JSON arrays: how many items the (first) page holds. */
  items?: number;
  /** Where rel="next" points (Link header for APIs, <link>/<a> for HTML), if anywhere. */
  next?: string;
  nextStatus?: number;
  /** JSON lists: items on the next page, and how many of them were already on the first. */
  nextItems?: number;
  nextOverlap?: number;
}

const idsOf = (body: Buffer): string[] | undefined => {
  try {
    const data: unknown = JSON.parse(body.toString('utf8'));
    if (!Array.isArray(data)) return undefined;
    return data.map((item: unknown) =>
      typeof item === 'object' && item !== null && 'id' in item ? String(item.id) : JSON.stringify(item),
    );
  } catch {
    return undefined;
  }
};

/** One identity and one br request of `path`, then its next page if it announces one. */
export async function measureSize(baseUrl: string, path: string): Promise<SizeResult> {
  const url = baseUrl + path;
  const plain = await rawGet(url);
  const br = await rawGet(url, 'br');
  const result: SizeResult = {
    path,
    status: plain.status,
    identityBytes: plain.body.length,
    brBytes: br.body.length,
    encoding: header(br, 'content-encoding') ?? 'identity',
    ms: plain.ms,
  };
  const ids = idsOf(plain.body);
  const isHtml = (header(plain, 'content-type') ?? '').includes('text/html');
  if (ids) result.items = ids.length;
  result.next =
    nextLink(header(plain, 'link'), url) ?? (isHtml ? htmlNextLink(plain.body.toString('utf8'), url) : undefined);
  if (result.next) {
    const page = await rawGet(result.next);
    result.nextStatus = page.status;
    const nextIds = idsOf(page.body);
    if (ids && nextIds) {
      const first = new Set(ids);
      result.nextItems = nextIds.length;
      result.nextOverlap = nextIds.filter((id) => first.has(id)).length;
    }
  }
  return result;
}

export interface SitemapResult {
  kind: 'sitemapindex' | 'urlset' | 'other';
  status: number;
  /** /sitemap.xml itself, uncompressed. */
  bytes: number;
  children: number;
  largestChildBytes: number;
  maxUrlsPerFile: number;
  urls: number;
  placeUrlsFound: number;
  placeUrlsExpected: number;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const locsOf = (xml: string) => [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((m) => unescapeXml(m[1] ?? ''));
const countUrls = (xml: string) => xml.match(/<url>/g)?.length ?? 0;

/**
 * Reads /sitemap.xml and, for a sitemap index, every child sitemap; counts the <url>s and checks
 * that each place page is listed in every language (compared by path, whatever PUBLIC_URL is).
 */
export async function checkSitemap(baseUrl: string, placeSlugs: string[]): Promise<SitemapResult> {
  const index = await rawGet(`${baseUrl}/sitemap.xml`);
  const xml = index.body.toString('utf8');
  const kind = xml.includes('<sitemapindex') ? 'sitemapindex' : xml.includes('<urlset') ? 'urlset' : 'other';
  const documents: string[] = [];
  let largestChildBytes = 0;
  if (kind === 'sitemapindex') {
    for (const loc of locsOf(xml)) {
      const target = new URL(loc);
      const child = await rawGet(baseUrl + target.pathname + target.search);
      largestChildBytes = Math.max(largestChildBytes, child.body.length);
      documents.push(child.body.toString('utf8'));
    }
  } else {
    documents.push(xml);
  }
  const listed = new Set<string>();
  for (const doc of documents) {
    for (const loc of locsOf(doc)) {
      try {
        listed.add(decodeURIComponent(new URL(loc).pathname));
      } catch {
        // not an absolute URL: cannot be a page of ours
      }
    }
  }
  let placeUrlsFound = 0;
  for (const slug of placeSlugs) {
    for (const lang of LANGUAGE_CODES) if (listed.has(`/${lang}/${slug}`)) placeUrlsFound++;
  }
  return {
    kind,
    status: index.status,
    bytes: index.body.length,
    children: kind === 'sitemapindex' ? documents.length : 0,
    largestChildBytes,
    maxUrlsPerFile: Math.max(0, ...documents.map(countUrls)),
    urls: documents.reduce((sum, doc) => sum + countUrls(doc), 0),
    placeUrlsFound,
    placeUrlsExpected: placeSlugs.length * LANGUAGE_CODES.length,
  };
}
