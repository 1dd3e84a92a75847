import { z } from 'zod';
import { AREA_NAME_MAX } from '../../shared/api/admin-areas';
import { GALLERY_ALT_MAX, GALLERY_CAPTION_MAX } from '../../shared/api/gallery';
import { factsDto, historyDto } from '../../shared/api/public';

/** What a model must answer for one photo. Lengths keep answers fit for the page they land on. */
export const imageAnalysisSchema = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().min(1).max(2000),
  travelArticle: z.string().trim().min(1).max(20000),
  imageDescription: z.string().trim().min(1).max(2000),
  placeName: z.string().trim().min(1).max(200),
  /** Ids of the themes the place belongs to (shared/themes.ts), suggested to the owner; others are dropped. */
  themes: z.array(z.string().trim().max(60)).max(10).default([]),
});

export const historySchema = historyDto.extend({
  events: z
    .array(z.object({ year: z.string().trim().min(1).max(40), description: z.string().trim().min(1).max(2000) }))
    .max(30),
});

export const factsSchema = factsDto.extend({
  facts: z
    .array(z.object({ question: z.string().trim().min(1).max(500), answer: z.string().trim().min(1).max(2000) }))
    .max(30),
});

export const descriptionSchema = z.object({ description: z.string().trim().min(1).max(5000) });

/** The contract's limits of the short fields a translation writes (a place's title, a city's name...). */
const TRANSLATED_FIELD_MAX: Record<string, number> = {
  title: 200,
  name: AREA_NAME_MAX,
  location: 200,
  country: 200,
  caption: GALLERY_CAPTION_MAX,
  alt: GALLERY_ALT_MAX,
};

/**
 * A translation answer with exactly the requested fields, each a non-empty string within its
 * field's limit, and never more than three times its English (a model that rambles on fails).
 */
export function translationSchema(fields: Record<string, string>) {
  return z.object(
    Object.fromEntries(
      Object.entries(fields).map(([k, english]) => [
        k,
        z
          .string()
          .trim()
          .min(1)
          .max(Math.min(TRANSLATED_FIELD_MAX[k] ?? 20_000, 3 * english.length + 200)),
      ]),
    ),
  );
}
