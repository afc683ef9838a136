/**
 * What the reference lists answer (spec §3): work sectors, and the admin-validated skills and
 * formations of the catalogue. The same item under its kind's flag name.
 */
import { z } from 'zod';
import { textField } from '../schemas/fields';

const referenceItemShape = {
  id: z.number(),
  name: textField(),
  proposedById: z.number().nullable(),
  usage: z
    .number()
    .optional()
    .meta({ description: 'How many profiles and offers use it (admin lists only).' }),
  createdAt: textField(),
  updatedAt: textField(),
};

/** A work sector of the reference list (spec §3). `usage` only in admin lists. */
export const workSectorResponse = z.object({ ...referenceItemShape, approved: z.boolean() });
export type WorkSector = z.infer<typeof workSectorResponse>;

/** An admin-validated named entry: a skill or a formation of the catalogue (spec §3). */
export const validatedItemResponse = z.object({ ...referenceItemShape, isValidated: z.boolean() });
export type ValidatedItem = z.infer<typeof validatedItemResponse>;
