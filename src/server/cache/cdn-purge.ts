/**
 * Tells a shared cache in front of the site which public answers are out of date: an HTTP
 * `PURGE` with the changed dependency tags in an `xkey-purge` header, as deploy/varnish/ expects
 * (Varnish with the xkey module drops every object whose `Surrogate-Key` named one of them).
 * See docs/deploy.md, "A CDN or Varnish in front".
 */

/** The header the VCL reads the tags from (space-separated). */
const PURGE_TAGS_HEADER = 'xkey-purge';

/**
 * Longest header value sent in one request: Varnish refuses request headers over 8 KB
 * (its http_req_hdr_len), so more tags go in several requests.
 */
export const MAX_PURGE_HEADER_BYTES = 6 * 1024;

/** Tags of failed purges kept to send again with the next one; past this the oldest are dropped. */
const MAX_PENDING_TAGS = 10_000;

export interface CdnPurgeLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface CdnPurgeOptions {
  /** CACHE_PURGE_URL: Varnish's address as this server reaches it (http or https). */
  url: string;
  /** Longest wait for Varnish's answer to one request (the admin's write waits for the purge). */
  timeoutMs?: number;
  log: CdnPurgeLog;
}

/** Purges the answers that carry any of these tags; never throws (a failure is logged). */
export type CdnPurge = (tags: readonly string[]) => Promise<void>;

/** The tags as header values of at most maxBytes each, every tag in exactly one of them. */
export function purgeHeaderValues(tags: Iterable<string>, maxBytes = MAX_PURGE_HEADER_BYTES): string[] {
  const values: string[] = [];
  let current = '';
  for (const tag of new Set(tags)) {
    if (!tag) continue;
    const joined = current ? `${current} ${tag}` : tag;
    if (current && Buffer.byteLength(joined) > maxBytes) {
      values.push(current);
      current = tag;
    } else {
      current = joined;
    }
  }
  if (current) values.push(current);
  return values;
}

export function createCdnPurge({ url, timeoutMs = 2_000, log }: CdnPurgeOptions): CdnPurge {
  /** Tags whose purge failed: they go out again with the next purge, so a blip loses nothing. */
  const pending = new Set<string>();
  let failing = false;

  const send = async (value: string): Promise<void> => {
    const response = await fetch(url, {
      method: 'PURGE',
      headers: { [PURGE_TAGS_HEADER]: value },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new PurgeRefused(response.status);
  };

  return async (tags) => {
    const all = [...pending, ...tags];
    pending.clear();
    const values = purgeHeaderValues(all);
    const results = await Promise.allSettled(values.map(send));
    const failures = results.flatMap((result, i) =>
      result.status === 'rejected' ? [{ i, error: result.reason as unknown }] : [],
    );
    for (const { i } of failures) for (const tag of values[i]!.split(' ')) pending.add(tag);
    for (const tag of pending) {
      if (pending.size <= MAX_PENDING_TAGS) break;
      pending.delete(tag);
    }
    if (failures.length > 0 && !failing) {
      failing = true;
      log.warn(
        `Could not purge the shared cache at ${url} (${describe(failures[0]!.error, timeoutMs)}). ` +
          'Pages it holds may stay out of date until a purge gets through (the tags are sent again with the next ' +
          'change) or CDN_MAX_AGE passes. Check that Varnish runs at CACHE_PURGE_URL and that this server’s ' +
          'address is in its purgers ACL. Further failures are not logged until a purge succeeds.',
      );
    } else if (failures.length === 0 && values.length > 0 && failing) {
      failing = false;
      log.info(`Purges reach the shared cache at ${url} again.`);
    }
  };
}

class PurgeRefused extends Error {
  constructor(readonly status: number) {
    super(`it answered ${status}`);
  }
}

/** A failure in plain words. */
function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof PurgeRefused) {
    return error.status === 403 || error.status === 405
      ? `it refused with ${error.status}: is this server’s address in the VCL’s purgers ACL?`
      : `it answered ${error.status}`;
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'nothing listens there';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'its host name is not found';
  return error instanceof Error ? (cause?.code ?? error.message) : String(error);
}
