import type { ComponentType } from 'react';

/** The support's pages (issue 22), behind one lazy module (see marketplace/routes.ts). */
export const supportPages = {
  support: () => import('./pages/support-page').then((m) => m.SupportPage),
  ticket: () => import('./pages/ticket-page').then((m) => m.TicketPage),
  adminInbox: () => import('./pages/admin-support-page').then((m) => m.AdminSupportPage),
  adminTicket: () => import('./pages/admin-ticket-page').then((m) => m.AdminTicketPage),
  adminFaq: () => import('./pages/admin-faq-page').then((m) => m.AdminFaqPage),
} satisfies Record<string, () => Promise<ComponentType>>;
