import type { z } from 'zod';
import type { ValidationErrorItem } from './api-types';
import { toValidationErrors } from './validation';

/** The 422 `errors` list a schema produces for `data` ([] when valid). */
export function errorsOf(schema: z.ZodType, data: unknown): ValidationErrorItem[] {
  const result = schema.safeParse(data);
  return result.success ? [] : toValidationErrors(result.error);
}

/** The error reported on `field`, if any. */
export function errorOn(schema: z.ZodType, data: unknown, field: string): ValidationErrorItem | undefined {
  return errorsOf(schema, data).find((item) => item.field === field);
}

/** `count` characters. */
export function chars(count: number, char = 'a'): string {
  return char.repeat(count);
}
