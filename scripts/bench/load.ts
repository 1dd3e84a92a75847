// One load scenario with autocannon, reduced to the figures the bench prints.
import autocannon from 'autocannon';

/** Every request asks for compression like a browser does, so pages are measured as served. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: '*/*' };

export interface ScenarioResult {
  name: string;
  path: string;
  reqPerSec: number;
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Response bytes per request on the wire (body and headers, as autocannon counts them). */
  bytesPerRequest: number;
}

export interface ScenarioOptions {
  baseUrl: string;
  name: string;
  /** The one path requested again and again. */
  path?: string;
  /** Or: each request takes the next path of this list, once; the run ends when it is used up. */
  paths?: string[];
  /** With `paths`: go round the list again and again for `seconds` instead (pages read repeatedly). */
  cycle?: boolean;
  seconds: number;
  connections: number;
}

/**
 * Runs one scenario. Throughput is completed responses over the time from the start to the last
 * response, which stays right when a run ends early (path list used up) and ignores autocannon's
 * idle wait for its next one-second tick.
 */
export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const { baseUrl, name, seconds, connections } = options;
  const list = options.paths;
  let next = 0;
  const requests: autocannon.RequestSpec[] | undefined = list && [
    {
      method: 'GET',
      // a shared counter across all connections: each path is sent once per round
      setupRequest: (request) => ({ ...request, path: list[next++ % list.length] ?? '/' }),
    },
  ];
  const once = list && !options.cycle;
  const instance = autocannon({
    url: baseUrl + (options.path ?? ''),
    connections: list ? Math.min(connections, list.length) : connections,
    headers: BROWSER_HEADERS,
    timeout: 20,
    ...(once ? { amount: list.length } : { duration: seconds }),
    ...(requests ? { requests } : {}),
  });
  // `amount` disables autocannon's own timer: stop a list run after `seconds` like the others
  const timer = once ? setTimeout(() => instance.stop(), seconds * 1000) : undefined;

  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  let responses = 0;
  instance.on('response', () => {
    responses++;
    lastResponseAt = performance.now();
  });
  const result = await instance;
  clearTimeout(timer);
  const elapsed = Math.max((lastResponseAt - startedAt) / 1000, 0.001);
  return {
    name,
    path:
      options.path ?? `${list?.[0] ?? ''} ... (${options.cycle ? `${list?.length} paths in turn` : 'each path once'})`,
    reqPerSec: Math.round(responses / elapsed),
    requests: responses,
    seconds: Math.round(elapsed * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: responses ? Math.round(result.throughput.total / responses) : 0,
  };
}
