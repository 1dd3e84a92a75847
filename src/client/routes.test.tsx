import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../shared/admin-paths';
import { pageParamsAt } from '../shared/public-pages';
import { PUBLIC_ROUTES } from './pages/public/public-routes';
import { matchAppRoutes } from './routes';

/** The innermost route's path, the params the page reads and how many routes are nested. */
function page(pathname: string) {
  const matches = matchAppRoutes(pathname);
  const leaf = matches.at(-1)!;
  return { path: leaf.route.path, params: leaf.params, depth: matches.length };
}

describe('which screen an address shows', () => {
  it('sends / and /{lang} to a home page, and shows the public pages under /{lang}/', () => {
    expect(page('/').path).toBe('/');
    expect(page('/de')).toEqual({ path: ':lang', params: { lang: 'de' }, depth: 2 });
    expect(page('/de/')).toMatchObject({ path: ':lang' });
    expect(page('/en/home')).toEqual({ path: 'home', params: { lang: 'en' }, depth: 2 });
    expect(page('/zh/search/')).toMatchObject({ path: 'search', params: { lang: 'zh' } });
  });

  it('gives a country, city or place address its decoded slug', () => {
    expect(page('/fr/rome')).toEqual({ path: ':slug', params: { lang: 'fr', slug: 'rome' }, depth: 2 });
    expect(page('/en/caf%C3%A9-de-flore').params).toEqual({ lang: 'en', slug: 'café-de-flore' });
  });

  it('shows admin screens whatever the letter case or trailing slash', () => {
    expect(page('/iladmin/Dashboard/')).toEqual({ path: ADMIN_SCREENS.dashboard, params: {}, depth: 1 });
    expect(page(ADMIN_SCREENS.trash).path).toBe(ADMIN_SCREENS.trash);
  });

  it('finds every page of the route table at its address, with the query parameters it reads', () => {
    for (const route of PUBLIC_ROUTES.filter((r) => r.path !== ':slug' && r.path !== 'themes')) {
      expect(page(`/de/${route.path}`).path).toBe(route.path);
    }
    // a theme's page is two segments deep; /{lang}/themes alone is an address like any other
    expect(page('/de/themes/castles-and-palaces').path).toBe('themes');
    expect(page('/de/themes').path).toBe(':slug');
    expect(pageParamsAt('/en/themes/museums')).toEqual(['cursor', 'in']);
    expect(pageParamsAt('/en/search')).toEqual(['cursor', 'q']);
    expect(pageParamsAt('/en/saved')).toEqual(['ids']);
    expect(pageParamsAt('/en/home')).toEqual(['cursor']);
    expect(pageParamsAt('/en/about')).toEqual([]);
    expect(pageParamsAt('/en/rome')).toEqual(['cursor']);
    expect(pageParamsAt('/en/a/b')).toEqual([]);
  });

  it('shows the not-found screen for anything else', () => {
    for (const pathname of ['/xx/home', '/EN/home', '/en/a/b', '/en/%E0%A4%A', '/pt', '/iladminx']) {
      expect(page(pathname), pathname).toMatchObject({ path: '*', depth: 2 });
    }
  });

  it("shows the admin's own not-found screen, without the public navigation, for an unknown admin address", () => {
    for (const pathname of ['/iladmin/nothing', '/ILADMIN/nothing/', '/iladmin/dashboard/extra']) {
      expect(page(pathname), pathname).toMatchObject({ path: 'iladmin/*', depth: 1 });
    }
    // what the owner typed: the short addresses of Manage Cities and Manage Countries, like /iladmin/places
    expect(page('/iladmin/cities').path).toBe(ADMIN_SCREENS.cities);
    expect(page('/iladmin/countries').path).toBe(ADMIN_SCREENS.countries);
  });
});
