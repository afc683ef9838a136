import type { ComponentType } from 'react';

/**
 * The prospects' pages, behind one lazy module (see marketplace/routes.ts): the route table, part of
 * the first load, holds one short import for both instead of each page's list of chunks.
 */
export const prospectPages = {
  prospects: () => import('./pages/prospects-page').then((m) => m.ProspectsPage),
  merged: () => import('./pages/merged-page').then((m) => m.MergedPage),
} satisfies Record<string, () => Promise<ComponentType>>;
