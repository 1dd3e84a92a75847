import { geoBounds, type GeoPermissibleObjects } from 'd3-geo';
import type { MapDto } from '../../shared/api/maps';
import {
  atlas,
  COLORS,
  countriesInView,
  markersMarkup,
  pathData,
  regionView,
  worldView,
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

const svg = (view: View, body: string) =>
  `<svg viewBox="0 0 ${view.width} ${view.height}" focusable="false">${body}</svg>`;

function land(view: View, resolution: '50m' | '110m'): string {
  const shapes = countriesInView(view, atlas(resolution).countries).map((c) => c.shape);
  const d = pathData(view.projection, shapes, MIN_STEP);
  const background = `<rect width="${view.width}" height="${view.height}" fill="${COLORS.sea}"/>`;
  const fill = d ? `<path d="${d}" fill="${COLORS.land}" stroke="${COLORS.border}" stroke-width=".6"/>` : '';
  return `<g aria-hidden="true">${background}${fill}</g>`;
}

let world: { view: View; body: string } | undefined;

/** The map of these markers (none: nothing to draw). */
export function themeMapOf(markers: Marker[]): MapDto {
  if (markers.length === 0) return { svg: null };
  const points: GeoPermissibleObjects = {
    type: 'MultiPoint',
    coordinates: markers.map((m) => [m.longitude, m.latitude]),
  };
  const [[west, south], [east, north]] = geoBounds(points);
  const lonSpan = east >= west ? east - west : east + 360 - west;
  if (lonSpan > 90 || north - south > 60) {
    world ??= (() => {
      const view = worldView(WORLD_WIDTH);
      return { view, body: land(view, '110m') };
    })();
    return { svg: svg(world.view, world.body + markersMarkup(world.view.projection, markers, MARKER)) };
  }
  const view = regionView(points, REGION);
  return { svg: svg(view, land(view, '50m') + markersMarkup(view.projection, markers, MARKER)) };
}
