import type { ChangePasswordInput } from '@closia/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/change-password` → 200 | 422 (wrong current password: field `currentPassword`). */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { handlesError: true } });
}
