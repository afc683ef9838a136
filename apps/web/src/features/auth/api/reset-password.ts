import type { ResetPasswordInput } from '@closia/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/reset-password` → 200 | 400 `E_INVALID_TOKEN` | 422. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { handlesError: true } });
}
