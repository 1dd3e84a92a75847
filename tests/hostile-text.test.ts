import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Text an administrator (or a model) writes is shown as text: never as markup, never as a pattern. */
describe('hostile text in server-rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("renders replacement patterns ($' $` $& $1) literally, with exactly one </html>", async () => {
    const title = "5$' and $` and $& and $1 and $$";
    await makePlace(t.db, { title, slug: 'dollar-place', description: "It costs $' and $&." });
    for (const url of ['/en/dollar-place', '/en/home']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body.match(/<\/html>/g)).toHaveLength(1);
      expect(page.body.match(/<!doctype html>/gi)).toHaveLength(1);
      expect(page.body).toContain('5$&#x27; and $` and $&amp; and $1 and $$');
    }
  });

  it('escapes a </script> title in the markup, the head and the page state', async () => {
    const title = '</script><script>alert(1)</script><!--';
    await makePlace(t.db, { title, slug: 'script-place' });
    const page = await t.app.inject({ method: 'GET', url: '/en/script-place' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body.match(/<\/html>/g)).toHaveLength(1);
    expect(page.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // every script element that the page has is one the template or the renderer wrote
    const scripts = page.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.every((tag) => /type="application\/(json|ld\+json)"|type="module"/.test(tag))).toBe(true);
  });
});
