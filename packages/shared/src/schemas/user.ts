import { z } from 'zod';
import { checkboxValue, emailField, limits, positiveInt, trimmedString, urlField } from './fields';

/** A user record as created or edited by an admin (spec §5 "User"). */
export const userSchema = z.object({
  firstName: trimmedString(limits.nameMinLength, limits.nameMaxLength),
  lastName: trimmedString(limits.nameMinLength, limits.nameMaxLength),
  email: emailField(),
  password: z.string().min(limits.passwordMinLength).max(limits.passwordMaxLength),
  profilePicture: urlField().nullable().optional(),
  banner: urlField().nullable().optional(),
  loom: urlField().nullable().optional(),
  videoUrl: urlField().nullable().optional(),
  referrerId: positiveInt().nullable().optional(),
});
export type UserInput = z.infer<typeof userSchema>;

/** PUT /api/v1/user */
export const userUpdateSchema = z.object({
  location: z.string().trim().max(255).nullable().optional(),
  socialLinks: z.array(z.string().max(4096)).optional(),
  available: checkboxValue().optional(),
  videoUrl: urlField(4096).nullable().optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
