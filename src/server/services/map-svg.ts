import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  geoArea,
  geoAzimuthalEqualArea,
  geoBounds,
  geoEqualEarth,
  geoPath,
  type GeoContext,
  type GeoPermissibleObjects,
  type GeoProjection,
} from 'd3-geo';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { LRUCache } from 'lru-cache';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { escapeXml } from '../../shared/xml';

/*
 * Maps drawn on the server as inline SVG from Natural Earth boundaries (the `world-atlas` package):
 * nothing is loaded from a tile server and no map code reaches the browser. Coordinates are
 * rounded to a tenth of a pixel, points closer than `minStep` pixels to the previous one are
 * dropped and islands smaller than `minRing` pixels are left out, which keeps a country map at a
 * few kilobytes compressed.
 */

const EARTH_KM = 6371.0088;

type Bounds = [[number, number], [number, number]];

export interface AtlasCountry {
  /** ISO 3166-1 numeric code ("620"); a few disputed areas have none. */
  id: string | undefined;
  name: string;
  shape: Feature<Polygon | MultiPolygon>;
  /** [[west, south], [east, north]] in degrees; west > east when it crosses the antimeridian. */
  bounds: Bounds;
}

export interface Atlas {
  countries: AtlasCountry[];
  byId: Map<string, AtlasCountry>;
  byName: Map<string, AtlasCountry>;
}

export type AtlasResolution = '110m' | '50m';

const requireFrom = createRequire(import.meta.url);
const atlases = new Map<AtlasResolution, Atlas>();

/** The countries of one resolution, read once on first use (the raw file is not kept). */
export function atlas(resolution: AtlasResolution): Atlas {
  let loaded = atlases.get(resolution);
  if (loaded) return loaded;
  const file = requireFrom.resolve(`world-atlas/countries-${resolution}.json`);
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topology, topology.objects.countries);
  const countries: AtlasCountry[] = [];
  for (const shape of collection.features) {
    const type = shape.geometry?.type;
    if (type !== 'Polygon' && type !== 'MultiPolygon') continue;
    const polygonal = shape as Feature<Polygon | MultiPolygon>;
    const id = typeof shape.id === 'string' && /^\d{3}$/.test(shape.id) ? shape.id : undefined;
    countries.push({ id, name: shape.properties.name, shape: polygonal, bounds: geoBounds(polygonal) });
  }
  // An id used twice (Australia and its Ashmore and Cartier Islands at 50m) names the larger one.
  const byId = new Map<string, AtlasCountry>();
  for (const country of countries) {
    const other = country.id ? byId.get(country.id) : undefined;
    if (country.id && (!other || geoArea(other.shape) < geoArea(country.shape))) byId.set(country.id, country);
  }
  loaded = { countries, byId, byName: new Map(countries.map((c) => [c.name.toLowerCase(), c] as const)) };
  atlases.set(resolution, loaded);
  return loaded;
}

// ---- compact SVG path data ---------------------------------------------------------------------

/** A value in tenths of a pixel as the shortest decimal: 15 -> "1.5", -5 -> "-.5", 30 -> "3". */
function tenths(value: number): string {
  if (value % 10 === 0) return String(value / 10);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 10);
  return `${sign}${whole === 0 ? '' : whole}.${abs % 10}`;
}

/** Numbers one after another in path data: a minus sign separates by itself. */
function joinNumbers(numbers: string[]): string {
  let out = numbers[0] ?? '';
  for (let i = 1; i < numbers.length; i++) {
    const next = numbers[i]!;
    out += next.startsWith('-') ? next : ` ${next}`;
  }
  return out;
}

/**
 * A d3-geo path context that writes short SVG path data: relative moves in tenths of a pixel,
 * points closer than `minStep` px to the last one skipped, rings smaller than `minRing` px dropped.
 */
class CompactPath implements GeoContext {
  private readonly parts: string[] = [];
  private ring: number[] = [];
  private readonly minStep: number;
  private readonly minRing: number;

  constructor(minStep: number, minRing: number) {
    this.minStep = minStep * 10;
    this.minRing = minRing * 10;
  }

  moveTo(x: number, y: number): void {
    this.flush(false);
    this.ring.push(Math.round(x * 10), Math.round(y * 10));
  }

  lineTo(x: number, y: number): void {
    this.ring.push(Math.round(x * 10), Math.round(y * 10));
  }

  closePath(): void {
    this.flush(true);
  }

  beginPath(): void {}

  arc(): void {}

  result(): string {
    this.flush(false);
    return this.parts.join('');
  }

  private flush(closed: boolean): void {
    const ring = this.ring;
    this.ring = [];
    if (ring.length < 4) return;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < ring.length; i += 2) {
      minX = Math.min(minX, ring[i]!);
      maxX = Math.max(maxX, ring[i]!);
      minY = Math.min(minY, ring[i + 1]!);
      maxY = Math.max(maxY, ring[i + 1]!);
    }
    if (maxX - minX < this.minRing && maxY - minY < this.minRing) return;
    let lastX = ring[0]!;
    let lastY = ring[1]!;
    const numbers: string[] = [];
    const minStep2 = this.minStep * this.minStep;
    for (let i = 2; i < ring.length; i += 2) {
      const dx = ring[i]! - lastX;
      const dy = ring[i + 1]! - lastY;
      const isLast = i === ring.length - 2;
      if (dx === 0 && dy === 0) continue;
      // an open line keeps its end; a closed ring returns to its start anyway
      if (dx * dx + dy * dy < minStep2 && !(isLast && !closed)) continue;
      numbers.push(tenths(dx), tenths(dy));
      lastX += dx;
      lastY += dy;
    }
    if (closed && numbers.length < 4) return;
    this.parts.push(
      `M${joinNumbers([tenths(ring[0]!), tenths(ring[1]!)])}l${joinNumbers(numbers)}${closed ? 'z' : ''}`,
    );
  }
}

/** Path data of `objects` through `projection`, simplified for a map `minStep` px fine. */
export function pathData(
  projection: GeoProjection,
  objects: GeoPermissibleObjects[],
  minStep: number,
  minRing = minStep * 2,
): string {
  const context = new CompactPath(minStep, minRing);
  const path = geoPath(projection, context);
  for (const object of objects) path(object);
  return context.result();
}

// ---- projections -------------------------------------------------------------------------------

export interface View {
  projection: GeoProjection;
  width: number;
  height: number;
}

/** The whole world (without Antarctica) in Equal Earth, `width` px wide. */
export function worldView(width: number): View {
  const land = atlas('110m').countries.filter((c) => c.id !== '010');
  const projection = geoEqualEarth().fitWidth(width, {
    type: 'FeatureCollection',
    features: land.map((c) => c.shape),
  });
  const [[, top], [, bottom]] = geoPath(projection).bounds({
    type: 'FeatureCollection',
    features: land.map((c) => c.shape),
  });
  projection.translate([projection.translate()[0], projection.translate()[1] - top]);
  return { projection, width, height: Math.ceil(bottom - top) };
}

/** The centre of a [[west, south], [east, north]] box, across the antimeridian too. */
function boundsCentre([[west, south], [east, north]]: Bounds): [number, number] {
  const span = east >= west ? east - west : east + 360 - west;
  let lon = west + span / 2;
  if (lon > 180) lon -= 360;
  return [lon, (south + north) / 2];
}

/** The largest polygon of a country: its mainland, without far-away islands and territories. */
export function mainland(shape: Feature<Polygon | MultiPolygon>): Polygon {
  if (shape.geometry.type === 'Polygon') return shape.geometry;
  let best: Polygon | undefined;
  let bestArea = -1;
  for (const coordinates of shape.geometry.coordinates) {
    const polygon: Polygon = { type: 'Polygon', coordinates };
    const area = geoArea(polygon);
    if (area > bestArea) {
      best = polygon;
      bestArea = area;
    }
  }
  return best ?? { type: 'Polygon', coordinates: [] };
}

/**
 * A region around `target` (a country's mainland and points) in an azimuthal equal-area
 * projection centred on it: `width` px wide, as tall as the region needs within `aspect`
 * (height / width), never showing less than `minSpanKm` across.
 */
export function regionView(
  target: GeoPermissibleObjects,
  options: { width: number; aspect: [number, number]; padding: number; minSpanKm: number },
): View {
  const { width, padding, minSpanKm } = options;
  const centre = boundsCentre(geoBounds(target));
  const projection = geoAzimuthalEqualArea()
    .rotate([-centre[0], -centre[1]])
    .clipAngle(90)
    .fitWidth(width - 2 * padding, target);
  const [[x0, y0], [x1, y1]] = geoPath(projection).bounds(target);
  const natural = (y1 - y0 + 2 * padding) / width;
  const ratio = Number.isFinite(natural) ? natural : options.aspect[0];
  const height = Math.round(width * Math.min(Math.max(ratio, options.aspect[0]), options.aspect[1]));
  projection.fitExtent(
    [
      [padding, padding],
      [width - padding, height - padding],
    ],
    target,
  );
  // a city-state or a single point must not fill the map: at least minSpanKm across
  const maxScale = width / (minSpanKm / EARTH_KM);
  if (!Number.isFinite(projection.scale()) || projection.scale() > maxScale) {
    projection.scale(maxScale).translate([width / 2, height / 2]);
  }
  if (x1 - x0 === 0 && y1 - y0 === 0) projection.translate([width / 2, height / 2]);
  projection.clipExtent([
    [0, 0],
    [width, height],
  ]);
  return { projection, width, height };
}

/** The degrees a view shows, with a margin, or undefined when it shows a pole or the far side. */
function visibleBox(
  view: View,
): { lon0: number; west: number; east: number; south: number; north: number } | undefined {
  const { projection, width, height } = view;
  const lon0 = -projection.rotate()[0];
  const samples = 8;
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (let i = 0; i <= samples; i++) {
    for (const [x, y] of [
      [(width * i) / samples, 0],
      [(width * i) / samples, height],
      [0, (height * i) / samples],
      [width, (height * i) / samples],
    ] as const) {
      const point = projection.invert?.([x, y]);
      if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return undefined;
      const lon = ((((point[0] - lon0 + 540) % 360) + 360) % 360) - 180;
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, point[1]);
      north = Math.max(north, point[1]);
    }
  }
  const pole = (lat: number) => {
    const projected = projection([lon0, lat]);
    return projected && projected[0] >= 0 && projected[0] <= width && projected[1] >= 0 && projected[1] <= height;
  };
  if (pole(90) || pole(-90) || east - west > 300) return undefined;
  const margin = 2;
  return { lon0, west: west - margin, east: east + margin, south: south - margin, north: north + margin };
}

/** The countries of `all` a view may show (by their bounding boxes), so the rest are not projected. */
export function countriesInView(view: View, all: AtlasCountry[]): AtlasCountry[] {
  const box = visibleBox(view);
  if (!box) return all;
  return all.filter(({ bounds: [[w, s], [e, n]] }) => {
    if (n < box.south || s > box.north) return false;
    const west = ((((w - box.lon0 + 540) % 360) + 360) % 360) - 180;
    const east = ((((e - box.lon0 + 540) % 360) + 360) % 360) - 180;
    if (west > east) return true; // the country wraps around the far side of the view's centre
    return east >= box.west && west <= box.east;
  });
}

// ---- markup -------------------------------------------------------------------------------------

/** A pixel value with at most one decimal. */
export const px = (value: number): string => tenths(Math.round(value * 10));

export const COLORS = {
  sea: '#e0f2fe',
  land: '#e2e8f0',
  border: '#ffffff',
  highlight: '#99f6e4',
  marker: '#0f766e',
  pin: '#dc2626',
} as const;

export interface Marker {
  href: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** Markers as links with accessible names; those the projection cannot place are left out. */
export function markersMarkup(projection: GeoProjection, markers: Marker[], radius: number): string {
  const parts: string[] = [];
  for (const marker of markers) {
    const point = projection([marker.longitude, marker.latitude]);
    if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) continue;
    const name = escapeXml(marker.name);
    parts.push(
      `<a href="${escapeXml(marker.href)}" aria-label="${name}"><title>${name}</title>` +
        `<circle cx="${px(point[0])}" cy="${px(point[1])}" r="${radius}"/></a>`,
    );
  }
  if (parts.length === 0) return '';
  return `<g fill="${COLORS.marker}" stroke="#fff" stroke-width="2">${parts.join('')}</g>`;
}

/** A map pin whose tip is at (x, y). */
export function pinMarkup(x: number, y: number): string {
  return (
    `<path d="M${px(x)} ${px(y)}c-3-7-10-11-10-18a10 10 0 1 1 20 0c0 7-7 11-10 18z" fill="${COLORS.pin}" ` +
    `stroke="#fff" stroke-width="2"/><circle cx="${px(x)}" cy="${px(y - 18)}" r="4" fill="#fff"/>`
  );
}

/**
 * A map's drawing (outlines, no markers) as an image of its own, at an address that holds a hash of
 * it: browsers and shared caches keep it for good, for every page that shows the same drawing (a
 * locator: every place of a country), and the page holds only the markers, drawn over it in an SVG
 * of the same view (decision 048).
 */
export interface Drawing {
  view: View;
  body: string;
  hash: string;
  /** `/api/maps/drawings/{kind}/{key}/{hash}.svg` (routes/public/maps.ts). */
  address: string;
}

/**
 * The kinds of drawings served as images; a key names one of a kind: a country's ISO numeric code
 * (locator), `countries` (world), a country's slug (country map), `{z}-{x}-{y}` (a view of the map
 * of every place, decision 042), a theme's slug, `{theme}~{city or country}` for its places there,
 * or `world` (a theme's map, themes.ts).
 */
export const DRAWING_KINDS = ['locator', 'world', 'country', 'view', 'theme'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];
export const DRAWINGS = '/api/maps/drawings';

export function drawingOf(view: View, body: string, kind: DrawingKind, key: string): Drawing {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return { view, body, hash, address: `${DRAWINGS}/${kind}/${encodeURIComponent(key)}/${hash}.svg` };
}

/**
 * Drawings kept by what they were drawn from (`cacheKey`, an LRU of `max`): outlines are the costly
 * part of a map (tens of ms), the same in every language, so each is drawn once.
 */
export function drawingCache(max: number) {
  const kept = new LRUCache<string, Drawing>({ max });
  return (cacheKey: string, view: View, kind: DrawingKind, key: string, draw: () => string): Drawing => {
    let drawing = kept.get(cacheKey);
    if (drawing === undefined) {
      drawing = drawingOf(view, draw(), kind, key);
      kept.set(cacheKey, drawing);
    }
    return drawing;
  };
}

/** A drawing as a file of its own (an SVG document rather than markup inside a page). */
export const svgFile = ({ view, body }: Drawing) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${view.width} ${view.height}">${body}</svg>`;

/** SVG markup inside a page, the size of `view`. */
export const svgMarkup = (view: View, body: string, attributes = '') =>
  `<svg viewBox="0 0 ${view.width} ${view.height}" focusable="false"${attributes}>${body}</svg>`;

/** A map's markup: its drawing as an image (loaded when the map nears the screen), `overlay` over it. */
export const overDrawing = (drawing: Drawing, overlay: string, attributes = '') =>
  `<img src="${drawing.address}" alt="" width="${drawing.view.width}" height="${drawing.view.height}" loading="lazy" decoding="async" class="map-base">` +
  svgMarkup(drawing.view, overlay, attributes);
