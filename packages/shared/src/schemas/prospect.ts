import { z } from 'zod';
import { prospectStates } from '../enums';
import { blankToNull, emailField, enumField, positiveInt, utcDateTime } from './fields';

const prospectFields = {
  firstName: z.string().min(2).max(50),
  lastName: z.string().min(2).max(50).nullable().optional(),
  contactLinks: z.array(z.string()),
  observations: blankToNull(z.string()),
  email: blankToNull(emailField()),
  phone: blankToNull(z.string().trim()),
  customFields: z.record(z.string(), z.string()),
  nextActivityAt: utcDateTime(),
  state: enumField(prospectStates).optional(),
};

export const prospectCreateSchema = z.object(prospectFields);
export type ProspectCreateInput = z.infer<typeof prospectCreateSchema>;

/** Update: the create fields plus a positive integer `id`. */
export const prospectUpdateSchema = z.object({ ...prospectFields, id: positiveInt() });
export type ProspectUpdateInput = z.infer<typeof prospectUpdateSchema>;
