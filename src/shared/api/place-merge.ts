import { z } from 'zod';
import { placeState } from './publishing';

/**
 * Merge and split (docs/product.md "Merge and split", docs/decisions/028-merge-and-split.md): a
 * place merged into another gives it its gallery, its photo and the texts it lacks; a gallery photo
 * with a stored position becomes a place of its own.
 */

/** Whose history or trivia the merged place keeps: the merged place's (`source`) or the target's. */
export const keepChoice = z.enum(['source', 'target'], { error: 'Choose "source" or "target".' });
export type KeepChoice = z.infer<typeof keepChoice>;

/** Body of POST /api/admin/places/{id}/merge: `{id}` goes into `into`. */
export const mergeRequest = z.object({
  into: z.string({ error: 'Name the place to merge into (into: its id).' }).max(100),
  keep: z.object({ history: keepChoice.optional(), trivia: keepChoice.optional() }).optional(),
});
export type MergeRequest = z.infer<typeof mergeRequest>;

export const mergeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The place that remains. */
  place: z.object({ id: z.string(), slug: z.string().nullable(), title: z.string() }),
});
export type MergeResponse = z.infer<typeof mergeResponse>;

/** Params of POST /api/admin/places/{id}/merges/{sourceId}/undo. */
export const undoMergeParams = z.object({ id: z.string(), sourceId: z.string() });

/** A merge into a place that can still be undone (its merged place waits in the trash). */
export const placeMergeDto = z.object({
  sourceId: z.string(),
  sourceTitle: z.string(),
  mergedAt: z.string(),
  /** The place's revision the merge made (its History shows "Undo merge" there), if still kept. */
  revisionId: z.number().int().nullable(),
});
export type PlaceMergeDto = z.infer<typeof placeMergeDto>;
export const placeMerges = z.object({ merges: z.array(placeMergeDto) });
export type PlaceMerges = z.infer<typeof placeMerges>;

/** Answer of POST /api/admin/gallery/{imageId}/to-place. */
export const toPlaceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  place: z.object({ id: z.string(), slug: z.string().nullable(), state: placeState, title: z.string() }),
  /** Set when the AI failed and the offline writer wrote the texts. */
  aiWarning: z.string().nullable(),
});
export type ToPlaceResponse = z.infer<typeof toPlaceResponse>;
