import type { ComponentType } from 'react';

/**
 * The sales pages (the CRM's deals, issue 8), behind one lazy module: the route table holds one
 * short import for the four of them instead of four lists of chunks (see marketplace/routes.ts).
 */
export const salesPages = {
  sales: () => import('./pages/sales-page').then((m) => m.SalesPage),
  sale: () => import('./pages/sale-page').then((m) => m.SalePage),
  activeSales: () => import('./pages/active-sales-page').then((m) => m.ActiveSalesPage),
  stats: () => import('./pages/stats-page').then((m) => m.StatsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
