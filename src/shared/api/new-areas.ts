import { z } from 'zod';

/**
 * What publishing a place in a town or country without a page does (docs/product.md §18,
 * docs/decisions/026-new-areas.md): `create` makes the city and country pages in the same
 * transaction; `ask` leaves them to Manage Cities and Manage Countries (the Missing cards).
 */
export const newAreasMode = z.enum(['create', 'ask']);
export type NewAreasMode = z.infer<typeof newAreasMode>;

/** At most this many cities (with their countries) are created by one press of the one-time action. */
export const CREATE_MISSING_MAX = 100;

/**
 * GET /api/admin/areas/missing-published: the towns and countries of published places that have no
 * page (draft-only towns are not counted: they get no page until a place there is published).
 */
export const missingPublishedAreas = z.object({ cities: z.number().int(), countries: z.number().int() });
export type MissingPublishedAreas = z.infer<typeof missingPublishedAreas>;

const createdArea = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** Cities and countries made for published places, with where their pages are. */
export const createdAreas = z.object({
  cities: z.array(createdArea.extend({ country: z.string() })),
  countries: z.array(createdArea),
});
export type CreatedAreas = z.infer<typeof createdAreas>;

/** Answer of POST /api/admin/areas/create-missing: what was created, what is left, and one sentence. */
export const createMissingAreasResponse = createdAreas.extend({
  /** What is still missing after this press (more than CREATE_MISSING_MAX cities were missing). */
  remaining: missingPublishedAreas,
  message: z.string(),
});
export type CreateMissingAreasResponse = z.infer<typeof createMissingAreasResponse>;
