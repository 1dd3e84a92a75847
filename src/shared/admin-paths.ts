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

/** Does this request URL show an admin screen? (see adminScreenAt) */
export const isAdminScreenPath = (url: string): boolean => adminScreenAt(url) !== undefined;
