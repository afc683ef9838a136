import type { ForgotPasswordInput } from '@closia/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/forgot-password` → 202, the same answer whether or not the account exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { handlesError: true } });
}
