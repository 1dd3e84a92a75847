// HTTP clients that each come from their own loopback address. Linux routes all of 127.0.0.0/8 to
// `lo`, so a socket bound to 127.0.0.x reaches a server listening on 127.0.0.1, and the server sees
// 127.0.0.x as the peer address (socket.remoteAddress, what Fastify's req.ip is without a trusted
// proxy). No X-Forwarded-For is sent.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

/** The n-th client address, 127.0.0.<n> (n in 1..254). */
export function loopbackAddress(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 254) throw new Error(`no loopback address 127.0.0.${n}`);
  return `127.0.0.${n}`;
}

/** Checks that a socket bound to `localAddress` reaches the server and really has that address. */
export function checkBind(baseUrl: string, localAddress: string): Promise<void> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress }, () => {
      const bound = socket.localAddress;
      socket.destroy();
      if (bound === localAddress) resolve();
      else reject(new Error(`socket bound to ${bound ?? '?'} instead of ${localAddress}`));
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error(`connecting from ${localAddress} timed out`)));
    socket.once('error', reject);
  });
}

export interface TimedResponse {
  status: number;
  /** Body bytes received. */
  bytes: number;
  /** From sending the request to the last body byte. */
  ms: number;
  /** performance.now() when the request was sent. */
  startedAt: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TimedRequestOptions {
  method?: 'GET' | 'POST';
  localAddress: string;
  /** A keep-alive agent to reuse connections; without one every request opens its own. */
  agent?: Agent;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  /** Keep the body (small JSON answers); media bodies are only counted. */
  keepBody?: boolean;
}

/** One request from `localAddress`, timed to the end of the body. Rejects on network errors and timeouts. */
export function timedRequest(url: string, options: TimedRequestOptions): Promise<TimedResponse> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        headers: {
          ...options.headers,
          ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.keepBody) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - startedAt,
            startedAt,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Nearest-rank percentile of unsorted values (0 when there are none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? 0;
}
