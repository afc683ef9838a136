import { toValidationErrors, validationMessageFr } from '@closia/shared';
import type { z } from 'zod';

/**
 * Mantine form `validate` function from a shared Zod schema: each failing field gets the French
 * message of its first failing rule (the same rules the API reports in a 422).
 */
export function zodResolver<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const item of toValidationErrors(result.error, values)) {
      if (item.field) errors[item.field] = validationMessageFr(item);
    }
    return errors;
  };
}
