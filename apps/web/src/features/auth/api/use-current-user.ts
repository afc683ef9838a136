import { useQuery } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from './get-current-user';

/**
 * The signed-in user: `data` is the user, `null` when anonymous, `undefined` while unknown.
 * Apart from get-current-user.ts because the start-up code (main.tsx, guards) uses the fetcher and
 * its options only: the query observer behind this hook then loads with the layouts, not before.
 */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
