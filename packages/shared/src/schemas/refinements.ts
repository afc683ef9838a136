import type { z } from 'zod';

type ObjectPayload = { value: unknown; issues: readonly unknown[] };

function fieldValue(payload: ObjectPayload, key: string): unknown {
  const value = payload.value;
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Adds to an object schema the check that `field` equals `otherField` (rule `sameAs`, reported on
 * `field`). It runs even when other fields failed, so every failing field is reported at once.
 */
export function withSameAs<S extends z.ZodObject>(schema: S, field: string, otherField: string): S {
  return schema.refine((data: Record<string, unknown>) => data[field] === data[otherField], {
    message: `The ${field} field and ${otherField} field must be the same`,
    path: [field],
    params: { rule: 'sameAs', otherField },
    when: (payload) =>
      typeof fieldValue(payload, field) === 'string' && typeof fieldValue(payload, otherField) === 'string',
  }) as S;
}

/** Adds the check that `field` differs from `otherField` (rule `notSameAs`, reported on `field`). */
export function withNotSameAs<S extends z.ZodObject>(schema: S, field: string, otherField: string): S {
  return schema.refine((data: Record<string, unknown>) => data[field] !== data[otherField], {
    message: `The ${field} field and ${otherField} field must be different`,
    path: [field],
    params: { rule: 'notSameAs', otherField },
    when: (payload) =>
      typeof fieldValue(payload, field) === 'string' && typeof fieldValue(payload, otherField) === 'string',
  }) as S;
}
