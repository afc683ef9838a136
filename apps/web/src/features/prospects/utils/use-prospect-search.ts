import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type OpenProspect,
  type ProspectSearchState,
  prospectSearchToParams,
  readOpenProspect,
  withOpenProspect,
} from './search-params';

/**
 * The prospect search kept in the address, and the prospect open in the drawer. `update(changes)`
 * merges the changes and goes back to the first page unless the change is the page itself (which
 * adds a history entry, so that "back" returns to the previous page; other changes replace the
 * entry). The open prospect survives search changes, and opening one keeps the search.
 */
export function useProspectSearch(parse: (params: URLSearchParams) => ProspectSearchState) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parse(searchParams), [parse, searchParams]);
  const open = readOpenProspect(searchParams);
  const parseRef = useRef(parse);
  parseRef.current = parse;

  const update = useCallback(
    (changes: Partial<ProspectSearchState>) => {
      const pageOnly = Object.keys(changes).length === 1 && 'page' in changes;
      setSearchParams(
        (current) => {
          const next = { ...parseRef.current(current), ...changes };
          if (!('page' in changes)) next.page = 1;
          return withOpenProspect(prospectSearchToParams(next), readOpenProspect(current));
        },
        { replace: !pageOnly },
      );
    },
    [setSearchParams],
  );

  const setOpen = useCallback(
    (prospect: OpenProspect) => {
      setSearchParams((current) => withOpenProspect(current, prospect), { replace: true });
    },
    [setSearchParams],
  );

  /** The address of this page with `prospect` open (for real links: a new tab works too). */
  const hrefFor = useCallback(
    (prospect: OpenProspect) => {
      const params = withOpenProspect(searchParams, prospect);
      const search = params.toString();
      return search ? `?${search}` : '?';
    },
    [searchParams],
  );

  return { state, update, open, setOpen, hrefFor } as const;
}
