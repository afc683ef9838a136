import type { Service, ServiceRejectInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminServiceKeys } from './get-admin-services';

export interface RejectServiceVariables {
  id: number;
  input: ServiceRejectInput;
}

/** `POST /admin/services/{id}/reject { reason }` → the offer, rejected; its owner reads the reason | 422 | 404. */
export function rejectService({ id, input }: RejectServiceVariables): Promise<Service> {
  return api.post<Service>(`/admin/services/${id}/reject`, input);
}

export function useRejectService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectService,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminServiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}
