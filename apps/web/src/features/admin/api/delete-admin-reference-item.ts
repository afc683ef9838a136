import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReferenceKind } from '../config/reference-kinds';
import { adminReferenceKeys } from './admin-reference-keys';

/** `DELETE /admin/{kind}/{id}` → 204 | 409 `E_CONFLICT` while profiles or offers use it | 404. */
export function deleteAdminReferenceItem(kind: ReferenceKind, id: number): Promise<void> {
  return api.delete<void>(`/admin/${kind}/${id}`);
}

export function useDeleteAdminReferenceItem(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAdminReferenceItem(kind, id),
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReferenceKeys.kind(kind) });
      void queryClient.invalidateQueries({ queryKey: adminReferenceKeys.publicList(kind) });
    },
  });
}
