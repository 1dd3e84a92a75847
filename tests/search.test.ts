import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResultDto } from '../src/shared/api/search';
import { rowsOf } from '../src/server/db/client';
import { places } from '../src/server/db/schema';
import { uniqueSlug } from '../src/server/services/slugs';
import {
  makeCity,
  makeCityTranslation,
  makeCountry,
  makeCountryTranslation,
  makePlace,
  makePlaceTranslation,
} from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { walkPages } from './helpers/paging';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let colosseum: Awaited<ReturnType<typeof makePlace>>;

async function search(q: string, lang = 'en', extra = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}&lang=${lang}${extra}`,
  });
  return response;
}

async function found(q: string, lang = 'en'): Promise<SearchResultDto[]> {
  const response = await search(q, lang);
  expect(response.statusCode, `${q} in ${lang}: ${response.body}`).toBe(200);
  return response.json<SearchResultDto[]>();
}

const titles = (results: SearchResultDto[]) => results.map((r) => r.title);

beforeAll(async () => {
  t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
  const italy = await makeCountry(t.db, { name: 'Italy', slug: 'italy', description: 'A long boot in the sea.' });
  await makeCountry(t.db, { name: 'Portugal', slug: 'portugal', description: 'The far west of Europe.' });
  await makeCountryTranslation(t.db, italy.id, 'fr', 'Italie');
  await makeCity(t.db, { name: 'Rome', country: 'Italy', slug: 'rome', description: 'The eternal city.' });
  const lisbon = await makeCity(t.db, {
    name: 'Lisbon',
    country: 'Portugal',
    slug: 'lisbon',
    description: 'Seven hills by the river.',
  });
  await makeCityTranslation(t.db, lisbon.id, 'de', 'Lissabon');
  await makeCityTranslation(t.db, lisbon.id, 'zh', '里斯本');
  const kyoto = await makeCity(t.db, { name: 'Kyoto', country: 'Japan', slug: 'kyoto', description: 'Temples.' });
  await makeCityTranslation(t.db, kyoto.id, 'zh', '京都');
  await makePlace(t.db, {
    slug: 'belem-tower',
    title: 'Belém Tower',
    description: 'A fortified tower guarding the mouth of the Tagus.',
    location: 'Lisbon',
    country: 'Portugal',
  });
  colosseum = await makePlace(t.db, {
    slug: 'colosseum',
    title: 'Colosseum',
    description: 'An oval amphitheatre where gladiators fought.',
    location: 'Rome',
    country: 'Italy',
  });
  await makePlaceTranslation(t.db, colosseum.id, 'zh', {
    title: '罗马斗兽场',
    description: '古罗马时期最大的圆形竞技场。',
    location: '罗马',
    country: '意大利',
  });
  await makePlace(t.db, {
    slug: 'trevi-fountain',
    title: 'Trevi Fountain',
    description: 'Coins thrown over the shoulder promise a return.',
    location: 'Rome',
    country: 'Italy',
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/search', () => {
  it('finds Belém Tower whatever the case and accents typed', async () => {
    for (const q of ['belem', 'BELÉM', 'belém', 'Belem tower']) {
      expect(titles(await found(q)), q).toContain('Belém Tower');
    }
  });

  it('forgives a typo', async () => {
    expect(titles(await found('colloseum'))[0]).toBe('Colosseum');
  });

  it('finds Italy and its places by the country name of the visitor’s language', async () => {
    const zh = await found('意大利', 'zh');
    expect(zh[0]).toMatchObject({ kind: 'country', slug: 'italy', title: '意大利' });
    expect(zh.map((r) => r.slug)).toEqual(expect.arrayContaining(['rome', 'colosseum', 'trevi-fountain']));
    const de = await found('Italien', 'de');
    expect(de[0]).toMatchObject({ kind: 'country', slug: 'italy', title: 'Italien' });
    expect(de.map((r) => r.slug)).toEqual(expect.arrayContaining(['rome', 'colosseum', 'trevi-fountain']));
    // a stored translation names it too
    expect((await found('italie', 'fr'))[0]).toMatchObject({ kind: 'country', title: 'Italie' });
  });

  it('finds a Chinese title by any two characters of it', async () => {
    for (const part of ['罗马', '马斗', '斗兽', '兽场', '罗马斗兽场']) {
      expect(titles(await found(part, 'zh')), part).toContain('罗马斗兽场');
    }
  });

  it('finds a city and a country by their names, and a place by a word of its description', async () => {
    expect(await found('lisbon')).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'city', slug: 'lisbon', subtitle: 'Portugal' })]),
    );
    expect((await found('portugal'))[0]).toMatchObject({ kind: 'country', slug: 'portugal' });
    expect(titles(await found('gladiators'))).toEqual(['Colosseum']);
    expect(titles(await found('shoulder'))).toEqual(['Trevi Fountain']);
  });

  it('finds names written in any language of the site, on every language’s page, shown in the page’s language', async () => {
    // the names of the other languages, on the English page
    expect((await found('京都'))[0]).toMatchObject({ kind: 'city', slug: 'kyoto', title: 'Kyoto' });
    expect((await found('Lissabon'))[0]).toMatchObject({ kind: 'city', slug: 'lisbon', title: 'Lisbon' });
    expect((await found('里斯本'))[0]).toMatchObject({ kind: 'city', slug: 'lisbon', title: 'Lisbon' });
    expect((await found('意大利'))[0]).toMatchObject({ kind: 'country', slug: 'italy', title: 'Italy' });
    expect(titles(await found('斗兽场'))).toContain('Colosseum');
    // and between other languages: German on the Chinese page, French on the German one
    expect((await found('Lissabon', 'zh'))[0]).toMatchObject({ slug: 'lisbon', title: '里斯本' });
    expect((await found('京都', 'fr'))[0]).toMatchObject({ slug: 'kyoto', title: 'Kyoto' });
    expect((await found('Italie', 'de'))[0]).toMatchObject({ kind: 'country', title: 'Italien' });
    // each place, city and country once, however many of its languages match
    const italy = await found('ital');
    expect(new Set(italy.map((r) => `${r.kind}:${r.id}`)).size).toBe(italy.length);
    // suggestions (five results as the visitor types) too
    const suggestions = await search('Lissab', 'en', '&limit=5');
    expect(suggestions.json<SearchResultDto[]>()[0]).toMatchObject({ slug: 'lisbon', title: 'Lisbon' });
    const page = await t.app.inject({ method: 'GET', url: `/en/search?q=${encodeURIComponent('京都')}` });
    expect(page.body).toContain('href="/en/kyoto"');
  });

  it('answers nothing for an empty query', async () => {
    expect(await found('')).toEqual([]);
    expect(await found('   ')).toEqual([]);
  });
});

describe('bad input', () => {
  /** 50 hostile queries: none may answer 5xx or change a row. `{ raw }` goes on the wire as it is. */
  const HOSTILE: Array<string | { raw: string }> = [
    '',
    ' ',
    '\t\n',
    'x'.repeat(2048),
    '%'.repeat(2048),
    'é'.repeat(201),
    'a'.repeat(200),
    '%',
    '_',
    '%%',
    '%_%',
    '\\',
    '\\\\',
    '\\%',
    "'",
    '"',
    "''",
    '`',
    'a\u0000b',
    '\u0000',
    "'; DROP TABLE places; --",
    "' OR 1=1 --",
    'SELECT * FROM search_documents',
    '); DELETE FROM places; --',
    '$1',
    '$$',
    '🏰🗼',
    '👩‍👩‍👧‍👦',
    'برج بيليم',
    'מגדל',
    '\u202eevil\u202c',
    'Z̵̡̧̛̖̗̘̙',
    { raw: 'a%ED%A0%80b' }, // a lone surrogate, as UTF-8 bytes
    { raw: '%FF%FE%C0%AF' }, // bytes that are no UTF-8 at all
    '<script>alert(1)</script>',
    '<x-abuse>',
    '!',
    '&',
    '|',
    '(',
    ':*',
    'a & b | !c',
    "'a':*",
    '<->',
    'tower <-> belem',
    '.*',
    '[',
    '。，！',
    'ＢＥＬＥＭ',
    '罗'.repeat(201),
  ];

  async function counts() {
    const [row] = rowsOf<Record<string, number | string>>(
      await t.db.execute(sql`select (select count(*) from places) as places,
        (select count(*) from search_documents) as documents,
        (select count(*) from place_translations) as translations,
        (select version from content_version where id = 1) as version`),
    );
    return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
  }

  it('never answers 5xx to 50 hostile queries, answers 200 or a clear 400, and changes nothing', async () => {
    expect(HOSTILE).toHaveLength(50);
    const before = await counts();
    for (const q of HOSTILE) {
      const encoded = typeof q === 'string' ? encodeURIComponent(q) : q.raw;
      for (const lang of ['en', 'zh']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/search?q=${encoded}&lang=${lang}` });
        expect([200, 400], `${JSON.stringify(q)}: ${response.statusCode} ${response.body}`).toContain(
          response.statusCode,
        );
        if (response.statusCode === 200) expect(Array.isArray(response.json())).toBe(true);
        else expect(response.json<{ error: string }>().error).toMatch(/too long|NUL/);
      }
      const page = await t.app.inject({ method: 'GET', url: `/en/search?q=${encoded}` });
      expect(page.statusCode, `page for ${JSON.stringify(q)}`).toBeLessThan(500);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses text over 200 characters and NUL with a sentence, and LIKE wildcards match themselves', async () => {
    const long = await search('a'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: 'The search text is too long: use at most 200 characters.',
      code: 'bad_request',
    });
    expect((await search('a\u0000b')).statusCode).toBe(400);
    // '%' and '_' find nothing rather than everything
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('col%eum')).toEqual([]);
  });

  it('refuses a forged cursor', async () => {
    for (const cursor of ['o99999', 'o-1', 'abc', 'o1000']) {
      expect((await search('rome', 'en', `&cursor=${cursor}`)).statusCode, cursor).toBe(400);
    }
  });
});

describe('paging', () => {
  it('pages through every match with Link rel="next" and never repeats one', async () => {
    for (let i = 0; i < 27; i++) {
      await makePlace(t.db, {
        title: `Lighthouse number ${i + 1}`,
        description: 'A white tower above the waves.',
        location: 'Sagres',
        country: 'Portugal',
      });
    }
    const { pages, links } = await walkPages<SearchResultDto>(
      (url) => t.app.inject({ method: 'GET', url }),
      '/api/search?q=lighthouse&lang=en&limit=10',
    );
    expect(pages.map((page) => page.length)).toEqual([10, 10, 7]);
    const ids = pages.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(27);
    // the next page's address: the list's own parameters (in the cache key's order) and its cursor
    expect(links[0]).toMatch(/<\/api\/search\?lang=en&limit=10&q=lighthouse&cursor=o10>; rel="next"/);
    expect(links[1]).toContain('rel="prev"');
  });
});

describe('documents follow every write in its own transaction', () => {
  it('finds a place by its new title as soon as the edit is saved, and no longer by the old one', async () => {
    const place = await makePlace(t.db, { title: 'Old Harbour Crane', location: 'Porto', country: 'Portugal' });
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/places/${place.id}`,
      payload: {
        title: 'Ribeira Quayside',
        description: place.description,
        location: 'Porto',
        country: 'Portugal',
        imageUrl: place.imageUrl,
        date: place.date,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(titles(await found('quayside'))).toEqual(['Ribeira Quayside']);
    expect(titles(await found('crane'))).not.toContain('Old Harbour Crane');
  });

  it('writes the documents inside the writing transaction: a rollback leaves the old ones', async () => {
    const place = await makePlace(t.db, { title: 'Azulejo Museum', location: 'Lisbon', country: 'Portugal' });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(places).set({ title: 'Tile Gallery' }).where(eq(places.id, place.id));
        const inside = rowsOf<{ title: string }>(
          await tx.execute(
            sql`select title from search_documents where entity_id = ${place.id} and language_code = 'en'`,
          ),
        );
        expect(inside).toEqual([{ title: 'Tile Gallery' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(titles(await found('azulejo'))).toEqual(['Azulejo Museum']);
    expect(await found('tile gallery')).toEqual([]);
  });

  it('drops the documents of a deleted place', async () => {
    const place = await makePlace(t.db, { title: 'Ephemeral Kiosk' });
    expect(titles(await found('ephemeral'))).toEqual(['Ephemeral Kiosk']);
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` })).statusCode).toBe(200);
    expect(await found('ephemeral')).toEqual([]);
  });
});

describe('/{lang}/search', () => {
  it('is rendered on the server with the results, the match marked, noindex and paging links', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/en/search?q=belem' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toContain('rel="canonical"');
    expect(response.body).toMatch(/<mark[^>]*>Belém<\/mark> Tower/);
    expect(response.body).toContain('href="/en/belem-tower"');

    const paged = await t.app.inject({ method: 'GET', url: '/en/search?q=lighthouse' });
    expect(paged.body).toMatch(
      /<a[^>]*href="\/en\/search\?q=lighthouse&amp;cursor=o24#results"[^>]*rel="next"|rel="next"[^>]*href="\/en\/search\?q=lighthouse&amp;cursor=o24#results"/,
    );
    const second = await t.app.inject({ method: 'GET', url: '/en/search?q=lighthouse&cursor=o24' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('rel="prev"');
  });

  it('says what to do without a query, when nothing is found and when the text is too long', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/de/search' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Gib den Namen eines Ortes');
    expect(empty.body).toMatch(/<form[^>]*role="search"[^>]*action="\/de\/search"[^>]*method="get"/);
    const none = await t.app.inject({ method: 'GET', url: '/fr/search?q=zzzxxq' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('Aucun résultat pour « zzzxxq »');
    const long = await t.app.inject({ method: 'GET', url: `/zh/search?q=${'x'.repeat(300)}` });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('搜索内容过长');
  });

  it('repeats a long query clipped in its heading, and says it is too long before the form', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/en/search?q=${'x'.repeat(300)}` });
    const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(long.body)![1]!;
    expect(heading).toBe(`Results for “${'x'.repeat(60)}…”`);
    expect(/<title>(.*?)<\/title>/s.exec(long.body)![1]).not.toContain('x'.repeat(61));
    const message = long.body.indexOf('That search is too long');
    expect(message).toBeGreaterThan(long.body.indexOf('<h1'));
    expect(message).toBeLessThan(long.body.indexOf('<form role="search" aria-label="Search"'));
    // a query of ordinary length is repeated whole
    const short = await t.app.inject({ method: 'GET', url: '/en/search?q=belem%20tower' });
    expect(/<h1[^>]*>(.*?)<\/h1>/s.exec(short.body)![1]).toBe('Results for “belem tower”');
  });

  it('escapes what the visitor typed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/en/search?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('belongs to search: a new place titled Search gets another address, and an old one does not shadow it', async () => {
    expect(await uniqueSlug(t.db, 'Search')).not.toBe('search');
    await makePlace(t.db, { slug: 'search', title: 'Searchlight Battery' });
    const response = await t.app.inject({ method: 'GET', url: '/en/search?q=zzzxxq' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Nothing found for “zzzxxq”');
  });
});
