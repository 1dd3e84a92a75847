import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type AppConfig } from '../src/server/config';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A raw connection to the server that records what came back and when it was closed. */
interface Client {
  socket: Socket;
  received: string;
  closed: Promise<number>;
}

function open(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const client: Client = {
      socket,
      received: '',
      closed: new Promise((done) => socket.once('close', () => done(performance.now()))),
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (client.received += chunk));
    // The server ends the connection; a reset on a later write is expected, not a failure.
    socket.on('error', () => {});
    socket.once('connect', () => resolve(client));
    socket.once('error', reject);
  });
}

/** Writes `chunks` one at a time, `everyMs` apart, until they run out or the socket closes. */
function trickle(client: Client, chunks: string[], everyMs: number): () => void {
  let next = 0;
  const timer = setInterval(() => {
    if (client.socket.destroyed || next >= chunks.length) return clearInterval(timer);
    client.socket.write(chunks[next++]!);
  }, everyMs);
  return () => clearInterval(timer);
}

const isOpen = (client: Client) => !client.socket.destroyed && client.socket.readyState === 'open';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const TIMEOUTS: AppConfig['timeouts'] = { headersMs: 1_000, requestMs: 2_500, keepAliveMs: 1_000, idleMs: 10_000 };

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    t = await createTestApp({ timeouts: TIMEOUTS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await t.close();
  });

  it('disconnects 50 clients that trickle their request line and headers', async () => {
    const headers = Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: ${'a'.repeat(10)}\r\n`);
    const clients = await Promise.all(Array.from({ length: 50 }, () => open(port)));
    const started = performance.now();
    for (const client of clients) {
      client.socket.write('GET /api/he');
      stops.push(trickle(client, ['alth HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n', ...headers], 150));
    }
    const closedAt = await Promise.all(clients.map((client) => client.closed));
    // Each has kept sending, yet each is closed: about headersMs plus Node's check interval.
    for (const at of closedAt) expect(at - started).toBeLessThan(15_000);
    for (const client of clients) expect(client.received).not.toContain('200 OK');
    // the server still serves everyone else
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('disconnects a client that opens a connection and sends nothing', async () => {
    const client = await open(port);
    await client.closed;
    expect(isOpen(client)).toBe(false);
  });

  it('disconnects a client that trickles its body past the request timeout', async () => {
    const client = await open(port);
    const started = performance.now();
    client.socket.write(
      'POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    stops.push(
      trickle(
        client,
        Array.from({ length: 999 }, () => ' '),
        100,
      ),
    );
    const closedAt = await client.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100);
    expect(closedAt - started).toBeLessThan(15_000);
    expect(client.received).not.toContain('Login successful');
  });

  it('closes an idle keep-alive connection after a complete exchange', async () => {
    const client = await open(port);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await client.closed;
    expect(client.received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(client.received).toMatch(/keep-alive/i);
  });

  it('serves a client that sends its request promptly, in pieces', async () => {
    const client = await open(port);
    for (const piece of ['GET /api/he', 'alth HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n', 'Connection: close\r\n\r\n']) {
      client.socket.write(piece);
      await sleep(100);
    }
    await client.closed;
    expect(client.received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(client.received).toContain('{"status":"ok"}');
  });
});

describe('connections per address', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ maxConnectionsPerIp: 3 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('closes connections beyond the cap at once and accepts new ones when others close', async () => {
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await Promise.all([open(port), open(port)]);
    await Promise.all(extra.map((client) => client.closed));
    expect(extra.map((client) => client.received)).toEqual(['', '']);
    await sleep(200);
    expect(held.every(isOpen)).toBe(true);

    held[0].socket.destroy();
    await held[0].closed;
    await sleep(100); // the server sees the close
    const next = await open(port);
    next.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await next.closed;
    expect(next.received).toMatch(/^HTTP\/1\.1 200 OK/);
    for (const client of held) client.socket.destroy();
  });
});

describe('timeout configuration', () => {
  it('has defaults that stop slow clients and fit an upload of MAX_UPLOAD_MB on a slow link', () => {
    const config = loadConfig({});
    expect(config.timeouts).toEqual({ headersMs: 15_000, requestMs: 400_000, keepAliveMs: 72_000, idleMs: 300_000 });
    expect(config.maxConnectionsPerIp).toBe(0);
    expect(loadConfig({ MAX_UPLOAD_MB: '200' }).timeouts.requestMs).toBe(2_000_000);
    expect(loadConfig({ MAX_UPLOAD_MB: '1' }).timeouts.requestMs).toBe(120_000);
  });

  it('reads the variables', () => {
    const config = loadConfig({
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '60000',
      KEEP_ALIVE_TIMEOUT_MS: '4000',
      IDLE_TIMEOUT_MS: '30000',
      MAX_CONNECTIONS_PER_IP: '20',
    });
    expect(config.timeouts).toEqual({ headersMs: 5_000, requestMs: 60_000, keepAliveMs: 4_000, idleMs: 30_000 });
    expect(config.maxConnectionsPerIp).toBe(20);
  });

  it.each([
    [
      { HEADERS_TIMEOUT_MS: 'soon' },
      /^Invalid configuration: HEADERS_TIMEOUT_MS must be a whole number of milliseconds/,
    ],
    [{ HEADERS_TIMEOUT_MS: '0' }, /^Invalid configuration: HEADERS_TIMEOUT_MS /],
    [{ REQUEST_TIMEOUT_MS: '1.5' }, /^Invalid configuration: REQUEST_TIMEOUT_MS /],
    [{ KEEP_ALIVE_TIMEOUT_MS: '-1' }, /^Invalid configuration: KEEP_ALIVE_TIMEOUT_MS /],
    [{ IDLE_TIMEOUT_MS: '99999999' }, /^Invalid configuration: IDLE_TIMEOUT_MS /],
    [{ MAX_CONNECTIONS_PER_IP: 'lots' }, /^Invalid configuration: MAX_CONNECTIONS_PER_IP /],
    [
      { HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' },
      /^Invalid configuration: HEADERS_TIMEOUT_MS \(60000\) must not be longer than REQUEST_TIMEOUT_MS/,
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
