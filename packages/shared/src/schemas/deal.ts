import { z } from 'zod';
import { pipelineStages } from '../enums';
import { dateField, enumField, idField, positiveInt, textField } from './fields';

const dealFields = {
  title: textField().min(2).max(100),
  observations: textField().max(2500),
  status: enumField(pipelineStages),
  expectedCloseDate: dateField(),
  probability: positiveInt().optional(),
  prospectId: idField(),
  infopreneurFormationId: idField(),
};

export const dealCreateSchema = z.object(dealFields);
export type DealCreateInput = z.infer<typeof dealCreateSchema>;

/** Update: every field optional except `id`. */
export const dealUpdateSchema = z.object(dealFields).partial().extend({ id: idField() });
export type DealUpdateInput = z.infer<typeof dealUpdateSchema>;
