import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/verify-email/resend` → 202 (signed in only). */
export function resendVerificationEmail(): Promise<void> {
  return api.post<void>('/auth/verify-email/resend');
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail, meta: { handlesError: true } });
}
