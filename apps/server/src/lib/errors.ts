import { type ErrorCode, errorCodes, type ValidationErrorItem, validationMessage } from '@closia/shared';
import type { z } from 'zod';

/** A failure a caller can act on; the error handler turns it into the API's envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly errors?: ValidationErrorItem[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A request that failed its Zod schema (thrown by the validator compiler). */
export class RequestValidationError extends Error {
  constructor(
    readonly zodError: z.ZodError,
    readonly input: unknown,
    /** Which part failed (body, query, params, headers): names an error on the part as a whole. */
    readonly part = 'body',
  ) {
    super('Validation failure');
    this.name = 'RequestValidationError';
  }
}

export const unauthorized = () => new AppError(401, errorCodes.unauthorized, 'Unauthorized access');
export const forbidden = (message = 'Access denied') => new AppError(403, errorCodes.forbidden, message);
/** Rows the caller may not see answer 404 too, so ids cannot be probed. */
export const notFound = (what = 'Resource') => new AppError(404, errorCodes.notFound, `${what} not found`);
export const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);
export const tooManyRequests = () =>
  new AppError(429, errorCodes.tooManyRequests, 'Too many requests. Please try again later.');

/** A 422 for one field, with the rule catalogue's message (e.g. a taken e-mail). */
export function fieldError(
  field: string,
  rule: string,
  message?: string,
  meta?: Record<string, unknown>,
): AppError {
  return new AppError(422, errorCodes.validation, 'Validation failure', [
    { field, rule, message: message ?? validationMessage(rule, field, meta), ...(meta ? { meta } : {}) },
  ]);
}
