// autocannon ships no type definitions and @types/autocannon is not a dependency: this declares
// the small part of its programmatic API that scripts/bench-serve.ts uses (autocannon 8).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface RequestSpec extends RawRequest {
      /** Called before each request of this entry; returns the request to send. */
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | undefined;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Total requests; takes precedence over duration. */
      amount?: number;
      /** Seconds to wait for a response. */
      timeout?: number;
      headers?: Record<string, string>;
      requests?: RequestSpec[];
      title?: string;
    }

    /** hdr-histogram-percentiles-obj */
    interface Histogram {
      min: number;
      max: number;
      average: number;
      mean: number;
      stddev: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      title?: string;
      url: string;
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
      start: Date;
      finish: Date;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
