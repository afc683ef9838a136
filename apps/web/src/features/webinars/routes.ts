import type { ComponentType } from 'react';

/** The webinars' pages, behind one lazy module (see marketplace/routes.ts for why). */
export const webinarPages = {
  list: () => import('./pages/webinars-page').then((m) => m.WebinarsPage),
  webinar: () => import('./pages/webinar-page').then((m) => m.WebinarPage),
  create: () => import('./pages/webinar-create-page').then((m) => m.WebinarCreatePage),
  edit: () => import('./pages/webinar-edit-page').then((m) => m.WebinarEditPage),
  replay: () => import('./pages/webinar-replay-page').then((m) => m.WebinarReplayPage),
} satisfies Record<string, () => Promise<ComponentType>>;
