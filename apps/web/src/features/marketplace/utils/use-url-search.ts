import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A search's state kept in the address. `update(changes)` merges the changes and goes back to the
 * first page, unless the change is the page itself (which adds a history entry, so that "back"
 * returns to the previous page of results; filter changes replace the current entry).
 */
export function useUrlSearch<S extends { page: number }>(
  parse: (params: URLSearchParams) => S,
  toParams: (state: S) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parse(searchParams), [parse, searchParams]);
  const functions = useRef({ parse, toParams });
  functions.current = { parse, toParams };

  const update = useCallback(
    (changes: Partial<S>) => {
      const pageOnly = Object.keys(changes).length === 1 && 'page' in changes;
      setSearchParams(
        (current) => {
          const next = { ...functions.current.parse(current), ...changes };
          if (!('page' in changes)) next.page = 1;
          return functions.current.toParams(next);
        },
        { replace: !pageOnly },
      );
    },
    [setSearchParams],
  );

  return [state, update] as const;
}
