import { z } from 'zod';
import { pipelineStages } from '../enums';
import { dateField, enumField, positiveInt } from './fields';

const dealFields = {
  title: z.string().min(2).max(100),
  observations: z.string().max(2500),
  status: enumField(pipelineStages),
  expectedCloseDate: dateField(),
  probability: z.number().positive().optional(),
  prospectId: positiveInt(),
  infopreneurFormationId: positiveInt(),
};

export const dealCreateSchema = z.object(dealFields);
export type DealCreateInput = z.infer<typeof dealCreateSchema>;

/** Update: every field optional except `id`. */
export const dealUpdateSchema = z.object(dealFields).partial().extend({ id: positiveInt() });
export type DealUpdateInput = z.infer<typeof dealUpdateSchema>;
