import type { ComponentType } from 'react';

/**
 * The marketplace's pages, behind one lazy module. The route table is part of the first load, and
 * every `import()` in it carries the list of chunks its page needs (to preload them): going through
 * this module, the table holds one short import for the nine pages instead of nine long lists.
 * The price is one small extra request, once, before the first marketplace page.
 */
export const marketplacePages = {
  jobs: () => import('./pages/jobs-page').then((m) => m.JobsPage),
  job: () => import('./pages/job-page').then((m) => m.JobPage),
  missions: () => import('./pages/missions-page').then((m) => m.MissionsPage),
  mission: () => import('./pages/mission-page').then((m) => m.MissionPage),
  freelancers: () => import('./pages/freelancers-page').then((m) => m.FreelancersPage),
  services: () => import('./pages/services-page').then((m) => m.ServicesPage),
  favorites: () => import('./pages/favorites-page').then((m) => m.FavoritesPage),
  advertisements: () => import('./pages/advertisements-page').then((m) => m.AdvertisementsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
