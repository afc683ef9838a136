import type { ReferenceItemInput, ValidatedItem, WorkSector } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReferenceKind } from '../config/reference-kinds';
import { type AdminReferenceItem, adminReferenceKeys } from './admin-reference-keys';
import { toAdminItem } from './get-admin-reference-items';

/** `POST /admin/{kind} { name }` → 201, created approved | 422 `unique` on a duplicate name. */
export async function createAdminReferenceItem(
  kind: ReferenceKind,
  input: ReferenceItemInput,
): Promise<AdminReferenceItem> {
  return toAdminItem(await api.post<WorkSector | ValidatedItem>(`/admin/${kind}`, input));
}

export function useCreateAdminReferenceItem(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferenceItemInput) => createAdminReferenceItem(kind, input),
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReferenceKeys.kind(kind) });
      void queryClient.invalidateQueries({ queryKey: adminReferenceKeys.publicList(kind) });
    },
  });
}
