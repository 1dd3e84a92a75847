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

const SCREEN_PATHS = new Set<string>(Object.values(ADMIN_SCREENS));

/**
 * Does this request URL (path, maybe a query) show an admin screen? Matches as the client's router
 * does: ignoring trailing slashes, letter case and percent-encoding.
 */
export function isAdminScreenPath(url: string): boolean {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    return false;
  }
  return SCREEN_PATHS.has(path.replace(/\/+$/, '').toLowerCase());
}
