import type { ComponentType } from 'react';

/** The teams pages (issue 9), behind one lazy module (see sales/routes.ts). */
export const teamsPages = {
  list: () => import('./pages/teams-page').then((m) => m.TeamsPage),
  team: () => import('./pages/team-page').then((m) => m.TeamPage),
  manage: () => import('./pages/team-manage-page').then((m) => m.TeamManagePage),
  chat: () => import('./pages/team-chat-page').then((m) => m.TeamChatPage),
  sales: () => import('./pages/team-sales-page').then((m) => m.TeamSalesPage),
  sale: () => import('./pages/team-sale-page').then((m) => m.TeamSalePage),
  admin: () => import('./pages/admin-teams-page').then((m) => m.AdminTeamsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
