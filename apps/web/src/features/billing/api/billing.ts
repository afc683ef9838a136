import type {
  BillingInterval,
  BillingResponse,
  CheckoutResponse,
  InvoiceResponse,
  Paginated,
  PlanId,
  PlanResponse,
  SandboxPortalBody,
} from '@closia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the billing feature. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  mine: ['billing', 'mine'] as const,
  invoices: (page: number) => ['billing', 'invoices', page] as const,
  sandboxSession: (id: string) => ['billing', 'sandbox-session', id] as const,
};

/** `GET /plans` (public): the three plans with their prices. */
export function getPlans(): Promise<PlanResponse[]> {
  return api.get<{ data: PlanResponse[] }>('/plans').then((answer) => answer.data);
}

export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.plans, queryFn: getPlans, staleTime: 10 * 60_000 });

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}

/** `GET /billing`: the plan that applies now, the subscription and the usage against each limit. */
export function getBilling(): Promise<BillingResponse> {
  return api.get<BillingResponse>('/billing');
}

export const getBillingQueryOptions = () => queryOptions({ queryKey: billingKeys.mine, queryFn: getBilling });

export function useBilling({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBillingQueryOptions(), enabled });
}

/** `POST /billing/checkout`: where the browser goes to pay (Stripe's page or the sandbox's). */
export function useCheckout() {
  return useMutation({
    mutationFn: (body: { planId: PlanId; interval: BillingInterval }) =>
      api.post<CheckoutResponse>('/billing/checkout', body),
    meta: { handlesError: true },
  });
}

/** `POST /billing/portal`: Stripe's customer portal, or the sandbox's own page. */
export function usePortal() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/billing/portal'),
    meta: { handlesError: true },
  });
}

/** `POST /billing/sandbox/portal`: change plan or interval, cancel at the period's end, resume. */
export function useSandboxPortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SandboxPortalBody) => api.post<BillingResponse>('/billing/sandbox/portal', body),
    meta: { handlesError: true },
    onSuccess: (billing) => {
      queryClient.setQueryData(billingKeys.mine, billing);
      return queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}

export const INVOICES_PER_PAGE = 10;

/** `GET /billing/invoices`: my invoices, newest first. */
export function useInvoices(page: number) {
  return useQuery({
    queryKey: billingKeys.invoices(page),
    queryFn: () =>
      api.get<Paginated<InvoiceResponse>>('/billing/invoices', {
        query: { page, perPage: INVOICES_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}
