import type { IncomingHttpHeaders } from 'node:http';
import Negotiator from 'negotiator';

/** The encodings compressed answers come in, brotli first when the client wants both as much. */
export type Encoding = 'br' | 'gzip';
const OFFERED: Encoding[] = ['br', 'gzip'];

/**
 * The encoding to answer in (RFC 9110 §12.5.3, by the `negotiator` package): the one the client
 * wants most by its q-values, brotli before gzip when it wants them as much; a `q=0` refuses an
 * encoding, also one `*` would otherwise allow. None (the identity body) without the header, or
 * when every encoding we offer is refused.
 */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const [best] = new Negotiator({ headers: { 'accept-encoding': header } }).encodings(OFFERED, { preferred: OFFERED });
  return best as Encoding | undefined;
}

/** An entity tag's opaque part: `W/"abc"` and `"abc"` are both `abc` (for weak comparison). */
const opaqueTag = (etag: string): string => etag.replace(/^W\//, '').replace(/^"|"$/g, '');

/** What the answer is known by: its entity tag (compared weakly) and when it last changed. */
export interface Validators {
  /**
   * The answer's entity tag, or whether a tag's opaque part (no `W/`, no quotes) names the answer
   * (the response cache: one content, an ETag per encoding).
   */
  etag?: string | ((opaque: string) => boolean) | undefined;
  lastModified?: Date | undefined;
}

/**
 * Whether a GET or HEAD may be answered 304 Not Modified (RFC 9110 §13.1.2, §13.1.3, §13.2.2), the
 * one rule of the response cache and the media files: If-None-Match when the request has it (`*`,
 * or any tag of its list, weak or strong, that names the answer), else If-Modified-Since against
 * the last change, to the second. Parts of the header that are no entity tag are ignored.
 */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true;
    const { etag } = validators;
    if (etag === undefined) return false;
    const etagMatches = typeof etag === 'string' ? (opaque: string) => opaque === opaqueTag(etag) : etag;
    for (const [, opaque] of noneMatch.matchAll(/(?:^|,)\s*(?:W\/)?"([^"]*)"\s*(?=,|$)/g)) {
      if (etagMatches(opaque!)) return true;
    }
    return false;
  }
  const since = headers['if-modified-since'];
  if (since === undefined || validators.lastModified === undefined) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && validators.lastModified.getTime() < sinceMs + 1000;
}
