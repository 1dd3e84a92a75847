import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/shared/api/error-codes';
import { makePlace, placeEdit } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * docs/product.md §7.1: every error answer carries a stable `code` (src/shared/api/error-codes.ts)
 * beside its sentence, so a script tells "slug taken" from "photo too small" without reading English.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { parameters?: { in: string; name: string }[]; requestBody?: unknown };
type Document = { paths: Record<string, Record<string, Operation>> };

const SIGN_OUT = ['/api/admin/logout', '/api/admin/logout-everywhere'];
const OPEN_ADMIN = ['/api/admin/login', '/api/admin/status'];

/** A value for a path parameter that names nothing on the site. */
const unknownValue = (name: string) => (name === 'lang' ? 'xx' : name === 'page' ? 'nothing' : 'no-such-thing');

function expectCoded(response: LightMyRequestResponse, what: string) {
  const body = response.json<{ code?: unknown; error?: unknown; message?: unknown }>();
  expect(ERROR_CODES, `${what} answered ${response.statusCode} ${response.body}`).toContain(body.code);
  expect(typeof (body.error ?? body.message), what).toBe('string');
}

describe('every error answer of the API has a code', () => {
  it('walks the route table of /api/openapi.json with bad inputs: each refusal carries a known code', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<Document>();
    let refusals = 0;
    const seen = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      if (SIGN_OUT.includes(path)) continue; // would end the session the walk uses
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => unknownValue(name));
        const what = `${method.toUpperCase()} ${path}`;
        const request = {
          method: method.toUpperCase() as 'GET',
          url: method === 'get' ? `${url}?limit=0&cursor=not-a-cursor&q=` : url,
          // an array where every contract expects an object: refused before any work
          ...(operation.requestBody ? { payload: [] as unknown[] } : {}),
        };
        if (path.startsWith('/api/admin/') && !OPEN_ADMIN.includes(path)) {
          const anonymous = await t.app.inject(request);
          expect(anonymous.statusCode, what).toBe(401);
          expectCoded(anonymous, what);
          refusals++;
        }
        const response = await t.admin(request);
        // every admin answer is private, set once by the response cache's onSend hook (no route sets it)
        if (path.startsWith('/api/admin/')) expect(response.headers['cache-control'], what).toBe('private, no-store');
        if (response.statusCode >= 400) {
          expectCoded(response, what);
          seen.add(response.json<{ code: string }>().code);
          refusals++;
        }
      }
    }
    expect(refusals).toBeGreaterThan(100);
    expect([...seen].sort()).toEqual(expect.arrayContaining(['not_found', 'validation_failed']));
  });

  it('names what went wrong in the code: not found, bad JSON, cross-site, NUL, taken address', async () => {
    const unknown = await t.app.inject({ url: '/api/no-such-call' });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { error: 'Not found: GET /api/no-such-call', code: 'not_found' },
    ]);

    const badJson = await t.admin({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"newUploads":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'bad_request' });

    const crossSite = await t.admin({
      method: 'DELETE',
      url: '/api/admin/trash',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect([crossSite.statusCode, crossSite.json()]).toEqual([
      403,
      { error: 'Cross-site request refused.', code: 'csrf_rejected' },
    ]);

    const nul = await t.admin({ method: 'POST', url: '/api/admin/cities', payload: { name: 'Par\u0000is' } });
    expect([nul.statusCode, nul.json<{ code: string }>().code]).toEqual([400, 'nul_character']);

    await makePlace(t.db, { title: 'Belém Tower', slug: 'belem-tower' });
    const other = await makePlace(t.db, { title: 'Jerónimos', slug: 'jeronimos' });
    const taken = await t.admin(placeEdit(other, { slug: 'belem-tower' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ code: string }>().code).toBe('slug_taken');
  });

  it('answers a rate-limited call with rate_limited and Retry-After', async () => {
    const call = () => t.admin({ method: 'POST', url: '/api/admin/areas/create-missing' });
    let last = await call();
    for (let i = 0; i < 10 && last.statusCode !== 429; i++) last = await call();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
