import { cellsAt, MAP_MAX_ZOOM, type MapView } from '../../shared/map-view';

/*
 * The grid of the map of every place (docs/decisions/042-map-of-every-place.md): positions in
 * Web Mercator units (u, v from 0 to 1: west to east, north to south), the groups of one zoom step
 * (places in one cell of a finer grid), the window a view shows, and the view that opens a group.
 */

const MAX_LATITUDE = 85.05112878;

/** A position in Web Mercator units: u from 0 (180° W) to 1, v from 0 (85° N) to 1 (85° S). */
export function toUnits(latitude: number, longitude: number): { u: number; v: number } {
  const lat = (Math.min(Math.max(latitude, -MAX_LATITUDE), MAX_LATITUDE) * Math.PI) / 180;
  const u = ((((longitude + 180) / 360) % 1) + 1) % 1;
  const v = (1 - Math.log(Math.tan(Math.PI / 4 + lat / 2)) / Math.PI) / 2;
  return { u, v: Math.min(Math.max(v, 0), 1) };
}

export function fromUnits(u: number, v: number): { latitude: number; longitude: number } {
  return {
    latitude: (Math.atan(Math.sinh(Math.PI * (1 - 2 * v))) * 180) / Math.PI,
    longitude: u * 360 - 180,
  };
}

/**
 * The grid a step's groups come from: 16 cells across the world at step 0 (the whole world, 960
 * px wide: a cell is 60 px) and 8 cells per view cell above (a view is 16 cells, 60 px, across).
 */
export const groupLevel = (z: number): number => (z === 0 ? 4 : z + 3);

export interface MapPoint {
  u: number;
  v: number;
}

/** Places in one cell of a step's grid. `members` index the points, in their order. */
export interface Cluster {
  key: string;
  members: number[];
  /** Mean position (where the marker is drawn). */
  u: number;
  v: number;
  minU: number;
  maxU: number;
  minV: number;
  maxV: number;
}

/** The groups of one grid level: every point in exactly one, by "column/row". */
export function clusterPoints(points: readonly MapPoint[], level: number): Map<string, Cluster> {
  const n = cellsAt(level);
  const cells = new Map<string, Cluster>();
  points.forEach((point, index) => {
    const key = `${Math.min(Math.floor(point.u * n), n - 1)}/${Math.min(Math.floor(point.v * n), n - 1)}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { key, members: [], u: 0, v: 0, minU: point.u, maxU: point.u, minV: point.v, maxV: point.v };
      cells.set(key, cell);
    }
    cell.members.push(index);
    // running sums, made means below
    cell.u += point.u;
    cell.v += point.v;
    cell.minU = Math.min(cell.minU, point.u);
    cell.maxU = Math.max(cell.maxU, point.u);
    cell.minV = Math.min(cell.minV, point.v);
    cell.maxV = Math.max(cell.maxV, point.v);
  });
  for (const cell of cells.values()) {
    cell.u /= cell.members.length;
    cell.v /= cell.members.length;
  }
  return cells;
}

/** What a view at step z >= 1 shows: its centre and half its width and height, in units. */
export function viewWindow(view: MapView): { u: number; v: number; halfU: number; halfV: number } {
  const s = 1 / cellsAt(view.z);
  return { u: view.x * s, v: view.y * s, halfU: s, halfV: (2 * s) / 3 };
}

/** u - centre, the shorter way round the world. */
export const wrapped = (u: number, centre: number): number => ((((u - centre + 0.5) % 1) + 1) % 1) - 0.5;

/** The groups of `clusters` (a level of step z >= 1) whose marker lies in the view. */
export function clustersInView(clusters: Map<string, Cluster>, view: MapView): Cluster[] {
  const level = groupLevel(view.z);
  const n = cellsAt(level);
  const w = viewWindow(view);
  const found: Cluster[] = [];
  const firstColumn = Math.floor((w.u - w.halfU) * n);
  const lastColumn = Math.ceil((w.u + w.halfU) * n);
  const firstRow = Math.max(Math.floor((w.v - w.halfV) * n), 0);
  const lastRow = Math.min(Math.ceil((w.v + w.halfV) * n), n - 1);
  const seen = new Set<string>();
  for (let column = firstColumn; column <= lastColumn; column++) {
    const c = ((column % n) + n) % n;
    for (let row = firstRow; row <= lastRow; row++) {
      const key = `${c}/${row}`;
      const cluster = seen.has(key) ? undefined : clusters.get(key);
      seen.add(key);
      if (!cluster) continue;
      if (Math.abs(wrapped(cluster.u, w.u)) <= w.halfU && Math.abs(cluster.v - w.v) <= w.halfV) found.push(cluster);
    }
  }
  return found;
}

/** Of a view, the share of its half-width or half-height a group's places may take when it opens. */
const FIT = 0.9;

/**
 * The view that opens a group: the closest step (after z) whose view, centred on the corner
 * nearest the group's places, shows them all; null when z is the closest step already.
 */
export function openingView(cluster: Cluster, z: number): MapView | null {
  if (z >= MAP_MAX_ZOOM) return null;
  const centreU = (cluster.minU + cluster.maxU) / 2;
  const centreV = (cluster.minV + cluster.maxV) / 2;
  for (let step = MAP_MAX_ZOOM; step > z; step--) {
    const n = cellsAt(step);
    const x = Math.round(centreU * n);
    const y = Math.min(Math.max(Math.round(centreV * n), 1), n - 1);
    const w = viewWindow({ z: step, x, y });
    const fits =
      cluster.minU >= w.u - FIT * w.halfU &&
      cluster.maxU <= w.u + FIT * w.halfU &&
      cluster.minV >= w.v - FIT * w.halfV &&
      cluster.maxV <= w.v + FIT * w.halfV;
    if (fits || step === z + 1) return { z: step, x: x % n, y };
  }
  return null;
}
