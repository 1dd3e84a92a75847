/*
 * The views of the map of every place (/{lang}/map?z=&x=&y=), shared by its page, its API and the
 * server that draws it (docs/decisions/042-map-of-every-place.md). Step 0 is the whole world. At
 * step z >= 1 the world's Web Mercator square is cut into 2^z x 2^z cells and a view is centred
 * on the corner (x, y) of four cells: two cells wide and 4/3 of a cell high. Moving goes one cell
 * (half the view) at a time; zooming in keeps the centre (corner (x, y) is corner (2x, 2y) one
 * step closer). The set of views is finite, so every one is an address a cache can keep.
 */

/** The closest step: a view about 7 km across at 40° N (a cell of the groups' grid about 500 m). */
export const MAP_MAX_ZOOM = 13;

export interface MapView {
  z: number;
  x: number;
  y: number;
}

export const WORLD_VIEW: MapView = Object.freeze({ z: 0, x: 0, y: 0 });

/** Cells across the world at step z. */
export const cellsAt = (z: number): number => 2 ** z;

/** Whether (z, x, y) names a view: whole numbers, x a corner across, y a corner not at a pole. */
export function isMapView({ z, x, y }: MapView): boolean {
  if (![z, x, y].every(Number.isSafeInteger) || z < 0 || z > MAP_MAX_ZOOM) return false;
  if (z === 0) return x === 0 && y === 0;
  const n = cellsAt(z);
  return x >= 0 && x < n && y >= 1 && y <= n - 1;
}

const NUMBER = /^(0|[1-9][0-9]{0,4})$/;

/**
 * The view an address's `z`, `x` and `y` name: none of them is the whole world; anything else must
 * be a view exactly (no other spelling), or the answer is undefined.
 */
export function parseMapView(params: {
  z?: string | null | undefined;
  x?: string | null | undefined;
  y?: string | null | undefined;
}): MapView | undefined {
  const { z, x, y } = params;
  if (z == null && x == null && y == null) return WORLD_VIEW;
  if (z == null || x == null || y == null || !NUMBER.test(z) || !NUMBER.test(x) || !NUMBER.test(y)) return undefined;
  const view = { z: Number(z), x: Number(x), y: Number(y) };
  return isMapView(view) ? view : undefined;
}

/** The query string of a view's address (and of its theme, when one is chosen): none for the whole world. */
export function mapViewSearch(view: MapView, theme?: string | null): string {
  const params = [
    ...(view.z === 0 ? [] : [`z=${view.z}`, `x=${view.x}`, `y=${view.y}`]),
    ...(theme ? [`theme=${encodeURIComponent(theme)}`] : []),
  ];
  return params.length ? `?${params.join('&')}` : '';
}

/** The view one step closer around the same centre, or null at the closest step. */
export function zoomedIn(view: MapView): MapView | null {
  if (view.z >= MAP_MAX_ZOOM) return null;
  if (view.z === 0) return { z: 1, x: 1, y: 1 };
  return { z: view.z + 1, x: view.x * 2, y: view.y * 2 };
}

/** The view one step farther around about the same centre, or null for the whole world. */
export function zoomedOut(view: MapView): MapView | null {
  if (view.z === 0) return null;
  if (view.z === 1) return WORLD_VIEW;
  const z = view.z - 1;
  const n = cellsAt(z);
  return { z, x: Math.round(view.x / 2) % n, y: Math.min(Math.max(Math.round(view.y / 2), 1), n - 1) };
}

export type MapDirection = 'north' | 'west' | 'east' | 'south';
export const MAP_DIRECTIONS: readonly MapDirection[] = ['north', 'west', 'east', 'south'];

/** The view half a view further in a direction (round the world east and west), or null at a pole. */
export function moved(view: MapView, direction: MapDirection): MapView | null {
  if (view.z === 0) return null;
  const n = cellsAt(view.z);
  switch (direction) {
    case 'west':
      return { ...view, x: (view.x + n - 1) % n };
    case 'east':
      return { ...view, x: (view.x + 1) % n };
    case 'north':
      return view.y > 1 ? { ...view, y: view.y - 1 } : null;
    case 'south':
      return view.y < n - 1 ? { ...view, y: view.y + 1 } : null;
  }
}

/** A view's centre in degrees (Web Mercator corner (x, y) at step z; the world's centre at step 0). */
export function viewCentre(view: MapView): { latitude: number; longitude: number } {
  if (view.z === 0) return { latitude: 20, longitude: 0 };
  const s = 1 / cellsAt(view.z);
  return {
    latitude: (Math.atan(Math.sinh(Math.PI * (1 - 2 * view.y * s))) * 180) / Math.PI,
    longitude: view.x * s * 360 - 180,
  };
}

/**
 * The view nearest what a slippy map shows (MapLibre's zoom, with 512 px tiles, `widthPx` wide,
 * centred at latitude, longitude): the step whose view is about as wide, at the nearest corner.
 */
export function viewNear(zoom: number, widthPx: number, latitude: number, longitude: number): MapView {
  const z = Math.min(Math.max(Math.round(zoom - Math.log2(Math.max(widthPx, 1) / 1024)), 0), MAP_MAX_ZOOM);
  if (z === 0) return WORLD_VIEW;
  const n = cellsAt(z);
  const lat = (Math.min(Math.max(latitude, -85), 85) * Math.PI) / 180;
  const u = ((((longitude + 180) / 360) % 1) + 1) % 1;
  const v = (1 - Math.log(Math.tan(Math.PI / 4 + lat / 2)) / Math.PI) / 2;
  return { z, x: Math.round(u * n) % n, y: Math.min(Math.max(Math.round(v * n), 1), n - 1) };
}

/** MapLibre's zoom that shows a view `widthPx` wide. */
export const zoomFor = (view: MapView, widthPx: number): number =>
  view.z === 0 ? Math.log2(Math.max(widthPx, 1) / 512) : view.z + Math.log2(Math.max(widthPx, 1) / 1024);
