import { z } from 'zod';
import { certifications, financingMethods, missionTypes, sortOrders } from '../enums';
import {
  enumField,
  idField,
  idParam,
  lenientNumber,
  limits,
  MAX_MONEY,
  moneyField,
  numberBetween,
  positiveInt,
  textField,
} from './fields';

export const missionCreateSchema = z.object({
  title: textField().min(5).max(100),
  description: textField().max(limits.longTextMaxLength).optional(),
  missionType: enumField(missionTypes),
  minConversionRate: numberBetween(0, 100).optional(),
  minExperience: positiveInt().optional(),
  serviceId: idField(),
  /** Average deal size the freelancer will handle, in euros (not in spec §5; optional). */
  ticket: moneyField(1_000_000_000).positive().nullable().optional(),
});
export type MissionCreateInput = z.infer<typeof missionCreateSchema>;

/** A single query-string value where a list is expected becomes a one-item list (at most 50 items). */
function list<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(item).max(50));
}

const positiveNumber = () => lenientNumber().pipe(z.number().positive().max(MAX_MONEY));

/** Mission search filters: all optional and nullable; numbers may come as query-string text. */
export const missionSearchSchema = z.object({
  query: textField().max(100).nullish(),
  missionType: enumField(missionTypes).nullish(),
  priceRange: list(positiveNumber()).pipe(z.array(z.number()).length(2)).nullish(),
  workSectors: list(idParam()).nullish(),
  certifications: list(enumField(certifications)).nullish(),
  financingMethods: list(enumField(financingMethods)).nullish(),
  sortBy: textField().max(100).nullish(),
  sortOrder: enumField(sortOrders).nullish(),
});
export type MissionSearchInput = z.infer<typeof missionSearchSchema>;
