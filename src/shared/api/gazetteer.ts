import { z } from 'zod';
import { position } from './common';

/** Most towns one search answers, and the default. */
export const GAZETTEER_LIMIT_MAX = 10;
export const GAZETTEER_QUERY_MAX = 100;

const LIMIT_ERROR = `limit must be a whole number from 1 to ${GAZETTEER_LIMIT_MAX}.`;
const QUERY_ERROR = `q must be 1 to ${GAZETTEER_QUERY_MAX} characters of a town's name, without control characters.`;

/** GET /api/admin/geo/cities?q=...&limit=...: towns of the offline gazetteer whose name matches q. */
export const gazetteerQuery = z.object({
  q: z
    .string({ error: QUERY_ERROR })
    .trim()
    .min(1, QUERY_ERROR)
    .max(GAZETTEER_QUERY_MAX, QUERY_ERROR)
    .refine((q) => !/\p{Cc}/u.test(q), QUERY_ERROR),
  limit: z
    .string({ error: LIMIT_ERROR })
    .regex(/^\d{1,2}$/, LIMIT_ERROR)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_ERROR).max(GAZETTEER_LIMIT_MAX, LIMIT_ERROR))
    .default(GAZETTEER_LIMIT_MAX),
});

export const gazetteerCity = z.object({
  /** The GeoNames id: the same town keeps it across data releases. */
  id: z.number().int(),
  /** The town's name as the upload will record it ("Munich", "Łódź"). */
  name: z.string(),
  /** Another name of the town that matched the search ("München" for Munich), or null. */
  alias: z.string().nullable(),
  /** English short country name, as places store it. */
  country: z.string(),
  countryCode: z.string(),
  ...position,
  population: z.number().int(),
});
export type GazetteerCity = z.infer<typeof gazetteerCity>;

/**
 * Best match first: the name is q, then the name or one of its words starts with q, then q is inside
 * a word; within each, the most populous town first.
 */
export const gazetteerResponse = z.array(gazetteerCity);
export type GazetteerResponse = z.infer<typeof gazetteerResponse>;
