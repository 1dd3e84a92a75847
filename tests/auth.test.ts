import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimLoginAttempt } from '../src/server/db/repos/auth-repo';
import { loginFailures } from '../src/server/db/schema';
import { createWarnOnce } from '../src/server/security/login-limits';
import { hashingSlots } from '../src/server/services/passwords';
import { LOGIN_MAX_FAILURES } from '../src/shared/limits';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

describe('admin sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress: ip });

  it('answers 401 with the spec message for a wrong password and sets no cookie', async () => {
    const response = await login('wrong password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Invalid password', code: 'invalid_password' });
    expect(response.cookies).toHaveLength(0);
  });

  it('signs in with the right password and sets a secure-by-default session cookie', async () => {
    const response = await login(TEST_PASSWORD, '10.0.0.2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Login successful' });
    const cookie = response.cookies.find((c) => c.name === 'tp_session');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    // at least 128 bits of randomness (32 bytes base64url = 43 characters)
    expect(cookie!.value.length).toBeGreaterThanOrEqual(22);
    expect(cookie!.secure).toBeFalsy();
  });

  it('issues a new token at every login', async () => {
    const a = (await login(TEST_PASSWORD, '10.0.0.3')).cookies[0]!.value;
    const b = (await login(TEST_PASSWORD, '10.0.0.3')).cookies[0]!.value;
    expect(a).not.toBe(b);
  });

  it('reports the session status, and logout ends the session on the server', async () => {
    const token = (await login(TEST_PASSWORD, '10.0.0.4')).cookies[0]!.value;
    const cookie = `tp_session=${token}`;
    const status = (c?: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/status', headers: c ? { cookie: c } : {} });

    expect((await status()).json()).toEqual({ isAuthenticated: false });
    expect((await status(cookie)).json()).toEqual({ isAuthenticated: true });
    expect((await status('tp_session=forged-token')).json()).toEqual({ isAuthenticated: false });

    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: 'You have been successfully logged out' });
    // the old cookie is worthless now, even if a client kept it
    expect((await status(cookie)).json()).toEqual({ isAuthenticated: false });
  });

  it('answers 401 on logout without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('error');
  });

  it('refuses a cross-site login or logout with 403, by Origin or by Sec-Fetch-Site', async () => {
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(byOrigin.statusCode).toBe(403);
    expect(byOrigin.cookies).toHaveLength(0);

    const cookie = await t.login();
    const byFetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(byFetchSite.statusCode).toBe(403);
    // the session survived the refused request
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } });
    expect(status.json()).toEqual({ isAuthenticated: true });
  });

  it('accepts a same-origin login from the browser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_PASSWORD },
      headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      remoteAddress: '10.0.0.5',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 with a readable message when the password is missing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/password/);
  });

  it('answers 429 with Retry-After after 10 failures from one address, without locking out other addresses', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await login('nope', ip)).statusCode).toBe(401);
    const blocked = await login(TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().success).toBe(false);
    expect(blocked.cookies).toHaveLength(0);

    const elsewhere = await login(TEST_PASSWORD, '10.8.8.8');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so new addresses in it do not buy new guesses', async () => {
    for (let i = 1; i <= 10; i++) expect((await login('nope', `2001:db8:5:6::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD, '2001:db8:5:6:abcd::99')).statusCode).toBe(429);
    expect((await login(TEST_PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});

describe('the login throttle behind a reverse proxy', () => {
  const attempt = (t: TestApp, password: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it.each([[['loopback']], [1]])(
    'with TRUST_PROXY=%j, counts failures per client, so one guesser does not lock out the administrator',
    async (trustProxy) => {
      const t = await createTestApp({ trustProxy });
      try {
        for (let i = 0; i < 10; i++) expect((await attempt(t, 'nope', '203.0.113.7')).statusCode).toBe(401);
        expect((await attempt(t, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
        expect((await attempt(t, TEST_PASSWORD, '198.51.100.4')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );

  it('without TRUST_PROXY, ignores X-Forwarded-For, so a guesser cannot dodge the throttle by inventing addresses', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 10; i++) expect((await attempt(t, 'nope', `203.0.113.${i}`)).statusCode).toBe(401);
      expect((await attempt(t, TEST_PASSWORD, '198.51.100.4')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('admin routes without a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 for every admin call but login and status', async () => {
    const calls = [
      ['POST', '/api/admin/logout'],
      ['GET', '/api/admin/places-with-translations'],
      ['GET', '/api/admin/places/locations'],
      ['GET', '/api/admin/cities'],
      ['GET', '/api/admin/countries'],
      ['POST', '/api/admin/upload'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

/**
 * Swaps the app's log destination (pino's stream, shared by every request's child logger) for a
 * counter: bytes written and lines at level >= warn (pino levels: warn 40, error 50, fatal 60).
 */
function captureLog(app: FastifyInstance) {
  const captured = { bytes: 0, warnLines: [] as string[] };
  let owner: object | null = app.log;
  while (owner) {
    const symbol = Object.getOwnPropertySymbols(owner).find((s) => s.description === 'pino.stream');
    if (symbol) {
      const stream = (owner as Record<symbol, { write(line: string): boolean }>)[symbol]!;
      stream.write = (line: string) => {
        captured.bytes += Buffer.byteLength(line);
        for (const entry of line.split('\n').filter(Boolean)) {
          if ((JSON.parse(entry) as { level: number }).level >= 40) captured.warnLines.push(entry);
        }
        return true;
      };
      return captured;
    }
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  throw new Error('no pino stream found on app.log');
}

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe('sign-in floods', () => {
  let t: TestApp;
  let log: ReturnType<typeof captureLog>;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' });
    log = captureLog(t.app);
  });
  afterAll(() => t.close());

  const login = (password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress: ip });
  const attemptsFrom = async (ip: string) =>
    (await t.db.select().from(loginFailures).where(eq(loginFailures.address, ip))).length;

  it('checks at most 10 of 40 parallel guesses, answers the rest 429, and a further flood 429 with little logging', async () => {
    const ip = '10.6.6.6';
    hashingSlots.resetPeak();
    const logBefore = log.bytes;

    const first = await Promise.all(Array.from({ length: 40 }, () => login('wrong guess', ip)));
    const counts = statuses(first);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    // every password that was checked went through a hashing slot
    expect(hashingSlots.granted).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(await attemptsFrom(ip)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);

    const more = await Promise.all(Array.from({ length: 60 }, () => login(TEST_PASSWORD, ip)));
    for (const response of [...first.filter((r) => r.statusCode === 429), ...more]) {
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        success: false,
        message: expect.stringMatching(/try again/),
        code: 'rate_limited',
      });
      expect(response.body.length).toBeLessThan(200);
      expect(response.cookies).toHaveLength(0);
    }
    expect(hashingSlots.granted).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);

    // under the route's cap of 30 a minute every request reaches the failure counter, which lets
    // exactly 10 passwords be checked however the 25 interleave
    const other = '10.6.6.5';
    const burst = statuses(await Promise.all(Array.from({ length: 25 }, () => login('wrong guess', other))));
    expect(burst).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 25 - LOGIN_MAX_FAILURES });
    expect(await attemptsFrom(other)).toBe(LOGIN_MAX_FAILURES);

    expect(log.bytes - logBefore).toBeLessThan(200 * 1024);
    // one warning per address and kind (rate limit, lock), not one per refused request, no errors
    expect(log.warnLines.length).toBeLessThanOrEqual(3);
    expect(log.warnLines.some((line) => line.includes('"level":50'))).toBe(false);
  });

  it('counts the attempt before checking the password, so 40 parallel guesses get exactly 10 checked', async () => {
    // straight to the service, past the route's coarse rate limit of 30 a minute
    const ip = '10.6.6.7';
    hashingSlots.resetPeak();
    const results = await Promise.all(Array.from({ length: 40 }, () => t.app.services.auth.login('wrong', ip)));
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'invalid')).toHaveLength(LOGIN_MAX_FAILURES);
    expect(kinds.filter((k) => k === 'throttled')).toHaveLength(40 - LOGIN_MAX_FAILURES);
    expect(hashingSlots.granted).toBe(LOGIN_MAX_FAILURES);
    expect(await attemptsFrom(ip)).toBe(LOGIN_MAX_FAILURES);
    // even the right password is not checked any more in this window
    expect((await t.app.services.auth.login(TEST_PASSWORD, ip)).kind).toBe('throttled');
    expect(hashingSlots.granted).toBe(LOGIN_MAX_FAILURES);
  });

  it('never counts more than the limit, however many claims from many addresses run at once', async () => {
    // without the advisory lock, PostgreSQL counted 14 to 18 of 40 here (count and insert interleave)
    const ips = Array.from({ length: 10 }, (_, i) => `10.77.0.${i}`);
    const since = new Date(Date.now() - 60_000);
    const claims = await Promise.all(
      ips.flatMap((ip) => Array.from({ length: 40 }, () => claimLoginAttempt(t.db, ip, since, LOGIN_MAX_FAILURES))),
    );
    expect(claims.filter((c) => c.counted)).toHaveLength(ips.length * LOGIN_MAX_FAILURES);
    expect(await Promise.all(ips.map(attemptsFrom))).toEqual(ips.map(() => LOGIN_MAX_FAILURES));
  });

  it('a success clears the address counter, as before', async () => {
    const ip = '10.6.6.8';
    for (let i = 0; i < 3; i++) expect((await login('nope', ip)).statusCode).toBe(401);
    expect(await attemptsFrom(ip)).toBe(3);
    expect((await login(TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect(await attemptsFrom(ip)).toBe(0);
  });

  it('warns once per key and window, and caps the keys it names', () => {
    const once = createWarnOnce(60_000, 2);
    expect(once('a', 0)).toBe('log');
    expect(once('a', 1)).toBe('quiet');
    expect(once('b', 2)).toBe('log');
    expect(once('c', 3)).toBe('summary');
    expect(once('d', 4)).toBe('quiet');
    expect(once('a', 60_000)).toBe('log');
  });
});

describe('bounded password hashing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const held: (() => void)[] = [];
  afterEach(() => {
    for (const release of held.splice(0)) release();
  });

  const login = (password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress: ip });

  it('answers 429 JSON with Retry-After at once while every slot and the queue are taken, counting nothing', async () => {
    // take every slot and fill the queue, as a flood of sign-ins would
    for (let i = 0; i < hashingSlots.concurrency; i++) held.push(await hashingSlots.acquire());
    const queued = Array.from({ length: hashingSlots.maxQueue }, () => hashingSlots.acquire());
    expect(hashingSlots.saturated).toBe(true);
    hashingSlots.resetPeak();

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(TEST_PASSWORD, `10.5.0.${i}`)));
    for (const response of responses) {
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(/busy/), code: 'server_busy' });
    }
    // refused without waiting for a slot, and no address had an attempt counted
    expect(hashingSlots.rejected).toBe(20);
    expect(hashingSlots.granted).toBe(0);
    expect(await t.db.select().from(loginFailures)).toHaveLength(0);

    // each release hands its slot to the next in the queue, which gives it straight back
    for (const release of held.splice(0)) release();
    await Promise.all(queued.map(async (slot) => (await slot)()));
    expect(hashingSlots.running).toBe(0);
    expect((await login(TEST_PASSWORD, '10.5.0.1')).statusCode).toBe(200);
  });

  it('runs at most 2 scrypt at once while 64 addresses sign in 3 times each; the excess gets 429, never 5xx', async () => {
    hashingSlots.resetPeak();
    const responses = await Promise.all(
      Array.from({ length: 64 * 3 }, (_, i) => login(i % 3 === 0 ? 'wrong' : TEST_PASSWORD, `10.4.0.${i % 64}`)),
    );
    const counts = statuses(responses);
    expect(Object.keys(counts).every((status) => ['200', '401', '429'].includes(status))).toBe(true);
    expect(hashingSlots.peak).toBeLessThanOrEqual(2);
    // every password checked held a slot; every refusal was a 429 "busy" answer
    expect((counts[200] ?? 0) + (counts[401] ?? 0)).toBe(hashingSlots.granted);
    expect(counts[429] ?? 0).toBe(hashingSlots.rejected);
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json().message).toMatch(/busy/);
    }
    expect(counts[200] ?? 0).toBeGreaterThan(0);
    expect(hashingSlots.running).toBe(0);
  });
});
