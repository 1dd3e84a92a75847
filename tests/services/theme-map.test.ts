import { describe, expect, it } from 'vitest';
import type { Marker } from '../../src/server/services/map-svg';
import { svgFile } from '../../src/server/services/map-svg';
import { themeMapOf as drawnFor } from '../../src/server/services/theme-map';

/** The map of a theme's markers, its drawing named `lisbon` (themes.ts drawingKey). */
const themeMapOf = (markers: Marker[]) => drawnFor(markers, 'lisbon');

/**
 * A theme's map (docs/product.md §22) as theme-map.ts draws it from its markers: the region around
 * the places, or the whole world when they are spread over more than a quarter of it; a marker per
 * place, each a link to its page, named for screen readers.
 */

const marker = (name: string, latitude: number, longitude: number): Marker => ({
  href: `/en/${name.toLowerCase().replace(/\W+/g, '-')}`,
  name,
  latitude,
  longitude,
});

/**
 * What a visitor gets of the map: its size, and each marker's link, name and position, in an SVG
 * over the drawing's image of the same size.
 */
function read(svg: string) {
  const [, width, height] = /^<img src="[^"]+" alt="" width="(\d+)" height="(\d+)" [^>]*class="map-base">/.exec(svg)!;
  expect(svg).toContain(`<svg viewBox="0 0 ${width} ${height}" focusable="false">`);
  const links = [
    ...svg.matchAll(
      /<a href="([^"]*)" aria-label="([^"]*)"><title>([^<]*)<\/title><circle cx="([-\d.]+)" cy="([-\d.]+)"/g,
    ),
  ].map(([, href, label, title, cx, cy]) => ({ href, label, title, x: Number(cx), y: Number(cy) }));
  return { width: Number(width), height: Number(height), links };
}

const inside = (map: ReturnType<typeof read>) =>
  map.links.every((link) => link.x >= 0 && link.x <= map.width && link.y >= 0 && link.y <= map.height);

describe('a theme’s map', () => {
  it('is no map at all when no place of the theme has a position', () => {
    expect(themeMapOf([])).toEqual({ svg: null });
  });

  it('draws the region around places near each other, every place a link to its page on the map', () => {
    const markers = [
      marker('Belém Tower', 38.6916, -9.216),
      marker('Pena Palace', 38.7876, -9.3905),
      marker('Porto Cathedral', 41.1429, -8.6112),
    ];
    const { svg } = themeMapOf(markers);
    const map = read(svg!);
    expect(map.width).toBe(640);
    expect(map.height).toBeGreaterThanOrEqual(320);
    expect(map.height).toBeLessThanOrEqual(640);
    expect(map.links.map((link) => [link.href, link.label, link.title])).toEqual(
      markers.map((m) => [m.href, m.name, m.name]),
    );
    expect(inside(map)).toBe(true);
    // Porto is north of Lisbon: higher on the map
    expect(map.links[2]!.y).toBeLessThan(map.links[0]!.y);
    // sea and land are an image of their own, named for the theme, with nothing but shapes in it
    const { drawing } = themeMapOf(markers);
    expect(svg).toContain(`<img src="/api/maps/drawings/theme/lisbon/${drawing!.hash}.svg"`);
    expect(svgFile(drawing!)).toMatch(/<g aria-hidden="true"><rect [^>]*\/><path d="M/);
    expect(svgFile(drawing!)).not.toMatch(/<(image|script|text|foreignObject|a)\b/);
    // the markers are over it, not in it
    expect(svg!.slice(svg!.indexOf('<svg'))).not.toContain('<path d="M');
  });

  it('draws a lone place in a region around it, not a single point filling the map', () => {
    const map = read(themeMapOf([marker('Belém Tower', 38.6916, -9.216)]).svg!);
    expect(map.width).toBe(640);
    expect(map.links).toHaveLength(1);
    expect(map.links[0]!.x).toBeCloseTo(320, 0);
    expect(map.links[0]!.y).toBeCloseTo(map.height / 2, 0);
  });

  it('draws the whole world when the places are spread over more than a quarter of it', () => {
    const wide = [marker('Belém Tower', 38.6916, -9.216), marker('Senso-ji', 35.7148, 139.7967)];
    const map = read(themeMapOf(wide).svg!);
    expect(map.width).toBe(960);
    expect(map.links.map((link) => link.title)).toEqual(['Belém Tower', 'Senso-ji']);
    expect(inside(map)).toBe(true);
    expect(map.links[0]!.x).toBeLessThan(map.links[1]!.x);
    // far north to far south is the world's too
    const tall = read(themeMapOf([marker('North Cape', 71.17, 25.78), marker('Cape Town', -33.92, 18.42)]).svg!);
    expect(tall.width).toBe(960);
    // the world's land is one drawing for every theme that spans it
    const address = themeMapOf(wide).drawing!.address;
    expect(address).toMatch(/^\/api\/maps\/drawings\/theme\/world\/[\w-]+\.svg$/);
    expect(drawnFor([...wide].reverse(), 'castles').drawing!.address).toBe(address);
  });

  it('keeps places on both sides of the date line in one region', () => {
    const map = read(themeMapOf([marker('Suva', -18.14, 178.44), marker('Apia', -13.83, -171.76)]).svg!);
    expect(map.width).toBe(640);
    expect(inside(map)).toBe(true);
    // Apia is east of Suva across the date line: to its right, not at the far side
    expect(map.links[1]!.x).toBeGreaterThan(map.links[0]!.x);
  });

  it('writes a place’s name as text, never as markup', () => {
    const { svg } = themeMapOf([marker('Tom & Jerry’s "<b>" Café', 48.85, 2.35)]);
    expect(svg).not.toContain('<b>');
    expect(read(svg!).links[0]!.title).toBe('Tom &amp; Jerry’s &quot;&lt;b&gt;&quot; Café');
  });
});
