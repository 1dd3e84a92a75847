import { geoBounds, type GeoPermissibleObjects } from 'd3-geo';
import type { MapDto } from '../../shared/api/maps';
import {
  atlas,
  COLORS,
  countriesInView,
  drawingCache,
  drawingOf,
  markersMarkup,
  overDrawing,
  pathData,
  regionView,
  worldView,
  type Drawing,
  type Marker,
  type View,
} from './map-svg';

/*
 * A theme's map (docs/product.md §22): a marker per place, each a link to its page, drawn offline
 * like the country and world maps (services/maps.ts): the region around the places, or the whole
 * world when they are spread over more than a quarter of it.
 */

const REGION = { width: 640, aspect: [0.5, 1] as [number, number], padding: 24, minSpanKm: 80 };
const WORLD_WIDTH = 960;
const MARKER = 6;
const MIN_STEP = 0.8;

function land(view: View, resolution: '50m' | '110m'): string {
  const shapes = countriesInView(view, atlas(resolution).countries).map((c) => c.shape);
  const d = pathData(view.projection, shapes, MIN_STEP);
  const background = `<rect width="${view.width}" height="${view.height}" fill="${COLORS.sea}"/>`;
  const fill = d ? `<path d="${d}" fill="${COLORS.land}" stroke="${COLORS.border}" stroke-width=".6"/>` : '';
  return `<g aria-hidden="true">${background}${fill}</g>`;
}

/** The key of the world's drawing, shared by every theme whose places span the world. */
export const THEME_WORLD_KEY = 'world';

let world: Drawing | undefined;
/** Regions drawn for themes' maps, whatever the language. */
const regions = drawingCache(64);

/** The world's land, for every theme whose places span the world. */
export function themeWorldDrawing(): Drawing {
  world ??= (() => {
    const view = worldView(WORLD_WIDTH);
    return drawingOf(view, land(view, '110m'), 'theme', THEME_WORLD_KEY);
  })();
  return world;
}

/**
 * The map of these markers (none: nothing to draw). Its land is an image of its own (decision 048),
 * named `key` (themes.ts drawingKey: the theme, and the city or country it is narrowed to), whose
 * address holds the drawing's hash; the markers are links in an SVG of the same size over it.
 * Answers the drawing too, for the image's own address.
 */
export function themeMapOf(markers: Marker[], key: string): MapDto & { drawing?: Drawing } {
  if (markers.length === 0) return { svg: null };
  const points: GeoPermissibleObjects = {
    type: 'MultiPoint',
    coordinates: markers.map((m) => [m.longitude, m.latitude]),
  };
  const [[west, south], [east, north]] = geoBounds(points);
  const lonSpan = east >= west ? east - west : east + 360 - west;
  const wide = lonSpan > 90 || north - south > 60;
  const region = wide ? undefined : regionView(points, REGION);
  // drawn once for the page's map and the image's own address alike (the same places, the same region)
  const where = markers.map((m) => `${m.latitude.toFixed(4)},${m.longitude.toFixed(4)}`).join(' ');
  const drawing = region
    ? regions(`${key} ${where}`, region, 'theme', key, () => land(region, '50m'))
    : themeWorldDrawing();
  return { svg: overDrawing(drawing, markersMarkup(drawing.view.projection, markers, MARKER)), drawing };
}
