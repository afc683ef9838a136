import {
  AppError,
  type ErrorReason,
  errorCodes,
  type ValidationErrorItem,
  validationMessage,
} from '@closia/shared';
import type { z } from 'zod';

/** The API's error (`@closia/shared`: the envelope's body and this class live together). */
export { AppError };

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
export const forbidden = (message = 'Access denied', reason?: ErrorReason) =>
  new AppError(403, errorCodes.forbidden, message, undefined, reason);
/** Rows the caller may not see answer 404 too, so ids cannot be probed. */
export const notFound = (what = 'Resource') => new AppError(404, errorCodes.notFound, `${what} not found`);
export const conflict = (message: string, reason?: ErrorReason) =>
  new AppError(409, errorCodes.conflict, message, undefined, reason);
export const tooManyRequests = () =>
  new AppError(429, errorCodes.tooManyRequests, 'Too many requests. Please try again later.');

/** One item of a 422's `errors`, with the rule catalogue's message unless given. */
export function fieldIssue(
  field: string,
  rule: string,
  message?: string,
  meta?: Record<string, unknown>,
): ValidationErrorItem {
  return { field, rule, message: message ?? validationMessage(rule, field, meta), ...(meta ? { meta } : {}) };
}

/** A 422 for one field, with the rule catalogue's message (e.g. a taken e-mail). */
export function fieldError(
  field: string,
  rule: string,
  message?: string,
  meta?: Record<string, unknown>,
): AppError {
  return new AppError(422, errorCodes.validation, 'Validation failure', [
    fieldIssue(field, rule, message, meta),
  ]);
}

/**
 * A 422 that is a business refusal, not a malformed input (a profile short of a mission's
 * requirements): the validation envelope, its items, and the reason.
 */
export const refusal = (reason: ErrorReason, errors: ValidationErrorItem[]) =>
  new AppError(422, errorCodes.validation, 'Validation failure', errors, reason);
