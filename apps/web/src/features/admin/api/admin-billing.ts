import type {
  AdminBillingSummary,
  AdminGrantBody,
  AdminSubscriptionRow,
  Paginated,
  SubscriptionStatus,
} from '@closia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminBillingKeys = {
  all: ['admin', 'billing'] as const,
  summary: ['admin', 'billing', 'summary'] as const,
  subscriptions: (query: AdminSubscriptionsParams) => ['admin', 'billing', 'subscriptions', query] as const,
};

export interface AdminSubscriptionsParams {
  status?: SubscriptionStatus;
  plan?: 'pro' | 'equipe';
  page: number;
}

/** `GET /admin/billing/summary`: MRR (cents HT), paying subscriptions by plan, churn, failed payments. */
export function useAdminBillingSummary() {
  return useQuery({
    queryKey: adminBillingKeys.summary,
    queryFn: () => api.get<AdminBillingSummary>('/admin/billing/summary'),
  });
}

/** `GET /admin/billing/subscriptions?status&plan&page`. */
export function useAdminSubscriptions(params: AdminSubscriptionsParams) {
  return useQuery({
    queryKey: adminBillingKeys.subscriptions(params),
    queryFn: () =>
      api.get<Paginated<AdminSubscriptionRow>>('/admin/billing/subscriptions', {
        query: { status: params.status, plan: params.plan, page: params.page, perPage: 10 },
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /admin/billing/grants` → 204: a paid plan until a date, kept in the audit log. */
export function useGrantPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGrantBody) => api.post<void>('/admin/billing/grants', body),
    meta: { handlesError: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminBillingKeys.all }),
  });
}
