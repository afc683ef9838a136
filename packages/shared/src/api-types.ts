/**
 * The error envelope every failing API call answers with, and its codes. The shapes of successful
 * answers are Zod schemas in `responses/` (the server serialises through them; types inferred).
 */
export const errorCodes = {
  validation: 'E_VALIDATION_ERROR',
  unauthorized: 'E_UNAUTHORIZED_ACCESS',
  forbidden: 'E_FORBIDDEN',
  notFound: 'E_NOT_FOUND',
  conflict: 'E_CONFLICT',
  payloadTooLarge: 'E_PAYLOAD_TOO_LARGE',
  tooManyRequests: 'E_TOO_MANY_REQUESTS',
  badRequest: 'E_BAD_REQUEST',
  csrf: 'E_BAD_CSRF_TOKEN',
  /** The messages guard: the e-mail address is not verified yet. */
  emailNotVerified: 'E_EMAIL_NOT_VERIFIED',
  /** The messages guard: the onboarding is not finished yet. */
  onboardingRequired: 'E_ONBOARDING_REQUIRED',
  /** 402: the caller's plan does not allow one more; `meta` says which limit, how many and the plan that lifts it. */
  planLimit: 'E_PLAN_LIMIT',
  /** A payment was refused (the sandbox's declined cards): nothing changed. */
  paymentDeclined: 'E_PAYMENT_DECLINED',
  /** A dependency (the database) is unreachable: retry after `Retry-After` seconds. */
  serviceUnavailable: 'E_SERVICE_UNAVAILABLE',
  /** The disk or the object store is full: nothing was kept. */
  insufficientStorage: 'E_INSUFFICIENT_STORAGE',
  internal: 'E_INTERNAL',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** One entry of a 422 answer's `errors` list (spec §8). */
export interface ValidationErrorItem {
  message: string;
  rule: string;
  field: string;
  meta?: Record<string, unknown>;
  index?: number;
}
