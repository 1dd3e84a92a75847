import { z } from 'zod';

/**
 * Revisions (docs/decisions/017-revisions-and-trash.md): every change of a place's, city's or
 * country's content keeps the version before it, with when, who and what.
 */

/** The three kinds with a history, as their admin paths name them. */
export const revisionCollections = ['places', 'cities', 'countries'] as const;
export type RevisionCollection = (typeof revisionCollections)[number];

export const revisionParams = z.object({
  id: z.string(),
  revisionId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** One kept version: when the change was made, who made it (`person`, a model's name, `offline`) and what it was. */
export const revisionDto = z.object({
  id: z.number(),
  createdAt: z.string(),
  author: z.string(),
  summary: z.string(),
});
export type RevisionDto = z.infer<typeof revisionDto>;

/** Answer of GET /api/admin/{places|cities|countries}/{id}/revisions: newest first (at most 50). */
export const revisionList = z.object({ revisions: z.array(revisionDto) });
export type RevisionList = z.infer<typeof revisionList>;

/** A version told as labelled texts ("Title", "German · Title", "History"), for a readable diff. */
export const readableField = z.object({ label: z.string(), text: z.string() });
export type ReadableField = z.infer<typeof readableField>;

/** Answer of GET .../revisions/{revisionId}: that version and the entity now, field by field. */
export const revisionCompare = z.object({
  revision: revisionDto,
  then: z.array(readableField),
  now: z.array(readableField),
});
export type RevisionCompare = z.infer<typeof revisionCompare>;

/** Answer of POST .../revisions/{revisionId}/restore. */
export const revisionRestored = z.object({ success: z.literal(true), message: z.string() });
export type RevisionRestored = z.infer<typeof revisionRestored>;
