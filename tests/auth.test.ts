import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(response.json()).toEqual({ success: false, message: 'Invalid password' });
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
