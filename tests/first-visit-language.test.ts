import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('the first visit to / goes to the home page in the visitor’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  });
  afterAll(() => t.close());

  const visit = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/', headers });

  it('follows the browser’s languages when there is no language cookie', async () => {
    for (const [header, lang] of [
      ['de-AT,de;q=0.9,en;q=0.8', 'de'],
      ['zh-CN,zh;q=0.9', 'zh'],
      ['zh-Hans', 'zh'],
      ['zh-TW,en;q=0.5', 'zh'],
      ['en;q=0.3, fr;q=0.8', 'fr'],
      ['pt-BR, es;q=0.5', 'es'],
      ['ja, pt', 'en'],
    ] as const) {
      const response = await visit({ 'accept-language': header });
      expect(response.statusCode, header).toBe(302);
      expect(response.headers.location, header).toBe(`/${lang}/home`);
    }
    expect((await visit({})).headers.location).toBe('/en/home');
  });

  it('lets a chosen language (the cookie) win over the browser’s', async () => {
    const response = await visit({ 'accept-language': 'de-DE', cookie: 'lang=fr' });
    expect(response.headers.location).toBe('/fr/home');
    // a cookie naming no language of ours is no choice
    expect((await visit({ 'accept-language': 'de-DE', cookie: 'lang=xx' })).headers.location).toBe('/de/home');
  });

  it('says it varies by both headers and is stored by no shared cache', async () => {
    const german = await visit({ 'accept-language': 'de' });
    const chinese = await visit({ 'accept-language': 'zh-CN' });
    expect(chinese.headers.location).toBe('/zh/home');
    for (const response of [german, chinese]) {
      const vary = String(response.headers.vary).toLowerCase();
      expect(vary).toContain('accept-language');
      expect(vary).toContain('cookie');
      expect(response.headers['cache-control']).toMatch(/no-store/);
    }
  });
});
