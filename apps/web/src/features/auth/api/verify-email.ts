import type { CurrentUser, VerifyEmailInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/** `POST /auth/verify-email` → the updated user (when signed in) or `{ message }` | 400 `E_INVALID_TOKEN`. */
export function verifyEmail(input: VerifyEmailInput): Promise<CurrentUser | { message: string }> {
  return api.post<CurrentUser | { message: string }>('/auth/verify-email', input);
}

function isUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && 'id' in value && 'email' in value;
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    meta: { handlesError: true },
    onSuccess: (answer) => {
      if (isUser(answer)) {
        queryClient.setQueryData(currentUserQueryKey, answer);
        return;
      }
      // Anonymous, or verified for another session: refresh the cached user, if any.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
