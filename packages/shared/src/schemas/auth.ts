import { z } from 'zod';
import { registrationRoles } from '../enums';
import { emailField, enumField, limits, textField, trimmedString } from './fields';
import { withSameAs } from './refinements';

const newPassword = () => textField().min(limits.passwordMinLength).max(limits.passwordMaxLength);
/** A password typed to prove who one is: never longer than a password may be set. */
const givenPassword = () => textField().min(1).max(limits.passwordMaxLength);
/** The confirmation of a new password: compared with it (rule `sameAs`), bounded like it. */
const confirmation = () => textField().max(limits.passwordMaxLength);
const personName = () => trimmedString(limits.nameMinLength, limits.nameMaxLength);

/** POST /api/v1/auth/register */
export const registerSchema = z.object({
  email: emailField(),
  password: newPassword(),
  firstName: personName(),
  lastName: personName(),
  affiliationCode: textField().trim().max(64).nullable().optional(),
  role: enumField(registrationRoles).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/v1/auth/login */
export const loginSchema = z.object({
  email: emailField(),
  password: givenPassword(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/v1/auth/forgot-password */
export const forgotPasswordSchema = z.object({
  email: emailField(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/v1/auth/reset-password */
export const resetPasswordSchema = withSameAs(
  z.object({
    token: textField().min(1).max(255),
    password: newPassword(),
    passwordConfirmation: confirmation(),
  }),
  'passwordConfirmation',
  'password',
);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/v1/auth/change-password */
export const changePasswordSchema = withSameAs(
  z.object({
    currentPassword: givenPassword(),
    password: newPassword(),
    passwordConfirmation: confirmation(),
  }),
  'passwordConfirmation',
  'password',
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/v1/auth/verify-email */
export const verifyEmailSchema = z.object({
  token: textField().min(1).max(255),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
