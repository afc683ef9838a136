/**
 * The error envelope as a whole: its body (what a client reads) and, for the server, the error
 * class its handler turns into that body. Below both sides and free of any dependency, so that
 * every floor of the server (the database wrapper included) may throw it.
 */
import type { ErrorCode, ValidationErrorItem } from './api-types';
import type { ErrorReason } from './error-reasons';

/** The one error envelope every failing API call answers with. */
export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  /** Why, when the server knows a reason of the table (`error-reasons.ts`): the web words it. */
  reason?: ErrorReason;
  errors?: ValidationErrorItem[];
  /** Figures a client acts on (a 402 `E_PLAN_LIMIT`: `limit`, `current`, `max`, `planId`, `upgradeTo`). */
  meta?: Record<string, unknown>;
}

/**
 * A failure a caller can act on; the server's error handler turns it into the envelope. `reason`
 * (one of the shared table, `error-reasons.ts`) says why, for the web to word it.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly errors?: ValidationErrorItem[],
    readonly reason?: ErrorReason,
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
