import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionList } from '../src/shared/api/revisions';
import type { AdminPlaceThemesDto, AreaThemesDto, ThemeDto, ThemePageDto } from '../src/shared/api/themes';
import { THEMES, themeById } from '../src/shared/themes';
import { suggestThemes } from '../src/server/services/themes';
import { makeCity, makeCountry, makePlace, placeEdit } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Themes (docs/product.md §22, decision 041): the taxonomy in every language with its counts, the
 * owner's 0-3 themes (a clear 400 otherwise, nothing changed), suggestions that never replace a
 * person's choice, a theme's list and map that drop only when a place of that theme changes, and
 * themes kept in revisions.
 */
describe('themes', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const setThemes = (id: string, themes: unknown) =>
    t.admin({ method: 'PUT', url: `/api/admin/places/${id}/themes`, payload: { themes } });
  const adminThemes = async (id: string) =>
    (await t.admin({ method: 'GET', url: `/api/admin/places/${id}/themes` })).json<AdminPlaceThemesDto>().themes;

  beforeAll(async () => {
    t = await createTestApp({ renderCacheBytes: 16 * 1024 * 1024 });
  });
  afterAll(() => t.close());

  it('lists the twelve themes in the visitor’s language with how many published places each has', async () => {
    const castle = await makePlace(t.db, { title: 'Burg Eltz', location: 'Wierschem', country: 'Germany' });
    const draft = await makePlace(t.db, { title: 'Hidden keep', state: 'draft' });
    expect((await setThemes(castle.id, ['castles', 'nature'])).statusCode).toBe(200);
    expect((await setThemes(draft.id, ['castles'])).statusCode).toBe(200);

    const de = (await get('/api/themes/translations/de')).json<ThemeDto[]>();
    expect(de).toHaveLength(THEMES.length);
    expect(de.find((theme) => theme.id === 'castles')).toEqual({
      id: 'castles',
      slug: 'castles-and-palaces',
      name: 'Burgen und Schlösser',
      count: 1, // the draft is not counted
    });
    const zh = (await get('/api/themes/translations/zh')).json<ThemeDto[]>();
    expect(zh.find((theme) => theme.id === 'castles')?.name).toBe('城堡与宫殿');
    const chips = (await get(`/api/places/${castle.id}/themes?languageCode=fr`)).json<ThemeDto[]>();
    expect(chips.map((theme) => theme.name)).toEqual(['Châteaux et palais', 'Nature et randonnées']);
    expect((await get(`/api/places/${draft.id}/themes`)).statusCode).toBe(404);
  });

  it('refuses more than three themes, an unknown or a repeated one with a code, and changes nothing', async () => {
    const place = await makePlace(t.db, { title: 'Refused themes' });
    expect((await setThemes(place.id, ['museums'])).statusCode).toBe(200);
    for (const [themes, code] of [
      [['museums', 'castles', 'nature', 'coast'], 'themes_too_many'],
      [['museums', 'dragons'], 'theme_unknown'],
      [['museums', 'museums'], 'themes_repeated'],
    ] as const) {
      const answer = await setThemes(place.id, themes);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json()).toMatchObject({ code });
    }
    expect((await adminThemes(place.id)).map((row) => row.id)).toEqual(['museums']);
    expect((await setThemes('00000000-0000-4000-8000-000000000000', [])).statusCode).toBe(404);
  });

  it('keeps a suggestion marked until the owner confirms it, and never lets a machine replace a person’s choice', async () => {
    const place = await makePlace(t.db, { title: 'Suggested' });
    await t.db.transaction((tx) => suggestThemes(tx, place.id, ['churches', 'not-a-theme', 'viewpoints'], 'gpt-test'));
    expect(await adminThemes(place.id)).toEqual([
      { id: 'churches', origin: 'suggested', suggestedBy: 'gpt-test' },
      { id: 'viewpoints', origin: 'suggested', suggestedBy: 'gpt-test' },
    ]);
    // the owner keeps one of the two: it is theirs now, the other goes
    expect((await setThemes(place.id, ['churches'])).statusCode).toBe(200);
    expect(await adminThemes(place.id)).toEqual([{ id: 'churches', origin: 'person', suggestedBy: null }]);
    await t.db.transaction((tx) => suggestThemes(tx, place.id, ['markets'], 'offline'));
    expect(await adminThemes(place.id)).toEqual([{ id: 'churches', origin: 'person', suggestedBy: null }]);
    // an empty choice is a choice too, but a machine may suggest again where a person set none
    expect((await setThemes(place.id, [])).statusCode).toBe(200);
    expect(await adminThemes(place.id)).toEqual([]);
  });

  it('pages a theme newest first, narrowed to a city or a country with ?in=', async () => {
    await makeCountry(t.db, { name: 'Portugal', slug: 'portugal-themes' });
    await makeCity(t.db, { name: 'Porto', country: 'Portugal', slug: 'porto-themes' });
    const older = await makePlace(t.db, {
      title: 'Dom Luís bridge',
      location: 'Porto',
      country: 'Portugal',
      date: '2020-01-01',
    });
    const newer = await makePlace(t.db, {
      title: 'Ponte 25 de Abril',
      location: 'Lisbon',
      country: 'Portugal',
      date: '2023-01-01',
    });
    for (const place of [older, newer]) expect((await setThemes(place.id, ['water'])).statusCode).toBe(200);

    const all = await get('/api/themes/by-slug/bridges-and-waterfronts/places?languageCode=en');
    expect(all.json<{ title: string }[]>().map((p) => p.title)).toEqual(['Ponte 25 de Abril', 'Dom Luís bridge']);
    const inPorto = await get('/api/themes/by-slug/bridges-and-waterfronts/places?languageCode=en&in=porto-themes');
    expect(inPorto.json<{ title: string }[]>().map((p) => p.title)).toEqual(['Dom Luís bridge']);
    const heading = (
      await get('/api/themes/by-slug/bridges-and-waterfronts/translations/es?in=porto-themes')
    ).json<ThemePageDto>();
    expect(heading).toMatchObject({
      name: 'Puentes y riberas',
      area: { kind: 'city', name: 'Porto', slug: 'porto-themes' },
    });
    const country = (await get('/api/themes/in/portugal-themes/translations/de')).json<AreaThemesDto>();
    expect(country.themes).toEqual([
      { id: 'water', slug: 'bridges-and-waterfronts', name: 'Brücken und Ufer', count: 2 },
    ]);
    const map = (
      await get('/api/maps/themes/by-slug/bridges-and-waterfronts/translations/en?in=portugal-themes')
    ).json<{ svg: string }>();
    expect(map.svg).toContain(`href="/en/${newer.slug}"`);
    expect(map.svg).toContain(`href="/en/${older.slug}"`);
    expect((await get('/api/themes/by-slug/dragons/places')).statusCode).toBe(404);
    expect((await get('/api/themes/by-slug/museums/places?in=atlantis')).statusCode).toBe(404);
  });

  it('draws a theme’s map over an image of its own, kept for good, and names the new one when its places spread', async () => {
    const lisbon = await makePlace(t.db, { title: 'Belém lighthouse', latitude: 38.6916, longitude: -9.216 });
    expect((await setThemes(lisbon.id, ['coast'])).statusCode).toBe(200);
    const theme = { slug: themeById('coast')!.slug };
    const url = `/api/maps/themes/by-slug/${theme.slug}/translations/en`;
    const svg = (await get(url)).json<{ svg: string }>().svg;
    const address = /<img src="([^"]+)"/.exec(svg)?.[1];
    expect(address).toMatch(new RegExp(`^/api/maps/drawings/theme/${theme.slug}/[\\w-]+\\.svg$`));
    // the page holds the markers, not the land
    expect(svg).toContain(`href="/en/${lisbon.slug}"`);
    expect(svg).not.toContain('<path d="M');
    const image = await get(address!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.body).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 640 \d+"><g aria-hidden="true"><rect/,
    );
    expect(image.body).toContain('<path d="M');

    // a place of the theme on the other side of the world: the world's drawing, the old address sent on
    const tokyo = await makePlace(t.db, { title: 'Tokyo lighthouse', latitude: 35.62, longitude: 139.77 });
    expect((await setThemes(tokyo.id, ['coast'])).statusCode).toBe(200);
    const wider = (await get(url)).json<{ svg: string }>().svg;
    const world = /<img src="([^"]+)"/.exec(wider)?.[1];
    expect(world).toMatch(/^\/api\/maps\/drawings\/theme\/world\/[\w-]+\.svg$/);
    expect((await get(world!)).statusCode).toBe(200);
    const old = await get(address!);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(world);
    expect(old.headers['cache-control']).toBe('no-cache');

    expect((await get('/api/maps/drawings/theme/dragons/abc.svg')).statusCode).toBe(404);
    expect((await get(`/api/maps/drawings/theme/${theme.slug}~a~b/abc.svg`)).statusCode).toBe(404);
  });

  it('a theme’s list drops only when a place of that theme changes', async () => {
    const garden = await makePlace(t.db, { title: 'Rose garden', date: '2030-01-01' });
    const other = await makePlace(t.db, { title: 'Fish market', date: '2030-01-02' });
    await setThemes(garden.id, ['gardens']);
    await setThemes(other.id, ['markets']);
    const list = '/api/themes/by-slug/gardens-and-parks/places?languageCode=en';
    await get(list);
    expect((await get(list)).headers['cache-status']).toBe('travel-places; hit');

    expect((await t.admin(placeEdit(other, { title: 'Fish market renamed' }))).statusCode).toBe(200);
    expect((await get(list)).headers['cache-status']).toBe('travel-places; hit');

    expect((await t.admin(placeEdit(garden, { title: 'Rose garden renamed' }))).statusCode).toBe(200);
    const changed = await get(list);
    expect(changed.headers['cache-status']).toMatch(/fwd=miss/);
    expect(changed.body).toContain('Rose garden renamed');

    // a place gaining the theme changes the list too
    const gained = await setThemes(other.id, ['markets', 'gardens']);
    expect(gained.statusCode, gained.body).toBe(200);
    const after = await get(list);
    expect(after.headers['cache-status']).toMatch(/fwd=miss/);
    expect(after.json<{ title: string }[]>().map((p) => p.title)).toContain('Fish market renamed');
  });

  it('keeps a place’s themes in its revisions, and a restore gives them back', async () => {
    const place = await makePlace(t.db, { title: 'Revised themes' });
    await setThemes(place.id, ['monuments']);
    await setThemes(place.id, ['modern', 'viewpoints']);
    const { revisions } = (
      await t.admin({ method: 'GET', url: `/api/admin/places/${place.id}/revisions` })
    ).json<RevisionList>();
    expect(revisions[0]!.summary).toBe('Themes changed');
    const restore = await t.admin({
      method: 'POST',
      url: `/api/admin/places/${place.id}/revisions/${revisions[0]!.id}/restore`,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await adminThemes(place.id)).map((row) => row.id)).toEqual(['monuments']);
  });

  it('keeps a deleted place’s themes in the trash, and restoring it gives them back', async () => {
    const place = await makePlace(t.db, { title: 'Trashed themes' });
    await setThemes(place.id, ['coast', 'nature']);
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/places/${place.id}` })).statusCode).toBe(200);
    const restored = await t.admin({ method: 'POST', url: `/api/admin/trash/place/${place.id}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await adminThemes(place.id)).map((row) => row.id)).toEqual(['coast', 'nature']);
  });
});
