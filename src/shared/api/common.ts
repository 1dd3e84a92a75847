import { z } from 'zod';
import { errorCode } from './error-codes';

/** Every error answer: the sentence a person reads and the stable code a program reads (error-codes.ts). */
export const errorResponse = z.object({ error: z.string(), code: errorCode }).meta({ id: 'Error' });

/** A point on the map in decimal degrees (WGS 84), in an answer: a town's, an uploaded photo's. */
export const position = { latitude: z.number(), longitude: z.number() };

/** A route's error answers when every refusal or failure is `{ error }`. */
export const errorResponses = { '4xx': errorResponse, '5xx': errorResponse };

/** The refusals of a route on one stored item: bad input, no session, wrong origin, not found. */
export const itemErrorResponses = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Path segments a client can send. Any text is accepted, so an odd slug or id is a 404 rather than
 * a 400; the services answer "not found" for values that cannot exist without asking the database.
 */
export const slugParam = z.string();
/** Unsupported language codes are treated as English by the services. */
export const langParam = z.string();
export const idParams = z.object({ id: z.string() });
