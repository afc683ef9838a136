import { z } from 'zod';
import { certifications, financingMethods, locationTypes } from '../enums';
import {
  between,
  checkboxValue,
  distinctItems,
  enumField,
  idField,
  limits,
  MAX_INT,
  moneyField,
  textField,
  trimmedString,
  urlField,
  workSectorsField,
} from './fields';

type LocationPayload = { value: unknown };

function needsLocation(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const { locationType, location } = value as Record<string, unknown>;
  if (typeof locationType !== 'string' || locationType === 'online') return false;
  return (
    location === undefined || location === null || (typeof location === 'string' && location.trim() === '')
  );
}

/** "location required when locationType is set and not online" → rule `required` on `location`. */
function withLocationRule<S extends z.ZodObject>(schema: S): S {
  return schema.refine((value) => !needsLocation(value), {
    message: 'The location field must be defined',
    path: ['location'],
    params: { rule: 'required' },
    when: (payload: LocationPayload) => needsLocation(payload.value),
  }) as S;
}

const serviceFields = {
  name: trimmedString(3, 255),
  description: trimmedString(10, limits.longTextMaxLength),
  /** Euros, stored in a `numeric(12, 2)` column: at most 9,999,999,999.99. */
  price: moneyField().positive().min(1),
  commissionRate: between(z.number().positive(), 1, 100),
  financingMethods: distinctItems(z.array(enumField(financingMethods)).min(1).max(financingMethods.length)),
  link: urlField(),
  /** Stored in an `integer` column: whole units up to `MAX_INT`. */
  duration: z.number().positive().min(1).max(MAX_INT).int(),
  requestValidation: checkboxValue().optional(),
  locationType: enumField(locationTypes),
  location: textField().trim().max(limits.shortTextMaxLength).nullable().optional(),
  certifications: distinctItems(z.array(enumField(certifications)).max(certifications.length)).optional(),
  workSectors: workSectorsField().optional(),
};

/** Create a service (training offer). */
export const serviceCreateSchema = withLocationRule(z.object(serviceFields));
export type ServiceCreateInput = z.infer<typeof serviceCreateSchema>;

/** Update a service: every field optional, `id` a positive integer. */
export const serviceUpdateSchema = withLocationRule(
  z.object(serviceFields).partial().extend({ id: idField().optional() }),
);
export type ServiceUpdateInput = z.infer<typeof serviceUpdateSchema>;
