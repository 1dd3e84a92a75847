import { codeForStatus, type ErrorCode } from '../shared/api/error-codes';

/** Expected failures: the error handler answers `{ error: message, code }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode = codeForStatus(status),
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code: ErrorCode = 'not_found') {
    super(404, message, code);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCode = 'bad_request') {
    super(400, message, code);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, message, code);
  }
}
