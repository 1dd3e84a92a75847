import { z } from 'zod';

/**
 * The trash (docs/decisions/017-revisions-and-trash.md): a deleted place, city, country or gallery
 * photo is kept for TRASH_DAYS days, then gone with its files.
 */
export const TRASH_DAYS = 30;

export const trashKind = z.enum(['place', 'city', 'country', 'gallery_image']);
export type TrashKind = z.infer<typeof trashKind>;

export const trashItemParams = z.object({ kind: trashKind, id: z.string() });

export const trashItemDto = z.object({
  kind: trashKind,
  id: z.string(),
  title: z.string(),
  /** Where it was: a place's city and country, a photo's place; '' for a country. */
  subtitle: z.string(),
  /** Its photo (web size), when it had one of ours. */
  imageUrl: z.string().nullable(),
  deletedAt: z.string(),
  expiresAt: z.string(),
  /**
   * Days left before it is deleted for good, counted up: TRASH_DAYS right after the delete (as its
   * dialog promised), 1 on its last day.
   */
  daysLeft: z.number().int(),
});
export type TrashItemDto = z.infer<typeof trashItemDto>;

/** Answer of GET /api/admin/trash: newest deletions first. */
export const trashList = z.object({ items: z.array(trashItemDto) });
export type TrashList = z.infer<typeof trashList>;

/** The plain words after a delete that moved something to the trash. */
export const MOVED_TO_TRASH = `Moved to the trash. You can restore it for ${TRASH_DAYS} days from Trash.`;
