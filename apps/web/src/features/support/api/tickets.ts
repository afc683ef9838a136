import type {
  Paginated,
  SupportMessageInput,
  SupportTicket,
  SupportTicketCreated,
  SupportTicketInput,
  SupportTicketSummary,
} from '@closia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

/** `POST /support/tickets` → 201 its reference (anyone; a visitor gives an e-mail). */
export function createTicket(input: SupportTicketInput) {
  return api.post<SupportTicketCreated>('/support/tickets', input);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    meta: { handlesError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.tickets }),
  });
}

/** `GET /support/tickets?page&perPage` → my tickets, the latest activity first. */
export function getMyTickets(query: Query, signal?: AbortSignal) {
  return api.get<Paginated<SupportTicketSummary>>('/support/tickets', { query, signal });
}

export function useMyTickets(query: Query, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: supportKeys.mine(query),
    queryFn: ({ signal }) => getMyTickets(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** `GET /support/tickets/{id}` → the ticket and its thread (404: missing or not mine). */
export function getTicket(id: number, signal?: AbortSignal) {
  return api.get<SupportTicket>(`/support/tickets/${id}`, { signal });
}

export function getTicketQueryOptions(id: number) {
  return queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

export function useTicket(id: number) {
  return useQuery(getTicketQueryOptions(id));
}

/** `POST /support/tickets/{id}/messages` {body} → 201 the ticket with its thread. */
export function replyToTicket({ id, input }: { id: number; input: SupportMessageInput }) {
  return api.post<SupportTicket>(`/support/tickets/${id}/messages`, input);
}

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    meta: { handlesError: true },
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets, refetchType: 'none' });
    },
  });
}
