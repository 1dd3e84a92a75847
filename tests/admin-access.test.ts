import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminScreenAt, ADMIN_SCREENS } from '../src/shared/admin-paths';
import { createPageRenderer } from '../src/server/ssr/renderer';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

interface AdminRoute {
  method: string;
  url: string;
}

/** Admin API routes that answer without a session by design: sign-in and the session status. */
const OPEN_ROUTES = new Set(['POST /api/admin/login', 'GET /api/admin/status', 'HEAD /api/admin/status']);
/** `admin.all('/api/admin/*')` registers every HTTP method; these are the ones that carry meaning. */
const WILDCARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const SIGN_IN = { error: 'Please sign in to continue.', code: 'unauthorized' };

const json = { 'content-type': 'application/json' };
const BAD_BODIES: { name: string; headers: Record<string, string>; payload: string }[] = [
  { name: 'malformed JSON', headers: json, payload: '{"title": "unfinished' },
  {
    name: 'wrong types',
    headers: json,
    payload: JSON.stringify({ title: 42, name: [], ids: 'all', latitude: 'north', translations: null, file: {} }),
  },
  {
    name: 'NUL characters',
    headers: json,
    payload: JSON.stringify({ title: 'a\u0000b', name: '\u0000', 'k\u0000': 1 }),
  },
  { name: 'an empty JSON body', headers: json, payload: '' },
  { name: 'a body over the limit', headers: json, payload: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }) },
  { name: 'an unknown content type', headers: { 'content-type': 'application/x-evil' }, payload: 'whatever' },
  {
    name: 'broken multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nnot a photo',
  },
];

const BAD_PARAMS = [
  'not-a-uuid',
  '%00',
  '00000000-0000-0000-0000-000000000000',
  encodeURIComponent("' or 1=1 --"),
  'x'.repeat(600),
  '..%2F..%2Fetc%2Fpasswd',
];

/** The route's address with every parameter (and a wildcard) replaced by `value`. */
function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, `no/such/${value}`);
}

describe('admin access', () => {
  let t: TestApp;
  const routes: AdminRoute[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        pages: {
          renderSource: sourceRenderSource(),
          // Collects every route as it is registered, so a new admin route is covered without a list.
          beforeRoutes: async (app) => {
            app.addHook('onRoute', (route) => {
              if (!route.url.startsWith('/api/admin')) return;
              const wildcard = route.url.endsWith('*');
              for (const method of [route.method].flat()) {
                if (wildcard && !WILDCARD_METHODS.has(method)) continue;
                routes.push({ method, url: route.url });
              }
            });
          },
        },
      },
    );
  });
  afterAll(() => t.close());

  const guarded = () => routes.filter(({ method, url }) => !OPEN_ROUTES.has(`${method} ${url}`));

  const expectSignIn = (response: Awaited<ReturnType<TestApp['app']['inject']>>, what: string) => {
    expect(response.statusCode, what).toBe(401);
    expect(response.headers['cache-control'], what).toBe('private, no-store');
    if (!what.startsWith('HEAD ')) expect(response.json(), what).toEqual(SIGN_IN);
  };

  it('found the admin routes', () => {
    const names = routes.map(({ method, url }) => `${method} ${url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/places/:id',
        'POST /api/admin/cities',
        'POST /api/admin/login',
        'POST /api/admin/logout',
        'GET /api/admin/*',
      ]),
    );
    expect(guarded().length).toBeGreaterThan(20);
  });

  it('answers 401 on every admin route whatever the body, before parsing or validating it', async () => {
    for (const route of guarded()) {
      for (const body of BAD_BODIES) {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: fill(route.url, 'not-a-uuid'),
          headers: body.headers,
          payload: body.payload,
        });
        expectSignIn(response, `${route.method} ${route.url} with ${body.name}`);
      }
    }
  });

  it('answers 401 on every admin route whatever the parameters and query', async () => {
    for (const route of guarded()) {
      for (const value of BAD_PARAMS) {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: `${fill(route.url, value)}?page=-1&limit=abc&lang=%00&q=${'q'.repeat(3000)}`,
        });
        expectSignIn(response, `${route.method} ${route.url} with ${value.slice(0, 40)}`);
      }
    }
  });

  it('answers 401 with a forged or signed-out session cookie', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_PASSWORD },
    });
    const signedOut = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: signedOut } });
    for (const cookie of ['tp_session=forged', 'tp_session=', signedOut]) {
      for (const route of guarded()) {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: fill(route.url, 'not-a-uuid'),
          headers: { ...json, cookie },
          payload: BAD_BODIES[1]!.payload,
        });
        expectSignIn(response, `${route.method} ${route.url} with ${cookie.slice(0, 20)}`);
      }
    }
  });

  it('answers 401 before 404 for unknown admin API paths, and 404 once signed in', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const anonymous = await t.app.inject({ method, url: '/api/admin/no-such-thing', headers: json, payload: '{' });
      expectSignIn(anonymous, `${method} unknown`);
    }
    const signedIn = await t.admin({ method: 'GET', url: '/api/admin/no-such-thing' });
    expect(signedIn.statusCode).toBe(404);
  });

  it('still validates bodies and parameters once signed in', async () => {
    const badId = await t.admin({ method: 'PUT', url: '/api/admin/places/not-a-uuid', payload: { title: 'x' } });
    expect(badId.statusCode).toBe(400);
    const badBody = await t.admin({ method: 'POST', url: '/api/admin/cities', payload: { name: 42 } });
    expect(badBody.statusCode).toBe(400);
    const badJson = await t.admin({ method: 'POST', url: '/api/admin/cities', headers: json, payload: '{' });
    expect(badJson.statusCode).toBe(400);
  });

  it('keeps sign-in and the session status open', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/status' });
    expect(status.json()).toEqual({ isAuthenticated: false });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'wrong one' } });
    expect(login.statusCode).toBe(401);
  });

  it('answers 401 on logout without a session for a well-formed request', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/logout' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 on logout without a session whatever the body', async () => {
    for (const payload of ['{not json', '{}', JSON.stringify({ a: '\u0000' })]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, payload).toBe(401);
    }
  });
});

describe('admin screens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  const expectShell = (response: Awaited<ReturnType<typeof get>>, status: number, url: string) => {
    expect(response.statusCode, url).toBe(status);
    expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control'], url).toBe('private, no-store');
    expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    expect(response.body, url).toContain('<meta name="robots" content="noindex, nofollow" /><title>Admin');
    if (adminScreenAt(url) === 'login') {
      // the sign-in form comes with the page, so it is painted at once
      expect(response.body, url).toContain('<div id="root" data-ssr="login">');
      expect(response.body, url).toMatch(/<h1[^>]*>Admin Login<\/h1>/);
      expect(response.body, url).not.toContain('Loading...');
    } else {
      expect(response.body, url).toContain('<div id="root">');
    }
  };

  it('answers 200 with the app shell for every admin screen', async () => {
    for (const path of Object.values(ADMIN_SCREENS)) {
      for (const url of [path, `${path}/`, `${path}?next=%2Filadmin`, `${path}/?a=1&b=2`]) {
        expectShell(await get(url), 200, url);
      }
    }
    // the client's router ignores letter case and percent-encoding
    expectShell(await get('/iladmin/Edit-Places'), 200, '/iladmin/Edit-Places');
    expectShell(await get('/iladmin/%64ashboard'), 200, '/iladmin/%64ashboard');
  });

  it('answers 404 with the shell (and its not-found screen) for any other /iladmin path', async () => {
    const unknown = [
      '/iladmin/nope',
      '/iladmin/nope/',
      '/iladmin/nope?x=1',
      '/iladmin/dashboard/extra',
      '/iladmin/.env',
      '/iladmin/wp-login.php',
    ];
    for (const url of unknown) expectShell(await get(url), 404, url);
    // refused before any handler: a NUL in the path by the NUL guard, a broken escape by the router
    for (const url of ['/iladmin/%00', '/iladmin/%E0%A4%A']) {
      expect((await get(url)).statusCode, url).toBeGreaterThanOrEqual(400);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/iladmin/nope' });
    expect(head.statusCode).toBe(404);
  });

  it('renders the not-found screen on the client for an unknown /iladmin path', async () => {
    const renderer = createPageRenderer(t.app, sourceRenderSource());
    for (const url of ['/iladmin/nope', '/iladmin/dashboard/extra']) {
      const page = await renderer.renderPublic(url, {});
      expect(page.status, url).toBe(404);
      expect(page.html.toString(), url).toContain('Page Not Found');
      // the admin's own screen: its header and screens, not the public site's navigation
      expect(page.html.toString(), url).toContain('There is no admin screen at');
      expect(page.html.toString(), url).toContain('Manage Cities');
    }
  });
});
