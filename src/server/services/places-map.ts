import { geoMercator } from 'd3-geo';
import { LRUCache } from 'lru-cache';
import type { MapGroupDto, PlacesMapDto } from '../../shared/api/maps';
import type { LanguageCode } from '../../shared/languages';
import { cellsAt, isMapView, MAP_MAX_ZOOM, parseMapView, type MapView } from '../../shared/map-view';
import type { DbOrTx } from '../db/client';
import { readContentPosition } from '../db/repos/content-version-repo';
import { listMapPoints, mapPlaceTexts, type MapPointFilter, type MapPointRow } from '../db/repos/places-map-repo';
import { BadRequestError } from '../errors';
import {
  clusterPoints,
  clustersInView,
  fromUnits,
  groupLevel,
  openingView,
  toUnits,
  type Cluster,
  type MapPoint,
} from './map-grid';
import { atlas, COLORS, countriesInView, drawingCache, pathData, worldView, type Drawing, type View } from './map-svg';

/*
 * The map of every place (/{lang}/map, docs/decisions/042-map-of-every-place.md): every published
 * place, grouped on the server per zoom step. What a view needs is kept until the content changes
 * (the places and their groups per step, read and made once per content version, never per
 * request); a view then reads only the texts of the markers it draws. The land of a view is the
 * same in every language and for every content: drawn once per view.
 */

const WIDTH = 960;
/** Views above step 0 are 3:2 (shared/map-view.ts: two cells wide, 4/3 of a cell high). */
const HEIGHT = 640;
/** A group lists at most this many of its places (at the closest step), a view at most MAP_LISTED_MAX. */
export const MAP_GROUP_LISTED_MAX = 40;
export const MAP_LISTED_MAX = 400;

interface MapIndex {
  points: Array<MapPointRow & MapPoint>;
  /** Groups per grid level, made on first use. */
  levels: Map<number, Map<string, Cluster>>;
}

/** The whole world (step 0) in Equal Earth, as on the countries page; closer steps in Web Mercator. */
function viewProjection(view: MapView): View {
  if (view.z === 0) return worldView(WIDTH);
  const s = 1 / cellsAt(view.z);
  const centre = fromUnits(view.x * s, view.y * s);
  const projection = geoMercator()
    .rotate([-centre.longitude, 0])
    .center([0, centre.latitude])
    .scale(WIDTH / (2 * s) / (2 * Math.PI))
    .translate([WIDTH / 2, HEIGHT / 2])
    .clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ]);
  return { projection, width: WIDTH, height: HEIGHT };
}

/** Sea and land of a view: coarse outlines far out, finer ones from step 3. */
function drawLand(view: MapView, shown: View): string {
  const resolution = view.z < 3 ? '110m' : '50m';
  const countries = atlas(resolution).countries.filter((c) => view.z > 0 || c.id !== '010');
  const inView = view.z === 0 ? countries : countriesInView(shown, countries);
  const d = pathData(
    shown.projection,
    inView.map((c) => c.shape),
    0.8,
  );
  return (
    `<rect width="${shown.width}" height="${shown.height}" fill="${COLORS.sea}"/>` +
    (d ? `<path d="${d}" fill="${COLORS.land}" stroke="${COLORS.border}" stroke-width=".6"/>` : '')
  );
}

/** The English city most of a group's places are in, and one of those places (to read its name in a language). */
function mainCity(index: MapIndex, cluster: Cluster): { location: string; placeId: string } {
  const counts = new Map<string, { count: number; placeId: string }>();
  let best: { location: string; count: number; placeId: string } | undefined;
  for (const member of cluster.members) {
    const point = index.points[member]!;
    const entry = counts.get(point.location) ?? { count: 0, placeId: point.id };
    entry.count++;
    counts.set(point.location, entry);
    if (!best || entry.count > best.count) best = { location: point.location, ...entry };
  }
  return { location: best!.location, placeId: best!.placeId };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

export function createPlacesMap({ db }: { db: DbOrTx }) {
  // One index per content version and filter (the whole map, a theme's); the newest few are kept.
  const indexes = new LRUCache<string, Promise<MapIndex>>({ max: 8 });
  const lands = drawingCache(128);

  /** A view's land: the same for every filter and language, an image of its own (decision 048). */
  function landOf(view: MapView, shown: View): Drawing {
    const key = `${view.z}-${view.x}-${view.y}`;
    return lands(key, shown, 'view', key, () => drawLand(view, shown));
  }

  /** The land of the view `{z}-{x}-{y}` (see maps.ts drawingFile); undefined for no such view. */
  function landDrawing(key: string): Drawing | undefined {
    const parts = key.split('-');
    const view = parts.length === 3 ? parseMapView({ z: parts[0], x: parts[1], y: parts[2] }) : undefined;
    return view && landOf(view, viewProjection(view));
  }

  async function indexOf(filter: MapPointFilter | undefined): Promise<MapIndex> {
    // the version first: an index read after a later write is newer than its key, never older
    const { version } = await readContentPosition(db);
    const key = `${version} ${filter?.key ?? ''}`;
    let index = indexes.get(key);
    if (!index) {
      index = listMapPoints(db, filter).then((rows) => ({
        points: rows.map((row) => ({ ...row, ...toUnits(row.latitude, row.longitude) })),
        levels: new Map(),
      }));
      indexes.set(key, index);
      index.catch(() => indexes.delete(key));
    }
    return index;
  }

  function clustersAt(index: MapIndex, level: number): Map<string, Cluster> {
    let clusters = index.levels.get(level);
    if (!clusters) {
      clusters = clusterPoints(index.points, level);
      index.levels.set(level, clusters);
    }
    return clusters;
  }

  /**
   * One view of the map in `lang`: its land, and a marker per place or group of places in it.
   * `filter`: only some places (a theme's map); every published place without it.
   */
  async function placesMap(
    lang: LanguageCode,
    view: MapView,
    filter?: MapPointFilter,
    theme?: string,
  ): Promise<PlacesMapDto> {
    if (!isMapView(view)) {
      throw new BadRequestError(`No such view of the map: z from 0 to ${MAP_MAX_ZOOM}.`, 'validation_failed');
    }
    const index = await indexOf(filter);
    const shown = viewProjection(view);
    const land = landOf(view, shown);
    const clusters = clustersAt(index, groupLevel(view.z));
    const candidates = view.z === 0 ? [...clusters.values()] : clustersInView(clusters, view);
    const drawn: Array<{ cluster: Cluster; x: number; y: number }> = [];
    for (const cluster of candidates) {
      const at = fromUnits(cluster.u, cluster.v);
      const point = shown.projection([at.longitude, at.latitude]);
      if (!point || !(point[0] >= 0 && point[0] <= shown.width && point[1] >= 0 && point[1] <= shown.height)) continue;
      drawn.push({ cluster, x: point[0], y: point[1] });
    }
    // west to east, then north to south: the list under the map reads in the map's order
    drawn.sort((a, b) => a.x - b.x || a.y - b.y);

    // the texts to read: each place drawn alone, one place of each group (its city's name) and
    // the places listed at the closest step
    const closest = view.z >= MAP_MAX_ZOOM;
    let listedBudget = MAP_LISTED_MAX;
    const wanted = new Set<string>();
    const plan = drawn.map(({ cluster, x, y }) => {
      const members = cluster.members.map((m) => index.points[m]!);
      const single = members.length === 1 ? members[0]! : undefined;
      const city = single ? undefined : mainCity(index, cluster);
      const listed =
        closest && !single ? members.slice(0, Math.min(MAP_GROUP_LISTED_MAX, Math.max(listedBudget, 0))) : [];
      listedBudget -= listed.length;
      if (single) wanted.add(single.id);
      if (city) wanted.add(city.placeId);
      for (const place of listed) wanted.add(place.id);
      return { cluster, x, y, members, single, city, listed };
    });
    const texts = new Map((await mapPlaceTexts(db, [...wanted], lang)).map((row) => [row.id, row]));

    const groups: MapGroupDto[] = plan.map(({ cluster, x, y, members, single, city, listed }) => {
      const at = fromUnits(cluster.u, cluster.v);
      return {
        key: cluster.key.replace('/', '-'),
        count: members.length,
        x: round1(x),
        y: round1(y),
        latitude: round5(at.latitude),
        longitude: round5(at.longitude),
        name: single
          ? (texts.get(single.id)?.title ?? single.slug)
          : (texts.get(city!.placeId)?.location ?? city!.location),
        slug: single ? single.slug : null,
        target: single ? null : openingView(cluster, view.z),
        places: listed.map((place) => ({ slug: place.slug, title: texts.get(place.id)?.title ?? place.slug })),
      };
    });
    return {
      view: { z: view.z, x: view.x, y: view.y },
      width: shown.width,
      height: shown.height,
      drawing: land.address,
      theme: theme ?? null,
      total: index.points.length,
      inView: groups.reduce((sum, group) => sum + group.count, 0),
      groups,
    };
  }

  return { placesMap, landDrawing };
}
