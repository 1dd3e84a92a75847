import { z } from 'zod';

/**
 * A map drawn on the server (GET /api/maps/...): inline SVG markup whose markers are links to
 * pages of the site, or null when there is nothing to draw (no coordinates, no known outline).
 * The markup is built from escaped text only and loads nothing (no image, font or script).
 */
export const mapDto = z.object({ svg: z.string().nullable() });
export type MapDto = z.infer<typeof mapDto>;
