import { useRef } from 'react';

/**
 * The last data a query answered: while a new search is refused (422) or fails, the previous
 * results stay on screen under the error.
 */
export function useLastData<T>(data: T | undefined): T | undefined {
  const last = useRef<T | undefined>(data);
  if (data !== undefined) last.current = data;
  return data ?? last.current;
}
