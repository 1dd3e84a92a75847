import { z } from 'zod';
import { MAP_MAX_ZOOM, parseMapView } from '../map-view';

/**
 * A map drawn on the server (GET /api/maps/...): inline SVG markup whose markers are links to
 * pages of the site, or null when there is nothing to draw (no coordinates, no known outline).
 * The markup is built from escaped text only and loads nothing (no image, font or script).
 */
export const mapDto = z.object({ svg: z.string().nullable() });
export type MapDto = z.infer<typeof mapDto>;

const viewNumber = z.string().regex(/^\d{1,5}$/, 'a whole number');

/**
 * Which view of the map of every place (shared/map-view.ts): none of z, x and y is the whole
 * world; a view that does not exist is refused (400), never drawn.
 */
export const placesMapQuery = z
  .object({
    z: viewNumber.optional(),
    x: viewNumber.optional(),
    y: viewNumber.optional(),
    /** Only the places of this theme (a slug of shared/themes.ts; another is a 400 theme_unknown). */
    theme: z.string().max(60).optional(),
  })
  .refine((query) => parseMapView(query) !== undefined, {
    message: `z, x and y name no view of the map: z from 0 to ${MAP_MAX_ZOOM}, x from 0 to 2^z - 1, y from 1 to 2^z - 1 (z = 0: the world, x = y = 0 or none)`,
  });

export const mapViewDto = z.object({ z: z.number().int(), x: z.number().int(), y: z.number().int() });

/**
 * One marker of the map: a place (`slug`) or a group of places near each other (`count` > 1).
 * A group below the closest step opens the view around its places (`target`); at the closest
 * step it lists them (`places`, at most MAP_GROUP_LISTED_MAX).
 */
export const mapGroupDto = z.object({
  key: z.string(),
  count: z.number().int().positive(),
  /** Where the marker is drawn in the view's pixels (the mean position of its places). */
  x: z.number(),
  y: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  /** A place's title, or the city most of a group's places are in, in the language asked for. */
  name: z.string(),
  slug: z.string().nullable(),
  target: mapViewDto.nullable(),
  places: z.array(z.object({ slug: z.string(), title: z.string() })),
});
export type MapGroupDto = z.infer<typeof mapGroupDto>;

/**
 * A view of the map of every place: the land drawn on the server (SVG elements without text,
 * the same in every language) and the markers in it, grouped on the server per zoom step.
 */
export const placesMapDto = z.object({
  view: mapViewDto,
  width: z.number().int(),
  height: z.number().int(),
  /**
   * The address of its sea and land as an SVG image of width x height, cached for good (decision
   * 048): no text, no links; the markers go over it.
   */
  drawing: z.string(),
  /** The theme whose places it shows (its slug), or null: every place. */
  theme: z.string().nullable(),
  /** Places on the whole map, and in this view. */
  total: z.number().int(),
  inView: z.number().int(),
  groups: z.array(mapGroupDto),
});
export type PlacesMapDto = z.infer<typeof placesMapDto>;
