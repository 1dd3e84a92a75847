import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../scripts/seed-demo';
import { createTestApp, type TestApp } from './helpers/test-app';

/** `npm run seed:demo`: its texts were written by people, and a visitor is never told otherwise. */
describe('the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app, t.db);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('carries no AI or machine-translation note on its place, city and country pages', async () => {
    for (const lang of ['en', 'es', 'zh']) {
      for (const path of ['kinkaku-ji', 'kyoto', 'japan']) {
        const page = await t.app.inject({ method: 'GET', url: `/${lang}/${path}` });
        expect(page.statusCode, `/${lang}/${path}`).toBe(200);
        // the note ("Written with AI", "Machine-translated from English") is this paragraph
        expect(page.body.includes('class="review-note"'), `/${lang}/${path}`).toBe(false);
      }
    }
  });

  it('gives its places the themes a person chose, so the home strip and theme pages have places', async () => {
    const theme = await t.app.inject({ method: 'GET', url: '/en/themes/monuments-and-squares' });
    expect(theme.statusCode).toBe(200);
    expect(theme.body).toContain('Belém Tower');
    expect(theme.body).toContain('Sacsayhuamán');
  });
});
