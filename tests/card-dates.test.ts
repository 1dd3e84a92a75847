import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A card's date says what it is (review item 14): the day the photo was taken, in each language. */
describe('the date on place cards', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    await makePlace(t.db, { slug: 'belem-tower', title: 'Belém Tower', date: '2024-05-01' });
    await makePlace(t.db, { slug: 'old-mill', title: 'Old Mill', date: 'some summer' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const labelled: Record<string, string> = {
    en: 'Photo taken May 1, 2024',
    es: 'Foto tomada el 1 de mayo de 2024',
    de: 'Foto aufgenommen am 1. Mai 2024',
    fr: 'Photo prise le 1 mai 2024',
    zh: '拍摄于 2024年5月1日',
  };
  for (const [lang, label] of Object.entries(labelled)) {
    it(`labels it as the photo's date in a <time datetime> on the home page and in search results (${lang})`, async () => {
      for (const path of [`/${lang}/home`, `/${lang}/search?q=belem`]) {
        const html = (await t.app.inject({ url: path })).body;
        // (React writes the attribute dateTime; HTML attribute names know no case)
        expect(html, path).toMatch(
          new RegExp(`<time datetime="2024-05-01"[^>]*>(?:(?!</time>)[\\s\\S])*${label}</time>`, 'i'),
        );
      }
    });
  }

  it('keeps a date that is not a calendar day as written, still labelled, outside <time>', async () => {
    const html = (await t.app.inject({ url: '/en/home' })).body;
    expect(html).toMatch(/<span[^>]*>(?:(?!<\/span>)[\s\S])*<\/svg>Photo taken some summer<\/span>/);
    expect(html).not.toMatch(/<time[^>]*>(?:(?!<\/time>)[\s\S])*some summer/);
  });
});
