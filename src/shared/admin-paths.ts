/**
 * Every admin screen's address: the client's routes (src/client/routes.tsx) are built from this
 * table and the server (src/server/routes/pages.ts) answers 404 for any other /iladmin path, so the
 * two never disagree.
 */
export const ADMIN_SCREENS = {
  home: '/iladmin',
  login: '/iladmin/login',
  dashboard: '/iladmin/dashboard',
  upload: '/iladmin/upload',
  editPlaces: '/iladmin/edit-places',
  // Both addresses show Edit Places (docs/product.md §2.1).
  places: '/iladmin/places',
  editCities: '/iladmin/edit-cities',
  editCountries: '/iladmin/edit-countries',
  // Like /iladmin/places, the short addresses an owner types show the screens too.
  cities: '/iladmin/cities',
  countries: '/iladmin/countries',
  // Deleted places, cities, countries and gallery photos, restorable for 30 days.
  trash: '/iladmin/trash',
} as const;

export type AdminScreen = keyof typeof ADMIN_SCREENS;

const SCREEN_BY_PATH = new Map<string, AdminScreen>(
  (Object.keys(ADMIN_SCREENS) as AdminScreen[]).map((screen) => [ADMIN_SCREENS[screen], screen]),
);

/**
 * The admin screen a request URL (path, maybe a query) shows, if any: trailing slashes, letter case
 * and percent-encoding do not matter. The client's router (src/client/routes.tsx) and the server's
 * status code both ask this, so they never disagree.
 */
export function adminScreenAt(url: string): AdminScreen | undefined {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  return SCREEN_BY_PATH.get(path.replace(/\/+$/, '').toLowerCase());
}

/**
 * Is this path under the admin's screens (/iladmin, any letter case)? An unknown one there shows the
 * admin's not-found screen, not the public one (the server answers 404 either way).
 */
export const isUnderAdminScreens = (pathname: string): boolean => /^\/iladmin(\/|$)/i.test(pathname);

/** Does this request URL show an admin screen? (see adminScreenAt) */
export const isAdminScreenPath = (url: string): boolean => adminScreenAt(url) !== undefined;

/**
 * Whether a request URL (path, maybe a query) is under the admin, its screens (/iladmin) or its API
 * (/api/admin), however it is spelled: percent-escapes decoded (as the router decodes them, and
 * again for escapes of escapes), letter case, backslashes, repeated slashes and dot segments
 * ignored. Such answers are never stored by any cache: the server marks them `private, no-store`
 * (server/cache/response-cache.ts) and the service worker (public/sw.js, which repeats this rule)
 * and Varnish (deploy/varnish/travel-places.vcl) pass them by. Wider than the router on purpose.
 */
export function isAdminAddress(url: string): boolean {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  // Every spelling on the way counts: as sent, each decoding, with and without its dot segments
  // resolved (`/api/admin/x/..%2F..%2Fy` is an admin route's parameter to the router).
  const spellings = [path];
  for (let round = 0; round < 4 && path.includes('%'); round++) {
    const decoded = path.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    spellings.push((path = decoded));
  }
  return spellings.some((spelling) => {
    const parts = spelling
      .replace(/\\/g, '/')
      .split('/')
      .filter((part) => part !== '' && part !== '.');
    const resolved: string[] = [];
    for (const part of parts) {
      if (part === '..') resolved.pop();
      else resolved.push(part);
    }
    return [parts, resolved].some((segments) => /^(api\/admin|iladmin)/i.test(segments.join('/')));
  });
}
