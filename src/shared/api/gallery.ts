import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { contentOrigin, contentStatus } from './written-text';

/**
 * Photos described one by one: each gallery photo's caption and alt text in every language, and
 * the gallery's order (docs/decisions/014-written-by-a-person.md for who wrote what).
 */

export const GALLERY_CAPTION_MAX = 500;
export const GALLERY_ALT_MAX = 300;

/** One language of a photo's texts. English has status `source`; `missing` has no row yet (empty texts). */
export const galleryTextEntry = z.object({
  languageCode: z.enum(LANGUAGE_CODES),
  status: contentStatus,
  origin: contentOrigin.nullable(),
  caption: z.string(),
  alt: z.string(),
});
export type GalleryTextEntry = z.infer<typeof galleryTextEntry>;

/** Body of PUT /api/admin/gallery/{imageId}/texts/{lang}: what the photo shows, in that language (empty clears it). */
export const galleryTextBody = z.object({
  caption: z
    .string({ error: 'Caption must be text' })
    .trim()
    .max(GALLERY_CAPTION_MAX, `Caption must be at most ${GALLERY_CAPTION_MAX} characters`),
  alt: z
    .string({ error: 'Alt text must be text' })
    .trim()
    .max(GALLERY_ALT_MAX, `Alt text must be at most ${GALLERY_ALT_MAX} characters`),
});
export type GalleryTextBody = z.infer<typeof galleryTextBody>;

/** Body of PUT /api/admin/places/{id}/gallery/order: every photo of the gallery, first to last. */
export const galleryOrderBody = z.object({
  ids: z.array(z.string().max(100), { error: 'Send the photos as a list of ids: {"ids": [...]}' }).max(1000),
});
