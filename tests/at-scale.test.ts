/**
 * The catalogue at 5,001 places: search, sitemaps and nearby places read it through their indexes
 * and in bounded pieces. One catalogue for all three (writing 5,001 places and their 25,005 search
 * documents is most of the cost): 5,000 places on a grid over central Italy, about 1 km apart,
 * written in one statement, and the Colosseum with its Chinese text.
 */
import { Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearbyPlaceDto } from '../src/shared/api/nearby';
import type { SearchResultDto } from '../src/shared/api/search';
import { LANGUAGE_CODES } from '../src/shared/languages';
import { rowsOf } from '../src/server/db/client';
import { chordOf, nearestQuery } from '../src/server/db/repos/nearby-repo';
import { addressQuery } from '../src/server/db/repos/place-page-repo';
import { searchStatement } from '../src/server/db/repos/search-repo';
import { createSeoService, SITEMAP_PAGES_PER_CHILD } from '../src/server/services/seo';
import { makePlace, makePlaceTranslation } from './helpers/factories';
import { crawl, entries, texts } from './helpers/sitemaps';
import { createTestApp, type TestApp } from './helpers/test-app';

const BASE = 'https://travel.example';
const PLACES = 5_001;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: BASE });
  // One statement: every row gets the same created_at, so sitemap chunks are split by id as well.
  // Row n / 71, column n % 71 of the grid: 0.009 degrees of latitude and 0.012 of longitude (at
  // 41 degrees north) are both about 1 km.
  await t.db
    .execute(sql`insert into places (slug, title, description, image_url, location, country, date, latitude, longitude)
    select 'spot-' || n, 'Quiet spot ' || n, 'A bench with a view over the ' ||
      (array['river', 'old walls', 'garden', 'harbour'])[1 + n % 4] || '.', '/media/web/spot-1000.jpg', 'Rome',
      'Italy', '2024-01-01', 41.0 + (n / 71) * 0.009, 12.0 + (n % 71) * 0.012
    from generate_series(1, ${PLACES - 1}) as n`);
  const colosseum = await makePlace(t.db, {
    slug: 'colosseum',
    title: 'Colosseum',
    location: 'Rome',
    country: 'Italy',
    latitude: 41.8902,
    longitude: 12.4922,
  });
  await makePlaceTranslation(t.db, colosseum.id, 'zh', {
    title: '罗马斗兽场',
    description: '古罗马的圆形竞技场。',
    location: '罗马',
    country: '意大利',
  });
  // what autovacuum does on a server, and the search service itself on PGlite (once a minute)
  await t.app.services.search.refreshStatistics();
  await t.db.execute(sql`analyze places`);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('search', () => {
  /** The plan of the search query, as the service runs it. */
  async function plan(q: string, lang: 'en' | 'de' | 'zh', cjk = false): Promise<string> {
    return t.db.transaction(async (tx) => {
      const [normalized] = rowsOf<{ text: string }>(
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true), search_normalize(${q}) as text`,
        ),
      );
      const statement = searchStatement(tx, normalized!.text, {
        text: q,
        lang,
        limit: 25,
        offset: 0,
        substring: true,
        cjk,
        typos: true,
      });
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${statement.getSQL()}`));
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('answers from the search indexes, not by reading every document', async () => {
    expect(Number(rowsOf<{ n: string }>(await t.db.execute(sql`select count(*) as n from places`))[0]!.n)).toBe(PLACES);
    for (const [q, lang, cjk] of [
      ['colloseum', 'en', false],
      ['colosseum rome', 'en', false],
      ['斗兽', 'zh', true],
      // another language's names, on the English page
      ['斗兽场', 'en', true],
      ['quiet spot 4242', 'de', false],
    ] as const) {
      const text = await plan(q, lang, cjk);
      expect(text, text).toMatch(/Bitmap Index Scan on search_documents_(name_trgm|tsv|cjk)_idx/);
      expect(text, text).not.toContain('Seq Scan');
      // titles starting with the text: the title index walked in its order until the limit, not
      // every such title read and sorted (a second for a common word at 100,000 places)
      if (!cjk) {
        expect(text, text).toMatch(/Index Only Scan using search_documents_title_order_idx/);
        expect(text, text).not.toMatch(/Sort Key: c\.title_norm/);
      }
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/search?q=colloseum&lang=en' });
    expect(response.json<SearchResultDto[]>()[0]).toMatchObject({ slug: 'colosseum', title: 'Colosseum' });
    const zh = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('斗兽')}&lang=zh` });
    expect(zh.json<SearchResultDto[]>()[0]).toMatchObject({ slug: 'colosseum', title: '罗马斗兽场' });
    const en = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('斗兽场')}&lang=en` });
    expect(en.json<SearchResultDto[]>()[0]).toMatchObject({ slug: 'colosseum', title: 'Colosseum' });
  });

  it('ranks a query matching every place in every language in well under a second', async () => {
    // 'quiet spot' is in the names of 5,000 places' documents in all five languages
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/search?q=quiet%20spot&lang=fr&limit=24' });
    const elapsed = performance.now() - started;
    const results = response.json<SearchResultDto[]>();
    expect(results).toHaveLength(24);
    expect(new Set(results.map((r) => r.id)).size).toBe(24);
    console.log(`search matching 25,000 documents: ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(2_000);
  });
});

describe('sitemaps', () => {
  it(`lists all ${PLACES} places in children of at most 50,000 URLs under a small index`, async () => {
    const { index, children, bodies } = await crawl(t);
    expect(Buffer.byteLength(index)).toBeLessThanOrEqual(1024 * 1024);
    const placeChildren = children.filter((child) => child.path.startsWith('/sitemaps/places-'));
    expect(placeChildren).toHaveLength(Math.ceil(PLACES / SITEMAP_PAGES_PER_CHILD));
    const seen = new Set<string>();
    for (const child of placeChildren) {
      const locs = texts(bodies.get(child.path)!, 'loc');
      expect(locs.length).toBeLessThanOrEqual(50_000);
      for (const loc of locs) {
        expect(seen.has(loc)).toBe(false);
        seen.add(loc);
      }
    }
    expect(seen.size).toBe(PLACES * LANGUAGE_CODES.length);
    for (let n = 1; n < PLACES; n += 997) expect(seen.has(`${BASE}/zh/spot-${n}`)).toBe(true);
    expect(seen.has(`${BASE}/zh/colosseum`)).toBe(true);
  });

  it('keeps the index to a few hundred bytes per child', async () => {
    // As many children as 100,000 places make at the default size.
    const pagesPerChild = Math.floor(PLACES / (100_000 / SITEMAP_PAGES_PER_CHILD));
    const seo = createSeoService({ db: t.db, publicUrl: () => BASE, pagesPerChild });
    const index = await seo.sitemapIndex();
    const count = entries(index, 'sitemap').length;
    expect(count).toBe(1 + Math.ceil(PLACES / pagesPerChild));
    expect(count).toBeGreaterThanOrEqual(1 + 100_000 / SITEMAP_PAGES_PER_CHILD);
    expect(Buffer.byteLength(index) / count).toBeLessThan(200);
    expect(Buffer.byteLength(index)).toBeLessThan(1024 * 1024);
  });
});

describe('nearby places', () => {
  /** spot-2500: row 35, column 15 of the grid, with neighbours on every side. */
  async function gridSpot() {
    const [spot] = rowsOf<{ id: string; latitude: number; longitude: number }>(
      await t.db.execute(sql`select id, latitude, longitude from places where slug = 'spot-2500'`),
    );
    return spot!;
  }

  /**
   * The plans a statement gets when prepared (custom plans for its first runs, then one generic
   * plan), with `values` for its named placeholders.
   */
  async function preparedPlans(
    query: { toSQL(): { sql: string; params: unknown[] } },
    values: Record<string, unknown>,
  ) {
    const { sql: text, params } = query.toSQL();
    const literal = (param: unknown) => {
      // the statement's placeholders by name, and the values drizzle wrote in as parameters
      const value = param instanceof Placeholder ? values[param.name] : String(param);
      return typeof value === 'number' ? String(value) : `'${String(value)}'`;
    };
    const plans: Array<[string, string]> = [];
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`prepare plan_test as ${text}`));
        await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
        const result = await tx.execute(sql.raw(`explain execute plan_test(${params.map(literal).join(', ')})`));
        await tx.execute(sql.raw('deallocate plan_test'));
        return rowsOf<Record<string, string>>(result)
          .map((row) => Object.values(row)[0])
          .join('\n');
      });
      plans.push([mode, plan]);
    }
    return plans;
  }

  it('walks the nearby index nearest first, never all places, in the plans prepared statements get', async () => {
    const spot = await gridSpot();
    const values = {
      latitude: spot.latitude,
      longitude: spot.longitude,
      chord: chordOf(50_000),
      id: spot.id,
      lang: 'en',
    };
    for (const [mode, plan] of await preparedPlans(nearestQuery(t.db, 6), values)) {
      expect(plan, mode).toContain('places_sphere_idx');
      expect(plan, mode).toMatch(/Order By:/);
      expect(plan, mode).not.toMatch(/Seq Scan on places/);
    }
  });

  it("walks it from the place's own position in the place page's one read, and answers as the API does", async () => {
    const values = { slug: 'spot-2500', lang: 'de', relatedLimit: 6 };
    for (const [mode, plan] of await preparedPlans(addressQuery(t.db), values)) {
      expect(plan, mode).toContain('places_sphere_idx');
      expect(plan, mode).toMatch(/Order By:/);
      expect(plan, mode).not.toMatch(/Seq Scan on places/);
    }
    const spot = await gridSpot();
    const page = (await t.app.services.catalog.address('spot-2500', 'de')).page;
    const api = await t.app.inject({ method: 'GET', url: `/api/places/${spot.id}/nearby?languageCode=de` });
    expect(page?.nearby).toHaveLength(6);
    // the same places in the same order, with the same distances and country names ("Italien")
    expect(page?.nearby).toEqual(api.json());
    expect(page?.nearby[0]?.country).toBe('Italien');
  });

  it('finds the six nearest grid neighbours, the place itself excluded', async () => {
    const spot = await gridSpot();
    const nearby = (await t.app.inject({ method: 'GET', url: `/api/places/${spot.id}/nearby` })).json<
      NearbyPlaceDto[]
    >();
    expect(nearby).toHaveLength(6);
    expect(nearby.map((p) => p.id)).not.toContain(spot.id);
    // the four grid neighbours (about 1 km) come first, then the diagonals
    expect(nearby.slice(0, 2).every((p) => p.distanceMeters < 1100)).toBe(true);
    expect(nearby.every((p) => p.distanceMeters < 1600)).toBe(true);
  });
});
