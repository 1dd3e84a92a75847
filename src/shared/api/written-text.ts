import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';

/**
 * What the editor's desk and the gallery's photo texts share about one language of a text (docs/
 * decisions/014-written-by-a-person.md): who wrote it, where it stands, the route parameters that
 * name it and the answer of a save. A module of its own, importing no other contract, so that both
 * can use it without an import cycle (content-editor imports admin-places, which imports gallery).
 */

/** Who wrote a language's text: a model (or the offline writer), or a person. */
export const contentOrigin = z.enum(['machine', 'person']);

/**
 * Who wrote the English source of a place, city or country: a model (`machine`), a person, or the
 * offline writer from the photo's data (`data`: its place and date and the owner's own notes).
 * docs/decisions/032-three-origins.md
 */
export const SOURCE_ORIGINS = ['machine', 'person', 'data'] as const;

/**
 * Where one language stands: `source` is English (the original); `current` was written from the
 * English as it is now; `outdated` from an older English (visitors still read it); `missing` has
 * never been written (visitors read English).
 */
export const contentStatus = z.enum(['source', 'current', 'outdated', 'missing']);
export type ContentStatus = z.infer<typeof contentStatus>;

/** Answer of a save: one plain sentence, and the languages now outdated (a save of the English). */
export const contentSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  outdatedLanguages: z.array(z.enum(LANGUAGE_CODES)),
});
export type ContentSaved = z.infer<typeof contentSaved>;

/** `{id}` and `{lang}` of a text's routes: any text, so an unknown language is a 404 the service words. */
export const contentParams = z.object({ id: z.string(), lang: z.string() });
