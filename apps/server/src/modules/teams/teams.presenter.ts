// Response schemas of teams, their members, invitations, chats, events and stats (shared with the web's types).
export {
  listOf,
  teamChatResponse,
  teamEventResponse,
  teamInvitationResponse,
  teamMemberResponse,
  teamResponse,
  teamStatsResponse,
} from '@closia/shared';
