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

/** A change: what it was, who made it (`person`, a model's name, `offline`) and when. */
const changeDto = z.object({ summary: z.string(), author: z.string(), at: z.string() });

/**
 * One kept version. `createdAt`, `author` and `summary` are those of the change that REPLACED it
 * (the version is the entity as it was before that change); `madeBy` is the change that made it,
 * null for the oldest version kept (made before the first change still kept).
 */
export const revisionDto = z.object({
  id: z.number(),
  createdAt: z.string(),
  author: z.string(),
  summary: z.string(),
  madeBy: changeDto.nullable(),
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
  revision: revisionDto.omit({ madeBy: true }),
  then: z.array(readableField),
  now: z.array(readableField),
});
export type RevisionCompare = z.infer<typeof revisionCompare>;

/** Answer of POST .../revisions/{revisionId}/restore. */
export const revisionRestored = z.object({ success: z.literal(true), message: z.string() });
export type RevisionRestored = z.infer<typeof revisionRestored>;
