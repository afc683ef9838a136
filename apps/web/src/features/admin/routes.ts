import type { ComponentType } from 'react';

/**
 * The administration's pages, behind one lazy module (see marketplace/routes.ts): the route table,
 * part of every first load, holds one short import for them instead of a list of chunks per page.
 */
export const adminPages = {
  overview: () => import('./pages/admin-overview-page').then((m) => m.AdminOverviewPage),
  services: () => import('./pages/admin-services-page').then((m) => m.AdminServicesPage),
  skills: () => import('./pages/admin-skills-page').then((m) => m.AdminSkillsPage),
  formations: () => import('./pages/admin-formations-page').then((m) => m.AdminFormationsPage),
  workSectors: () => import('./pages/admin-work-sectors-page').then((m) => m.AdminWorkSectorsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
