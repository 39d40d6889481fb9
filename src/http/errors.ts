import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { EventTooLargeError, StreamConflictError } from '../event-store/port';
import { AppendOutcomeUnknownError } from '../domain/shared/command-handler';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/shared/errors';
import { ProjectionParkedError } from '../projections/runner';
import { RequestKeyReusedError } from '../domain/shared/request-keys';
import type { Logger } from './platform/logger';

/** Not signed in (401). HTTP-only: the domain never knows about sessions. */
export class UnauthorizedError extends Error {
  constructor(message = 'Not authenticated') {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/** Too many requests (429). */
export class RateLimitError extends Error {
  constructor(message = 'Too many requests. Please wait a moment and try again.') {
    super(message);
    this.name = 'RateLimitError';
  }
}

export const EVENT_TOO_LARGE_MESSAGE = 'This is too large to save. Please shorten it and try again.';

/** An append whose outcome stayed unknown: it may have landed, so the client retries with the same Idempotency-Key. */
export const OUTCOME_UNKNOWN_MESSAGE = 'We could not confirm that this was saved. Please try again.';
/** Seconds a client waits before retrying an answer whose outcome is unknown. */
export const OUTCOME_UNKNOWN_RETRY_AFTER = '1';

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** The one place where errors become HTTP answers (the contract's JSON shape). */
export function toErrorResponse(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (error instanceof ValidationError) {
    return { status: 400, body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message } };
  }
  if (error instanceof UnauthorizedError) return { status: 401, body: { message: error.message } };
  if (error instanceof ForbiddenError) return { status: 403, body: { message: error.message } };
  if (error instanceof NotFoundError) return { status: 404, body: { message: error.message } };
  if (error instanceof ConflictError) return { status: 409, body: { message: error.message } };
  if (error instanceof StreamConflictError) {
    return { status: 409, body: { message: 'This was changed by someone else at the same moment. Please try again.' } };
  }
  // Every text field has a cap well under the event limit; this answers what slips past them all.
  if (error instanceof EventTooLargeError) return { status: 413, body: { message: EVENT_TOO_LARGE_MESSAGE } };
  if (error instanceof RequestKeyReusedError) return { status: 422, body: { message: error.message } };
  if (error instanceof RateLimitError) return { status: 429, body: { message: error.message } };
  // A read of a read model parked on a faulty event: the runner logged the parking once (docs/decisions/0062).
  if (error instanceof ProjectionParkedError) return { status: 503, body: { message: error.message } };
  if (error instanceof AppendOutcomeUnknownError) return { status: 503, body: { message: OUTCOME_UNKNOWN_MESSAGE } };
  if (error instanceof HTTPException) {
    const message = error.status === 413 ? 'Request body is too large' : error.message || 'Request failed';
    return { status: error.status as ContentfulStatusCode, body: { message } };
  }
  return { status: 500, body: { message: 'Internal server error' } };
}

export function handleError(logger: Logger) {
  return (error: unknown, c: Context) => {
    const { status, body } = toErrorResponse(error);
    if (error instanceof ProjectionParkedError) c.header('Retry-After', '30');
    else if (error instanceof AppendOutcomeUnknownError) {
      logger.warn('append outcome unknown; answered 503', { requestId: c.get('requestId' as never), path: c.req.path, error });
      c.header('Retry-After', OUTCOME_UNKNOWN_RETRY_AFTER);
    } else if (status >= 500) {
      logger.error('request failed', { requestId: c.get('requestId' as never), path: c.req.path, error });
    }
    return c.json(body, status);
  };
}
