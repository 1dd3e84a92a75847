import { formatMegabytes } from '@/shared/limits';
import { AppError, BadRequestError } from '../../errors';

/**
 * The answer to an error raised while a multipart form is being read. Everything that can go wrong
 * there is the client's form: no or a wrong boundary, a truncated body, parts busboy cannot parse
 * ("Unexpected end of form", "Malformed part header"; plain Errors without a status), or a limit of
 * @fastify/multipart (FST_*). A file over the limit is 413; the rest is 400, never a 500.
 */
export function multipartReadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, `The file is too large; the limit is ${formatMegabytes(maxBytes)}.`, 'file_too_large');
  }
  return new BadRequestError('The upload could not be read. Please try again.');
}
