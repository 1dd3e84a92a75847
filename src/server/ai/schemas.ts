import { z } from 'zod';
import { factsDto, historyDto } from '../../shared/api/public';

/** What a model must answer for one photo. Lengths keep answers fit for the page they land on. */
export const imageAnalysisSchema = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().min(1).max(2000),
  travelArticle: z.string().trim().min(1).max(20000),
  imageDescription: z.string().trim().min(1).max(2000),
  placeName: z.string().trim().min(1).max(200),
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

/** A translation answer with exactly the requested fields, each a non-empty string. */
export function translationSchema(keys: string[]) {
  return z.object(Object.fromEntries(keys.map((k) => [k, z.string().trim().min(1).max(20000)])));
}
