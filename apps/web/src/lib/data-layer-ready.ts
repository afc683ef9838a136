import { createContext, useContext } from 'react';

/**
 * True under the data layer's provider (app/data-provider.tsx): TanStack Query's hooks work there.
 * The public frame, also shown without the data layer (the landing page), asks before rendering
 * what needs it.
 */
export const DataLayerReady = createContext(false);

export function useDataLayerReady(): boolean {
  return useContext(DataLayerReady);
}
