import type { CurrentUser } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/**
 * `POST /user/email/confirm { token }` (no session needed) → the user with the new, verified
 * address, or `{ message }` | 400 `E_INVALID_TOKEN`.
 */
export function confirmEmailChange(input: { token: string }): Promise<CurrentUser | { message: string }> {
  return api.post<CurrentUser | { message: string }>('/user/email/confirm', input);
}

function isUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && 'id' in value && 'email' in value;
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    meta: { handlesError: true },
    onSuccess: async (answer) => {
      // Only this very user's session takes the answer; otherwise re-read who is signed in.
      const cached = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
      if (isUser(answer) && cached?.id === answer.id) {
        queryClient.setQueryData(currentUserQueryKey, answer);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
