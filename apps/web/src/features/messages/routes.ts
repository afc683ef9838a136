import type { ComponentType } from 'react';

/** The messages pages (issue 9), behind one lazy module (see sales/routes.ts). */
export const messagesPages = {
  list: () => import('./pages/messages-page').then((m) => m.MessagesPage),
  new: () => import('./pages/new-message-page').then((m) => m.NewMessagePage),
  conversation: () => import('./pages/conversation-page').then((m) => m.ConversationPage),
} satisfies Record<string, () => Promise<ComponentType>>;
