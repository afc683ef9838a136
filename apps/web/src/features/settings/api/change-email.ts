import type { EmailChangeInput } from '@closia/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /user/email` → 202: a confirmation link is sent to the new address (the address changes
 * only once it is followed) | 422 `email` unique, `password` currentPassword.
 */
export function changeEmail(input: EmailChangeInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/user/email', input);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, meta: { handlesError: true } });
}
