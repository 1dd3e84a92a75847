import { z } from 'zod';
import { AI_FAILURE_CODES } from '../ai-failures';

/**
 * Every `code` an error answer of the API can carry, beside its sentence (`error`, or `message` on
 * sign-in). A code is stable: a client, a script or a test tells failures apart by it, never by the
 * sentence. What each means is in docs/product.md §7.1. One entry a line, sorted, so lists added by
 * different changes merge cleanly. The AI model's failures (`ai_*`) are listed in ../ai-failures.ts.
 */
export const ERROR_CODES = [
  ...AI_FAILURE_CODES,
  'backup_running',
  'bad_request',
  'conflict',
  'csrf_rejected',
  'database_unavailable',
  'featured_duplicate',
  'featured_elsewhere',
  'featured_not_found',
  'featured_too_many',
  'file_empty',
  'file_too_large',
  'forbidden',
  'geo_data_not_found',
  'image_too_large',
  'image_unreadable',
  'internal_error',
  'invalid_cursor',
  'invalid_password',
  'method_not_allowed',
  'not_found',
  'nul_character',
  'payload_too_large',
  'photo_has_gps',
  'photo_too_small',
  'range_not_satisfiable',
  'rate_limited',
  'server_busy',
  'slug_invalid',
  'slug_reserved',
  'slug_taken',
  'storage_unavailable',
  'theme_unknown',
  'themes_repeated',
  'themes_too_many',
  'translation_running',
  'unauthorized',
  'unavailable',
  'unprocessable',
  'unsupported_image',
  'unsupported_media_type',
  'upstream_failed',
  'validation_failed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCode = z.enum(ERROR_CODES).meta({ id: 'ErrorCode' });

/** The code an error answer carries when nothing more precise was given: one per HTTP status. */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'bad_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    416: 'range_not_satisfiable',
    422: 'unprocessable',
    429: 'rate_limited',
    502: 'upstream_failed',
    503: 'unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
