import { z } from 'zod';
import { registrationRoles } from '../enums';
import { checkboxValue, emailField, idField, limits, textField, trimmedString, urlField } from './fields';

/** A user record as created or edited by an admin (spec §5 "User"). */
export const userSchema = z.object({
  firstName: trimmedString(limits.nameMinLength, limits.nameMaxLength),
  lastName: trimmedString(limits.nameMinLength, limits.nameMaxLength),
  email: emailField(),
  password: textField().min(limits.passwordMinLength).max(limits.passwordMaxLength),
  profilePicture: urlField().nullable().optional(),
  banner: urlField().nullable().optional(),
  loom: urlField().nullable().optional(),
  videoUrl: urlField().nullable().optional(),
  referrerId: idField().nullable().optional(),
});
export type UserInput = z.infer<typeof userSchema>;

/** PUT /api/v1/user: the spec's fields plus the identity and Loom link edited in the settings. */
export const userUpdateSchema = z.object({
  firstName: trimmedString(limits.nameMinLength, limits.nameMaxLength).optional(),
  lastName: trimmedString(limits.nameMinLength, limits.nameMaxLength).optional(),
  location: textField().trim().max(255).nullable().optional(),
  socialLinks: z.array(urlField(limits.linkMaxLength)).max(limits.linksMax).optional(),
  available: checkboxValue().optional(),
  videoUrl: urlField(4096).nullable().optional(),
  loom: urlField(4096).nullable().optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** POST /api/v1/user/email: a new address, confirmed by a link sent to it; the password proves it is the owner. */
export const emailChangeSchema = z.object({
  email: emailField(),
  password: textField().min(1).max(limits.passwordMaxLength),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** POST /api/v1/user/change-account: clears the sub-profile; with a role, starts the new one. */
export const changeAccountSchema = z.object({
  role: z.enum(registrationRoles).optional(),
});
export type ChangeAccountInput = z.infer<typeof changeAccountSchema>;

/** Name of a reference item (work sector, skill, formation) proposed by a user or managed by an admin. */
export const referenceItemSchema = z.object({
  name: trimmedString(2, 100),
});
export type ReferenceItemInput = z.infer<typeof referenceItemSchema>;

/** Admin edit of a reference item: rename and/or approve. */
export const referenceItemUpdateSchema = z.object({
  name: trimmedString(2, 100).optional(),
  approved: z.boolean().optional(),
});
export type ReferenceItemUpdateInput = z.infer<typeof referenceItemUpdateSchema>;
