import type { ComponentType } from 'react';

/** The road map's pages, behind one lazy module (see marketplace/routes.ts). */
export const roadmapPages = {
  roadmap: () => import('./pages/roadmap-page').then((m) => m.RoadmapPage),
  admin: () => import('./pages/admin-roadmap-page').then((m) => m.AdminRoadmapPage),
} satisfies Record<string, () => Promise<ComponentType>>;
