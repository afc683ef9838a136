import type { ReferenceItemUpdateInput, ValidatedItem, WorkSector } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReferenceKind } from '../config/reference-kinds';
import { type AdminReferenceItem, adminReferenceKeys } from './admin-reference-keys';
import { toAdminItem } from './get-admin-reference-items';

export interface UpdateAdminReferenceItemVariables {
  id: number;
  input: ReferenceItemUpdateInput;
}

/**
 * `PUT /admin/{kind}/{id} { name?, approved? }` → the item (rename and/or approve; a renamed skill
 * or formation is renamed in every profile) | 404 | 422 `unique`.
 */
export async function updateAdminReferenceItem(
  kind: ReferenceKind,
  { id, input }: UpdateAdminReferenceItemVariables,
): Promise<AdminReferenceItem> {
  return toAdminItem(await api.put<WorkSector | ValidatedItem>(`/admin/${kind}/${id}`, input));
}

export function useUpdateAdminReferenceItem(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateAdminReferenceItemVariables) => updateAdminReferenceItem(kind, variables),
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReferenceKeys.kind(kind) });
      void queryClient.invalidateQueries({ queryKey: adminReferenceKeys.publicList(kind) });
    },
  });
}
