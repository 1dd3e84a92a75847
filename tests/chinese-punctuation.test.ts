import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResultDto } from '../src/shared/api/search';
import { makeCity, makeCityTranslation, makeCountry, makePlace, makePlaceTranslation } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The text of some HTML, tags removed. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

describe('Chinese pages punctuate composed text as Chinese is written', () => {
  let t: TestApp;
  let tower: Awaited<ReturnType<typeof makePlace>>;
  let plain: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    t = await createTestApp({}, { pages: { renderSource: sourceRenderSource() } });
    await makeCountry(t.db, { name: 'Portugal', slug: 'portugal' });
    const lisbon = await makeCity(t.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon' });
    await makeCityTranslation(t.db, lisbon.id, 'zh', '里斯本');
    const at = { location: 'Lisbon', country: 'Portugal', latitude: 38.69, longitude: -9.21 };
    tower = await makePlace(t.db, { ...at, slug: 'belem-tower', title: 'Belém Tower' });
    await makePlaceTranslation(t.db, tower.id, 'zh', {
      title: '贝伦塔',
      description: '守卫塔霍河口的堡垒。',
      location: '里斯本',
      country: '葡萄牙',
    });
    // no short description: the meta description is composed from title, city and country
    plain = await makePlace(t.db, { ...at, slug: 'alfama', title: 'Alfama', description: '' });
    await makePlaceTranslation(t.db, plain.id, 'zh', {
      title: '阿尔法玛',
      description: '',
      fullDescription: '里斯本最古老的街区。',
      location: '里斯本',
      country: '葡萄牙',
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('joins a city and its country with "，" on cards, the place page, nearby places and the city page', async () => {
    const place = textOf((await get(`/zh/${tower.slug}`)).body);
    expect(place).toContain('里斯本，葡萄牙');
    expect(place).not.toContain('里斯本, 葡萄牙');
    const home = textOf((await get('/zh/home')).body);
    expect(home).toContain('里斯本，葡萄牙');
    expect(home).not.toMatch(/里斯本, /);
    const city = (await get('/zh/lisbon')).body;
    expect(/<title>(.*?)<\/title>/.exec(city)![1]).toMatch(/^里斯本，葡萄牙/);
    // English keeps its own
    expect(textOf((await get(`/en/${tower.slug}`)).body)).toContain('Lisbon, Portugal');
  });

  it('ends the footer’s copyright sentence with "。", never "."', async () => {
    const year = new Date().getFullYear();
    const home = textOf((await get('/zh/home')).body);
    expect(home).toContain(`© ${year} 旅行地点。网站保留所有权利`);
    expect(home).not.toContain('旅行地点.');
    expect(textOf((await get('/en/home')).body)).toContain(`© ${year} Travel Places. All rights reserved`);
  });

  it('punctuates the composed meta description and search results in Chinese', async () => {
    const page = (await get(`/zh/${plain.slug}`)).body;
    const description = /<meta name="description" content="([^"]*)"/.exec(page)![1];
    expect(description).toBe('阿尔法玛——里斯本，葡萄牙。里斯本最古老的街区。');
    const results = (await get(`/api/search?q=${encodeURIComponent('贝伦塔')}&lang=zh`)).json<SearchResultDto[]>();
    expect(results[0]).toMatchObject({ title: '贝伦塔', subtitle: '里斯本，葡萄牙' });
    const english = (await get('/api/search?q=belem&lang=en')).json<SearchResultDto[]>();
    expect(english[0]).toMatchObject({ subtitle: 'Lisbon, Portugal' });
  });
});
