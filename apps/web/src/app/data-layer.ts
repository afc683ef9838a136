import type { RouteHandle } from '../config/route-handle';

/*
 * The data layer (TanStack Query, app/data-provider.tsx) is loaded once, by the first page that
 * needs it: at start-up for every page but the landing page (`dataFree` in its route handle), whose
 * visitors download it only if they are signed in or go to another page.
 */

type DataProviderModule = typeof import('./data-provider');

let loading: Promise<DataProviderModule> | undefined;
let revalidate: () => Promise<void> = () => Promise.resolve();

/** What re-runs the current page's guards (the router's `revalidate`), set by main.tsx. */
export function setRevalidate(run: () => Promise<void>): void {
  revalidate = run;
}

/** Loads the data layer (once) and starts it. */
export function loadDataLayer(): Promise<DataProviderModule> {
  loading ??= import('./data-provider').then((module) => {
    module.startDataLayer({ revalidate: () => revalidate() });
    return module;
  });
  return loading;
}

/** Whether the data layer was asked for (it is kept from then on). */
export function dataLayerRequested(): boolean {
  return loading !== undefined;
}

/** Whether the deepest route of a match says it needs no data layer (the landing page). */
export function isDataFree(handles: readonly unknown[]): boolean {
  return (handles[handles.length - 1] as RouteHandle | undefined)?.dataFree === true;
}
