/** Expected failures: the error handler answers `{ error: message }` (and `code`, when set) with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A stable name of the failure for programs (e.g. the AI failure codes of shared/ai-failures.ts). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
