import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../paging';

/** Opaque paging token: base64url, never longer than this. */
const cursorParam = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor');

/** `?limit=&cursor=` of every paged list (keyset paging: the cursor names the last row seen). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
  cursor: cursorParam.optional(),
});
