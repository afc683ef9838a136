import type { Conversation, Message, MessagePage, Paginated, Participant } from '@closia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const messageKeys = {
  conversations: ['conversations'] as const,
  list: (query: string) => ['conversations', 'list', query] as const,
  conversation: (id: number) => ['conversations', 'detail', id] as const,
  messages: (id: number) => ['messages', 'conversation', id] as const,
  people: (query: string) => ['conversations', 'people', query] as const,
};

/** `GET /conversations`: mine, the latest first, with the other participant and my unread count. */
export function useConversations(query: string) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () =>
      api.get<Paginated<Conversation>>('/conversations', {
        query: { query: query || undefined, perPage: 50 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: messageKeys.conversation(id ?? 0),
    queryFn: () => api.get<Conversation>(`/conversations/${id}`),
    enabled: id !== null,
  });
}

export const fetchConversationMessages = (id: number, cursor: number | undefined) =>
  api.get<MessagePage>(`/conversations/${id}/messages`, { query: { cursor } });

/** JSON for text alone; multipart (`body`, `image`) with an image. */
export function messageRequestBody(body: string, image: File | null): unknown {
  if (!image) return { body };
  const form = new FormData();
  form.append('body', body);
  form.append('image', image);
  return form;
}

export const sendConversationMessage = (id: number, body: string, image: File | null) =>
  api.post<Message>(`/conversations/${id}/messages`, messageRequestBody(body, image));

/** `POST /conversations/{id}/read`: answers my unread message count. */
export function markConversationRead(id: number) {
  return api.post<{ unreadMessageCount: number }>(`/conversations/${id}/read`);
}

/** `POST /conversations` {userId}: the one-to-one with this user, found or created. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<Conversation>('/conversations', { userId }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
    },
  });
}

/** `GET /users/search`: people to write to (or to invite), by name. */
export function usePeopleSearch(query: string) {
  return useQuery({
    queryKey: messageKeys.people(query),
    queryFn: () => api.get<{ data: Participant[] }>('/users/search', { query: { query, perPage: 20 } }),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
