/**
 * Domain errors. Deciders throw these; `src/http/errors.ts` maps them to the
 * JSON error shape in one place.
 */

/** Bad input: 400 with the spec's message for the first failing rule. */
export class ValidationError extends Error {
  constructor(
    message: string,
    /** Every failing field with its first message. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** Signed in, but not allowed: wrong role or not the owner (403). */
export class ForbiddenError extends Error {
  constructor(message = 'Forbidden') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** The thing asked for does not exist (404). */
export class NotFoundError extends Error {
  constructor(message = 'Not found') {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The command contradicts the current state: a taken name, a duplicate bid (409). */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

export type DomainError = ValidationError | ForbiddenError | NotFoundError | ConflictError;
