import type {
  AdminSupportTicketPage,
  AdminSupportTicketUpdateInput,
  Paginated,
  PersonRef,
  SupportTicket,
} from '@closia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

/** `GET /admin/support/tickets?status&assignee&query&page&perPage` → a page and the counts by status. */
export function getInbox(query: Query, signal?: AbortSignal) {
  return api.get<AdminSupportTicketPage>('/admin/support/tickets', { query, signal });
}

export function useInbox(query: Query) {
  return useQuery({
    queryKey: supportKeys.inbox(query),
    queryFn: ({ signal }) => getInbox(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /admin/support/assignees` → the admins a ticket may be given to. */
export function getAssignees(signal?: AbortSignal) {
  return api.get<Paginated<PersonRef>>('/admin/support/assignees', { query: { perPage: 100 }, signal });
}

export function useAssignees() {
  return useQuery({
    queryKey: supportKeys.assignees,
    queryFn: ({ signal }) => getAssignees(signal),
    staleTime: 5 * 60_000,
  });
}

/** `PUT /admin/support/tickets/{id}` {status?, assigneeId?} → the ticket. */
export function updateTicket({ id, input }: { id: number; input: AdminSupportTicketUpdateInput }) {
  return api.put<SupportTicket>(`/admin/support/tickets/${id}`, input);
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    meta: { handlesError: true },
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets, refetchType: 'none' });
    },
  });
}
