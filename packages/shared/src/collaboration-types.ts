/**
 * What the collaboration API answers (issue 9): conversations and messages, teams with their
 * members, invitations, chats and events, notifications, and the realtime events pushed on each
 * channel. Instants are ISO 8601 UTC.
 */
import type {
  NotificationCategory,
  NotificationType,
  TeamInvitationStatus,
  TeamMemberRole,
  UserType,
} from './enums';

/** Someone as a conversation, a team or a notification shows them. */
export interface Participant {
  id: number;
  fullName: string;
  profilePicture: string | null;
  type: UserType;
  /** Connected now (a live realtime stream) or active in the last five minutes. */
  online: boolean;
}

/** An image sent with a message, served to those who may read the message. */
export interface MessageAttachment {
  url: string;
  width: number;
  height: number;
}

/** A message of a conversation or of a team chat. */
export interface Message {
  id: number;
  conversationId: number | null;
  chatId: number | null;
  /** Null once the sender's account is deleted. */
  sender: Participant | null;
  body: string;
  attachment: MessageAttachment | null;
  createdAt: string;
}

/** Cursor pages of messages: newest first; `nextCursor` fetches the older ones (null: no more). */
export interface MessagePage {
  data: Message[];
  meta: { perPage: number; nextCursor: number | null };
}

/** A one-to-one conversation, as its participant sees it. */
export interface Conversation {
  id: number;
  other: Participant;
  lastMessage: Message | null;
  lastMessageAt: string | null;
  /** Messages of the other participant I have not read. */
  unreadCount: number;
  /** Up to when the other participant has read (my messages sent before are "Vu"). */
  otherLastReadAt: string | null;
  createdAt: string;
}

export interface Team {
  id: number;
  name: string;
  description: string | null;
  avatar: string | null;
  creator: Participant | null;
  memberCount: number;
  /** The caller's role (null for an admin of Closia looking from /admin/teams). */
  myRole: TeamMemberRole | null;
  /** The default "Général" chat. */
  defaultChatId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface TeamMember {
  user: Participant;
  role: TeamMemberRole;
  joinedAt: string;
}

export interface TeamInvitation {
  id: number;
  team: { id: number; name: string; avatar: string | null };
  /** The invited user, or null for an e-mail invitation to someone without an account yet. */
  invitee: Participant | null;
  email: string | null;
  invitedBy: Participant | null;
  status: TeamInvitationStatus;
  createdAt: string;
  respondedAt: string | null;
}

/**
 * What the sign-up page shows of the e-mail invitation its link carries
 * (`GET /team-invitations/preview?token=`): the team, who invites (full name), the address invited.
 */
export interface TeamInvitationPreview {
  team: { name: string };
  invitedBy: string | null;
  email: string;
}

export interface TeamChat {
  id: number;
  teamId: number;
  name: string;
  isDefault: boolean;
  lastMessageAt: string | null;
  createdAt: string;
}

export interface TeamEvent {
  id: number;
  teamId: number;
  name: string;
  description: string | null;
  startTime: string;
  endTime: string;
  location: string | null;
  link: string | null;
  createdById: number | null;
  createdBy: Participant | null;
  createdAt: string;
  updatedAt: string;
}

/** A team's sales: its shared pipeline and each member's results. Money in integer cents. */
export interface TeamStats {
  pipeline: { status: string; count: number; amountCents: number; weightedCents: number }[];
  members: {
    user: Participant;
    role: TeamMemberRole;
    openDeals: number;
    wonDeals: number;
    lostDeals: number;
    revenueCents: number;
    commissionCents: number;
  }[];
  totals: {
    openDeals: number;
    wonDeals: number;
    lostDeals: number;
    revenueCents: number;
    commissionCents: number;
  };
}

export interface Notification {
  id: number;
  type: NotificationType;
  category: NotificationCategory;
  /** French, ready to show: "Marie Dupont vous a envoyé un message". */
  title: string;
  body: string | null;
  /** Where it leads in the app (a path such as /dashboard/messages/12). */
  link: string | null;
  actor: Participant | null;
  /** How many events it groups (messages of one conversation). */
  count: number;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  data: Notification[];
  meta: { total: number; perPage: number; currentPage: number; lastPage: number; unreadCount: number };
}

export interface NotificationPreferences {
  email: Record<NotificationCategory, boolean>;
}

/**
 * What the server pushes on each realtime channel (the `payload` of a Transmit message).
 * `users/{id}`: notifications and unread counts; `conversations/{id}` and `teams/{id}/chats/{chatId}`:
 * messages and read receipts; `teams/{id}`: changes to refetch.
 */
export type RealtimeEvent =
  | { type: 'notification'; notification: Notification; unreadCount: number }
  | { type: 'notifications.read'; unreadCount: number }
  | { type: 'unread-messages'; unreadMessageCount: number; conversationId: number | null }
  | { type: 'message.created'; message: Message }
  | { type: 'conversation.read'; conversationId: number; userId: number; lastReadAt: string }
  | {
      type: 'team.changed';
      teamId: number;
      what: 'team' | 'members' | 'invitations' | 'chats' | 'events' | 'deals' | 'deleted';
      dealId?: number;
    };
