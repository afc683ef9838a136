import type {
  AssignableTeamRole,
  Paginated,
  Team,
  TeamChat,
  TeamCreateInput,
  TeamEvent,
  TeamEventCreateInput,
  TeamEventUpdateInput,
  TeamInvitation,
  TeamInvitationCreateInput,
  TeamInvitationPreview,
  TeamMember,
  TeamStats,
  TeamUpdateInput,
} from '@closia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the teams feature: everything under `teams` (refetched after a reconnect). */
export const teamKeys = {
  all: ['teams'] as const,
  mine: (query: string) => ['teams', 'mine', query] as const,
  team: (id: number) => ['teams', 'detail', id] as const,
  members: (id: number) => ['teams', 'detail', id, 'members'] as const,
  invitations: (id: number) => ['teams', 'detail', id, 'invitations'] as const,
  chats: (id: number) => ['teams', 'detail', id, 'chats'] as const,
  chatMessages: (id: number, chatId: number) => ['teams', 'detail', id, 'chats', chatId, 'messages'] as const,
  events: (id: number) => ['teams', 'detail', id, 'events'] as const,
  stats: (id: number) => ['teams', 'detail', id, 'stats'] as const,
  myInvitations: ['teams', 'my-invitations'] as const,
  admin: (query: Record<string, unknown>) => ['teams', 'admin', query] as const,
  adminTeam: (id: number) => ['teams', 'admin', 'detail', id] as const,
};

interface List<T> {
  data: T[];
}

export function useMyTeams(query = '') {
  return useQuery({
    queryKey: teamKeys.mine(query),
    queryFn: () => api.get<Paginated<Team>>('/teams', { query: { query: query || undefined, perPage: 100 } }),
    placeholderData: keepPreviousData,
  });
}

export function useTeam(id: number) {
  return useQuery({
    queryKey: teamKeys.team(id),
    queryFn: () => api.get<Team>(`/teams/${id}`),
    enabled: id > 0,
  });
}

export function useTeamMembers(id: number) {
  return useQuery({
    queryKey: teamKeys.members(id),
    queryFn: () => api.get<List<TeamMember>>(`/teams/${id}/members`).then((r) => r.data),
  });
}

export function useTeamInvitations(id: number, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitations(id),
    queryFn: () => api.get<List<TeamInvitation>>(`/teams/${id}/invitations`).then((r) => r.data),
    enabled,
  });
}

export function useTeamChats(id: number) {
  return useQuery({
    queryKey: teamKeys.chats(id),
    queryFn: () => api.get<List<TeamChat>>(`/teams/${id}/chats`).then((r) => r.data),
  });
}

/** Events overlapping [from, to] (default: those not over yet). */
export function useTeamEvents(id: number, period: { from?: string; to?: string } = {}) {
  return useQuery({
    queryKey: [...teamKeys.events(id), period],
    queryFn: () => api.get<List<TeamEvent>>(`/teams/${id}/events`, { query: period }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useTeamStats(id: number) {
  return useQuery({ queryKey: teamKeys.stats(id), queryFn: () => api.get<TeamStats>(`/teams/${id}/stats`) });
}

/** `fresh`: read again on mount (where an address was just verified, the list may have grown). */
export function useMyInvitations({ fresh = false } = {}) {
  return useQuery({
    queryKey: teamKeys.myInvitations,
    queryFn: () => api.get<List<TeamInvitation>>('/team-invitations').then((r) => r.data),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/**
 * `GET /team-invitations/preview?token=` (public): who invites to which team, for the sign-up page
 * of an e-mail invitation's link. 404 once the invitation is answered or cancelled.
 */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['teams', 'invitation-preview', token] as const,
    queryFn: () => api.get<TeamInvitationPreview>('/team-invitations/preview', { query: { token } }),
    enabled: !!token,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Every team mutation refetches the feature's queries (a team changes in several lists at once).
 * Every team screen shows a failed mutation's error where it happened, in French (`errorMessage`
 * with the feature's wording): no global toast repeating it in the API's English.
 */
function useTeamMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useCreateTeam = () =>
  useTeamMutation((input: TeamCreateInput) => api.post<Team>('/teams', input));
export const useUpdateTeam = (id: number) =>
  useTeamMutation((input: TeamUpdateInput) => api.put<Team>(`/teams/${id}`, input));
export const useDeleteTeam = (id: number) => useTeamMutation(() => api.delete<void>(`/teams/${id}`));

export function uploadTeamAvatar(id: number, file: File) {
  const form = new FormData();
  form.append('photo', file);
  return api.post<Team>(`/teams/${id}/avatar`, form);
}
export const useUploadTeamAvatar = (id: number) =>
  useTeamMutation((file: File) => uploadTeamAvatar(id, file));
export const useRemoveTeamAvatar = (id: number) =>
  useTeamMutation(() => api.delete<Team>(`/teams/${id}/avatar`));

export const useAnswerInvitation = () =>
  useTeamMutation(
    ({ id, accept }: { id: number; accept: boolean }): Promise<Team | TeamInvitation> =>
      accept
        ? api.post<Team>(`/team-invitations/${id}/accept`)
        : api.post<TeamInvitation>(`/team-invitations/${id}/decline`),
  );

export const useInvite = (id: number) =>
  useTeamMutation((input: TeamInvitationCreateInput) =>
    api.post<TeamInvitation>(`/teams/${id}/invitations`, input),
  );
export const useCancelInvitation = (id: number) =>
  useTeamMutation((invitationId: number) => api.delete<void>(`/teams/${id}/invitations/${invitationId}`));
export const useChangeRole = (id: number) =>
  useTeamMutation(({ userId, role }: { userId: number; role: AssignableTeamRole }) =>
    api.put<TeamMember>(`/teams/${id}/members/${userId}`, { role }),
  );
export const useRemoveMember = (id: number) =>
  useTeamMutation((userId: number) => api.delete<void>(`/teams/${id}/members/${userId}`));
export const useTransferTeam = (id: number) =>
  useTeamMutation((userId: number) => api.post<Team>(`/teams/${id}/transfer`, { userId }));

export const useCreateChat = (id: number) =>
  useTeamMutation((name: string) => api.post<TeamChat>(`/teams/${id}/chats`, { name }));

export const useRenameChat = (id: number) =>
  useTeamMutation(({ chatId, name }: { chatId: number; name: string }) =>
    api.put<TeamChat>(`/teams/${id}/chats/${chatId}`, { name }),
  );
export const useDeleteChat = (id: number) =>
  useTeamMutation((chatId: number) => api.delete<void>(`/teams/${id}/chats/${chatId}`));

export const useSaveEvent = (id: number) =>
  useTeamMutation(
    ({
      eventId,
      input,
    }: {
      eventId?: number;
      input: TeamEventCreateInput | TeamEventUpdateInput;
    }): Promise<TeamEvent> =>
      eventId
        ? api.put<TeamEvent>(`/teams/${id}/events/${eventId}`, input)
        : api.post<TeamEvent>(`/teams/${id}/events`, input),
  );
export const useDeleteEvent = (id: number) =>
  useTeamMutation((eventId: number) => api.delete<void>(`/teams/${id}/events/${eventId}`));

/** `/admin/teams`: every team, by name. */
export function useAdminTeams(query: { query?: string; page: number }) {
  return useQuery({
    queryKey: teamKeys.admin(query),
    queryFn: () => api.get<Paginated<Team>>('/admin/teams', { query: { ...query, perPage: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTeam(id: number | null) {
  return useQuery({
    queryKey: teamKeys.adminTeam(id ?? 0),
    queryFn: () => api.get<Team & { members: TeamMember[] }>(`/admin/teams/${id}`),
    enabled: id !== null,
  });
}

export const useAdminDeleteTeam = () =>
  useTeamMutation((id: number) => api.delete<void>(`/admin/teams/${id}`));
