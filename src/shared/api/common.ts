import { z } from 'zod';

export const errorResponse = z.object({ error: z.string() });

/**
 * Path segments a client can send. Any text is accepted, so an odd slug or id is a 404 rather than
 * a 400; the services answer "not found" for values that cannot exist without asking the database.
 */
export const slugParam = z.string();
/** Unsupported language codes are treated as English by the services. */
export const langParam = z.string();
export const idParams = z.object({ id: z.string() });
