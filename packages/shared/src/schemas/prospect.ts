import { z } from 'zod';
import { prospectStates } from '../enums';
import { blankToNull, emailField, enumField, idField, textField, utcDateTime } from './fields';

const prospectFields = {
  firstName: textField().min(2).max(50),
  lastName: textField().min(2).max(50).nullable().optional(),
  contactLinks: z.array(textField()),
  observations: blankToNull(textField()),
  email: blankToNull(emailField()),
  phone: blankToNull(textField().trim()),
  customFields: z.record(textField(), textField()),
  nextActivityAt: utcDateTime(),
  state: enumField(prospectStates).optional(),
};

export const prospectCreateSchema = z.object(prospectFields);
export type ProspectCreateInput = z.infer<typeof prospectCreateSchema>;

/** Update: the create fields plus a positive integer `id`. */
export const prospectUpdateSchema = z.object({ ...prospectFields, id: idField() });
export type ProspectUpdateInput = z.infer<typeof prospectUpdateSchema>;
