import type { Service } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminServiceKeys } from './get-admin-services';

/** `POST /admin/services/{id}/approve` → the offer, approved (visible and sellable) | 404. */
export function approveService(id: number): Promise<Service> {
  return api.post<Service>(`/admin/services/${id}/approve`);
}

export function useApproveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveService,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminServiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}
