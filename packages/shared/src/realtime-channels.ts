/**
 * The names of the realtime channels, built here only: the server broadcasts to them and
 * authorises subscriptions by their patterns, the web subscribes to them. What each carries is
 * `RealtimeEvent`.
 */
export const channels = {
  /** A user's notifications and unread counts. */
  user: (userId: number) => `users/${userId}`,
  /** A private conversation's messages and read receipts. */
  conversation: (conversationId: number) => `conversations/${conversationId}`,
  /** A team's changes to refetch (members, invitations, chats, events, shared deals). */
  team: (teamId: number) => `teams/${teamId}`,
  /** A team chat's messages. */
  teamChat: (teamId: number, chatId: number) => `teams/${teamId}/chats/${chatId}`,
} as const;

/** Each channel's name with its ids captured, in the order of the builder's parameters. */
export const channelPatterns = {
  user: /^users\/(\d+)$/,
  conversation: /^conversations\/(\d+)$/,
  team: /^teams\/(\d+)$/,
  teamChat: /^teams\/(\d+)\/chats\/(\d+)$/,
} as const satisfies Record<keyof typeof channels, RegExp>;
