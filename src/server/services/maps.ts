import { iso1N3Code } from '@rapideditor/country-coder';
import type { GeoPermissibleObjects } from 'd3-geo';
import type { Geometry } from 'geojson';
import type { MapDto } from '../../shared/api/maps';
import type { MapView } from '../../shared/map-view';
import { toLanguageCode, type LanguageCode } from '../../shared/languages';
import { SLUG_MAX_LENGTH } from '../../shared/limits';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { countryPage } from '../db/repos/areas-repo';
import * as mapsRepo from '../db/repos/maps-repo';
import { themeMapFilter } from '../db/repos/themes-repo';
import { themeBySlug } from '@/shared/themes';
import { findSpot } from '../db/repos/nearby-repo';
import { BadRequestError, NotFoundError } from '../errors';
import { countryCodeOf, localCountryName } from '../geo/country-names';
import {
  atlas,
  COLORS,
  drawingCache,
  drawingOf,
  overDrawing,
  svgFile,
  svgMarkup,
  type Drawing,
  type DrawingKind,
  countriesInView,
  mainland,
  markersMarkup,
  pathData,
  pinMarkup,
  regionView,
  worldView,
  type AtlasCountry,
  type Marker,
  type View,
} from './map-svg';
import { createPlacesMap } from './places-map';

/*
 * The site's maps: the world with a marker per country that has places (countries page), a
 * country with its neighbours faint and a marker per city (country page), and a small locator
 * with a pin (place page). Each is SVG markup in a MapDto, drawn from the world-atlas outlines on
 * the server; the browser only shows it.
 */

const WORLD = { width: 960, minStep: 0.6, marker: 6 };
const COUNTRY = { width: 640, aspect: [0.5, 1] as [number, number], padding: 24, minStep: 0.8, marker: 7 };
const LOCATOR = { width: 320, aspect: [0.75, 0.75] as [number, number], padding: 16, minStep: 1.4 };
/** Not closer than this across: a city-state or a lone city still shows its surroundings. */
const MIN_SPAN_KM = 80;
/** A place outside every outline (at sea, a disputed area) is shown in this much of its region. */
const REGION_SPAN_KM = 900;

/** Where an area's places are, from the mean of their unit vectors (see maps-repo.ts). */
function position(row: { x: number; y: number; z: number }): { latitude: number; longitude: number } | undefined {
  const horizontal = Math.hypot(row.x, row.y);
  if (!Number.isFinite(horizontal) || (horizontal === 0 && row.z === 0)) return undefined;
  return {
    latitude: (Math.atan2(row.z, horizontal) * 180) / Math.PI,
    longitude: (Math.atan2(row.y, row.x) * 180) / Math.PI,
  };
}

const sea = (view: View) => `<rect width="${view.width}" height="${view.height}" fill="${COLORS.sea}"/>`;

const fill = (d: string, color: string, extra = '') =>
  d ? `<path d="${d}" fill="${color}" stroke="${COLORS.border}" stroke-width=".6"${extra}/>` : '';

/** An area's outline, neighbours faint, in a view fitted to `target`: everything but the markers. */
function regionBody(view: View, area: AtlasCountry | undefined, resolution: '50m' | '110m', minStep: number) {
  const shown = countriesInView(view, atlas(resolution).countries);
  const others = shown.filter((c) => c !== area).map((c) => c.shape);
  return (
    `<g aria-hidden="true">${sea(view)}${fill(pathData(view.projection, others, minStep), COLORS.land)}` +
    `${area ? fill(pathData(view.projection, [area.shape], minStep), COLORS.highlight) : ''}</g>`
  );
}

/** The outline of a country stored by its English name: ISO code first, then the atlas's own name. */
function atlasCountryNamed(name: string): AtlasCountry | undefined {
  const alpha2 = countryCodeOf(name);
  const numeric = alpha2 ? iso1N3Code(alpha2) : null;
  const countries = atlas('50m');
  return (numeric ? countries.byId.get(numeric) : undefined) ?? countries.byName.get(name.trim().toLowerCase());
}

/** The country a point lies in (country-coder's borders include coastal waters), if the atlas has it. */
function atlasCountryAt(latitude: number, longitude: number): AtlasCountry | undefined {
  const numeric = iso1N3Code([longitude, latitude]);
  return numeric ? atlas('50m').byId.get(numeric) : undefined;
}

interface Locator {
  view: View;
  body: string;
  /** A country's locator, the same for every place there; none for a region (a place outside every outline). */
  drawing?: Drawing;
}

/** A country's key in a locator's address: its ISO numeric code, else its atlas name. */
const locatorKey = (country: AtlasCountry) => country.id ?? country.name.toLowerCase();

const countryOfKey = (key: string): AtlasCountry | undefined => {
  const countries = atlas('50m');
  return countries.byId.get(key) ?? countries.byName.get(key);
};

const inside = (view: View, point: [number, number] | null): point is [number, number] =>
  Boolean(point && point[0] >= 0 && point[0] <= view.width && point[1] >= 0 && point[1] <= view.height);

/** The world map's key in its drawing's address. */
const WORLD_KEY = 'countries';

export function createMapService({ db }: { db: Database }) {
  // A country's locator does not depend on the database: one per outline, about 240 at most.
  const locators = new Map<string, Locator>();
  // Outlines drawn for a view, whatever the language: the costly part of a map (tens of ms).
  const drawn = drawingCache(64);
  let world: View | undefined;
  const everyPlace = createPlacesMap({ db });

  function countryLocator(country: AtlasCountry): Locator {
    const key = locatorKey(country);
    let locator = locators.get(key);
    if (!locator) {
      const view = regionView(mainland(country.shape), { ...LOCATOR, minSpanKm: MIN_SPAN_KM });
      const body = regionBody(view, country, '50m', LOCATOR.minStep);
      locator = { view, body, drawing: drawingOf(view, body, 'locator', key) };
      locators.set(key, locator);
    }
    return locator;
  }

  function regionLocator(latitude: number, longitude: number): Locator {
    const view = regionView(
      { type: 'Point', coordinates: [longitude, latitude] },
      {
        ...LOCATOR,
        minSpanKm: REGION_SPAN_KM,
      },
    );
    return { view, body: regionBody(view, undefined, '50m', LOCATOR.minStep) };
  }

  /** The world map's drawing (the countries with places highlighted) and its markers in `lang`. */
  async function worldParts(lang: LanguageCode) {
    const rows = await mapsRepo.listCountriesWithPlaces(db, lang);
    const view = (world ??= worldView(WORLD.width));
    const marked = new Set<AtlasCountry>();
    const markers: Marker[] = [];
    for (const row of rows) {
      const at = position(row);
      if (!at) continue;
      const outline = atlasCountryNamed(row.englishName);
      const small = outline && (outline.id ? atlas('110m').byId.get(outline.id) : undefined);
      if (small) marked.add(small);
      markers.push({
        href: `/${lang}/${encodeURIComponent(row.slug)}`,
        name: row.nameTranslated ? row.name : localCountryName(row.englishName, lang),
        ...at,
      });
    }
    const drawing = drawn(
      `world ${[...marked]
        .map((c) => c.id)
        .sort()
        .join(' ')}`,
      view,
      'world',
      WORLD_KEY,
      () => {
        const others = atlas('110m')
          .countries.filter((c) => c.id !== '010' && !marked.has(c))
          .map((c) => c.shape);
        const highlighted = [...marked].map((c) => c.shape);
        return (
          `<g aria-hidden="true">${fill(pathData(view.projection, others, WORLD.minStep), COLORS.land)}` +
          `${fill(pathData(view.projection, highlighted, WORLD.minStep), COLORS.highlight)}</g>`
        );
      },
    );
    return { drawing, markers: markersMarkup(view.projection, markers, WORLD.marker) };
  }

  async function worldMap(lang: LanguageCode): Promise<MapDto> {
    const { drawing, markers } = await worldParts(lang);
    return { svg: overDrawing(drawing, markers) };
  }

  /** A country map's drawing (its outline fitted to its cities with places) and their markers in `lang`. */
  async function countryParts(slug: string, lang: LanguageCode) {
    const country = slug.length <= SLUG_MAX_LENGTH ? await countryPage.bySlug(db, slug) : undefined;
    if (!country) throw new NotFoundError('Country not found');
    const rows = await mapsRepo.listCitiesWithPlaces(db, country.name, lang);
    const markers: Marker[] = rows.flatMap((row) => {
      const at = position(row);
      return at ? [{ href: `/${lang}/${encodeURIComponent(row.slug)}`, name: row.name, ...at }] : [];
    });
    const outline = atlasCountryNamed(country.name);
    const points: GeoPermissibleObjects[] = markers.length
      ? [{ type: 'MultiPoint', coordinates: markers.map((m) => [m.longitude, m.latitude]) }]
      : [];
    if (!outline && points.length === 0) return { drawing: undefined, markers: '' };
    const target: GeoPermissibleObjects = {
      type: 'GeometryCollection',
      geometries: [...(outline ? [mainland(outline.shape)] : []), ...points] as Geometry[],
    };
    const view = regionView(target, { ...COUNTRY, minSpanKm: MIN_SPAN_KM });
    // the same outlines in every language: drawn once for this country and these cities
    const where = markers.map((m) => `${m.latitude.toFixed(4)},${m.longitude.toFixed(4)}`).join(' ');
    const drawing = drawn(
      `country ${slug} ${outline?.id ?? outline?.name ?? '-'} ${where}`,
      view,
      'country',
      slug,
      () => regionBody(view, outline, '50m', COUNTRY.minStep),
    );
    return { drawing, markers: markersMarkup(view.projection, markers, COUNTRY.marker) };
  }

  async function countryMap(slug: string, lang: LanguageCode): Promise<MapDto> {
    const { drawing, markers } = await countryParts(slug, lang);
    return { svg: drawing ? overDrawing(drawing, markers) : null };
  }

  /** The locator of a place at (latitude, longitude): its country's outline and a pin; no text, the same in every language. */
  function placeMapAt(latitude: number | null, longitude: number | null): MapDto {
    if (latitude === null || longitude === null) return { svg: null };
    const country = atlasCountryAt(latitude, longitude);
    let locator = country ? countryLocator(country) : undefined;
    let point = locator ? locator.view.projection([longitude, latitude]) : null;
    if (!locator || !inside(locator.view, point)) {
      locator = regionLocator(latitude, longitude);
      point = locator.view.projection([longitude, latitude]);
    }
    if (!inside(locator.view, point)) return { svg: null };
    const pin = pinMarkup(point[0], point[1]);
    return locator.drawing
      ? { svg: overDrawing(locator.drawing, pin, ' aria-hidden="true"') }
      : { svg: svgMarkup(locator.view, `${locator.body}${pin}`, ' aria-hidden="true"') };
  }

  /**
   * The drawing of `kind` named `key` as it is now, as a file, with its hash (an address with
   * another hash names an older drawing: the route sends the visitor on). Undefined for none.
   */
  async function drawingFile(
    kind: DrawingKind,
    key: string,
  ): Promise<{ file: string; hash: string; address: string } | undefined> {
    let drawing: Drawing | undefined;
    if (kind === 'locator') {
      const country = countryOfKey(key);
      drawing = country && countryLocator(country).drawing;
    } else if (kind === 'world') {
      drawing = key === WORLD_KEY ? (await worldParts('en')).drawing : undefined;
    } else if (kind === 'country') {
      drawing = (await countryParts(key, 'en')).drawing;
    } else {
      drawing = everyPlace.landDrawing(key);
    }
    return drawing && { file: svgFile(drawing), hash: drawing.hash, address: drawing.address };
  }

  return {
    worldMap: (lang: string) => worldMap(toLanguageCode(lang)),
    countryMap: (slug: string, lang: string) => countryMap(slug, toLanguageCode(lang)),
    /** A view of the map of every place (/{lang}/map); `themeSlug`: only that theme's places. */
    placesMap: async (lang: string, view: MapView, themeSlug?: string) => {
      const theme = themeSlug === undefined ? undefined : themeBySlug(themeSlug);
      if (themeSlug !== undefined && !theme) {
        throw new BadRequestError(`There is no theme "${themeSlug}".`, 'theme_unknown');
      }
      return everyPlace.placesMap(toLanguageCode(lang), view, theme && themeMapFilter(theme.id), theme?.slug);
    },
    /** `known`: the place as the caller has just read it, which saves reading it again. */
    async placeMap(id: string, known?: { latitude: number | null; longitude: number | null }): Promise<MapDto> {
      const spot = known ?? (isUuid(id) ? await findSpot(db, id) : undefined);
      if (!spot) throw new NotFoundError('Place not found');
      return placeMapAt(spot.latitude, spot.longitude);
    },
    drawingFile,
  };
}

export type MapService = ReturnType<typeof createMapService>;
export type MapReaders = MapService;
