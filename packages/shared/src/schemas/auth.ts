import { z } from 'zod';
import { registrationRoles } from '../enums';
import { emailField, enumField, limits, textField, trimmedString } from './fields';
import { withSameAs } from './refinements';

const newPassword = () => textField().min(limits.passwordMinLength).max(limits.passwordMaxLength);
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
  password: textField().min(1),
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
    passwordConfirmation: textField(),
  }),
  'passwordConfirmation',
  'password',
);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/v1/auth/change-password */
export const changePasswordSchema = withSameAs(
  z.object({
    currentPassword: textField().min(1),
    password: newPassword(),
    passwordConfirmation: textField(),
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
