import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The headers every answer carries (docs/security.md, "Content-Security-Policy and other headers"). */
const POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self';worker-src 'self'";
const OTHERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let t: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'http://travel.example' });
    secure = await createTestApp({ publicUrl: 'https://travel.example' });
  });
  afterAll(async () => {
    await t?.close();
    await secure?.close();
  });

  it('are the same on every answer: data, a cached answer, a missing address, a refused write, an admin screen', async () => {
    const answers = [
      await t.app.inject({ url: '/api/site' }),
      await t.app.inject({ url: '/api/site' }),
      await t.app.inject({ url: '/api/no-such-thing' }),
      await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'wrong' } }),
      await t.admin({ url: '/api/admin/cities' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 404, 401, 200]);
    expect(answers[1]!.headers['cache-status']).toMatch(/hit/);
    for (const [i, response] of answers.entries()) {
      expect(response.headers['content-security-policy'], `answer ${i}`).toBe(POLICY);
      expect(response.headers, `answer ${i}`).toMatchObject(OTHERS);
      expect(response.headers['strict-transport-security'], `answer ${i}`).toBeUndefined();
    }
  });

  it('on a site served over https, also ask browsers to use https only', async () => {
    const response = await secure.app.inject({ url: '/api/site' });
    expect(response.headers['content-security-policy']).toBe(
      POLICY.replace("'unsafe-inline';", "'unsafe-inline';upgrade-insecure-requests;"),
    );
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers).toMatchObject(OTHERS);
  });
});
