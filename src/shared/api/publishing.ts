import { z } from 'zod';
import { newAreasMode } from './new-areas';

/**
 * Publish on purpose (docs/decisions/016-publish-on-purpose.md): a place is a draft (invisible to
 * visitors everywhere) or published.
 */
export const placeState = z.enum(['draft', 'published']);
export type PlaceState = z.infer<typeof placeState>;

/** What an upload becomes: published at once, or kept as a draft to read and correct first. */
export const newUploadsMode = z.enum(['publish', 'draft']);
export type NewUploadsMode = z.infer<typeof newUploadsMode>;

/**
 * Photos taken within this many metres of a place join its gallery at upload instead of becoming a
 * place of their own (docs/decisions/027-photo-grouping.md); 0 turns grouping off.
 */
export const GROUP_WITHIN_DEFAULT_M = 100;
export const GROUP_WITHIN_MAX_M = 1000;
export const groupWithinMeters = z
  .number()
  .int(`groupWithinMeters must be a whole number of metres from 0 to ${GROUP_WITHIN_MAX_M}.`)
  .min(0, `groupWithinMeters must be a whole number of metres from 0 to ${GROUP_WITHIN_MAX_M}.`)
  .max(GROUP_WITHIN_MAX_M, `groupWithinMeters must be a whole number of metres from 0 to ${GROUP_WITHIN_MAX_M}.`);

/** The admin's own settings, stored in the database. */
const savedSettings = z.object({
  newUploads: newUploadsMode,
  /** What publishing a place in a town or country without a page does (shared/api/new-areas.ts). */
  newAreas: newAreasMode,
  groupWithinMeters,
});

/**
 * GET /api/admin/settings: the saved settings, and the AI model the server is configured with
 * (AI_PROVIDER; null without one, so the screens offer no action only a model can do).
 */
export const adminSettings = savedSettings.extend({ aiModel: z.string().nullable() });
export type AdminSettings = z.infer<typeof adminSettings>;

/** PUT /api/admin/settings: the settings to change; those left out keep their value. Answers them all. */
export const adminSettingsUpdate = savedSettings
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to save: send newUploads, newAreas or groupWithinMeters.',
  });
export type AdminSettingsUpdate = z.infer<typeof adminSettingsUpdate>;

/** Answer of POST /api/admin/places/{id}/publish and /unpublish. */
export const publicationResponse = z.object({
  success: z.literal(true),
  state: placeState,
  message: z.string(),
});
export type PublicationResponse = z.infer<typeof publicationResponse>;

/** The admin's preview of a place as visitors would see it (a draft too): only with a session, never indexed. */
export const previewPath = (lang: string, slug: string) => `/iladmin/preview/${lang}/${slug}`;
