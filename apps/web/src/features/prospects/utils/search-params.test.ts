import { describe, expect, it } from 'vitest';
import { changeUrlState, readUrlState, writeUrlState } from '../../../lib/url-state';
import {
  countProspectFilters,
  hasSearch,
  mergedSearch,
  openProspectSearch,
  type ProspectSearchState,
  parseSortValue,
  prospectExportUrl,
  prospectSearch,
  prospectSearchToQuery,
  sortOptions,
  sortValue,
  toggleSort,
} from './search-params';

const params = (search: string) => new URLSearchParams(search);
const defaultProspectSearch = prospectSearch.defaults;
const parseProspectSearch = (search: URLSearchParams) => readUrlState(prospectSearch, search);
const prospectSearchToParams = (state: ProspectSearchState) => writeUrlState(prospectSearch, state);
const readOpenProspect = (search: URLSearchParams) => parseProspectSearch(search).prospect;

describe('prospect search ↔ address', () => {
  it('reads an empty address as the defaults and writes the defaults as nothing', () => {
    expect(parseProspectSearch(params(''))).toEqual(defaultProspectSearch);
    expect(prospectSearchToParams(defaultProspectSearch).toString()).toBe('');
  });

  it('reads every filter, leniently', () => {
    const state = parseProspectSearch(
      params(
        'query=%20Dupont%20&state=follow_up,nope,prospecting&state=follow_up&leadStage=demo&nextActivity=overdue&sortBy=name&page=3',
      ),
    );
    expect(state).toEqual({
      query: 'Dupont',
      state: ['follow_up', 'prospecting'],
      leadStage: ['demo'],
      nextActivity: 'overdue',
      sortBy: 'name',
      sortOrder: 'asc',
      page: 3,
      prospect: null,
    });
  });

  it('ignores unknown values, bad pages and cuts long queries', () => {
    const state = parseProspectSearch(
      params(`nextActivity=tomorrow&sortBy=price&sortOrder=up&page=0&query=${'a'.repeat(150)}`),
    );
    expect(state.nextActivity).toBeNull();
    expect(state.sortBy).toBe('createdAt');
    expect(state.sortOrder).toBe('desc');
    expect(state.page).toBe(1);
    expect(state.query).toHaveLength(100);
    expect(parseProspectSearch(params('page=2.5')).page).toBe(1);
    expect(parseProspectSearch(params('page=99999999999')).page).toBe(1);
  });

  it('round-trips a search through the address, leaving out default orders', () => {
    const state = {
      ...defaultProspectSearch,
      query: 'élise',
      state: ['success' as const],
      nextActivity: 'week' as const,
      sortBy: 'nextActivityAt' as const,
      sortOrder: 'asc' as const,
      page: 2,
    };
    const written = prospectSearchToParams(state);
    expect(written.get('sortOrder')).toBeNull();
    expect(written.get('sortBy')).toBe('nextActivityAt');
    expect(parseProspectSearch(written)).toEqual(state);

    const reversed = { ...state, sortOrder: 'desc' as const };
    expect(prospectSearchToParams(reversed).get('sortOrder')).toBe('desc');
    expect(parseProspectSearch(prospectSearchToParams(reversed))).toEqual(reversed);

    const oldestFirst = { ...defaultProspectSearch, sortOrder: 'asc' as const };
    expect(prospectSearchToParams(oldestFirst).toString()).toBe('sortBy=createdAt&sortOrder=asc');
    expect(parseProspectSearch(prospectSearchToParams(oldestFirst))).toEqual(oldestFirst);
  });

  it('writes the API query with lists comma-separated, the order and the page size', () => {
    const query = prospectSearchToQuery(
      { ...defaultProspectSearch, state: ['follow_up', 'prospecting'], leadStage: ['demo'], query: 'luc' },
      20,
    );
    expect(query).toEqual({
      query: 'luc',
      state: 'follow_up,prospecting',
      leadStage: 'demo',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: '1',
      perPage: '20',
    });
  });

  it('exports with the filters and the order, never the page', () => {
    expect(prospectExportUrl(defaultProspectSearch)).toBe(
      '/api/v1/prospects/export?sortBy=createdAt&sortOrder=desc',
    );
    expect(prospectExportUrl({ ...defaultProspectSearch, nextActivity: 'today', page: 4 })).toBe(
      '/api/v1/prospects/export?nextActivity=today&sortBy=createdAt&sortOrder=desc',
    );
  });

  it('keeps only the search, the sort and the page on the merged view', () => {
    expect(
      readUrlState(mergedSearch, params('query=a&state=success&leadStage=demo&sortBy=name&page=2')),
    ).toEqual({
      query: 'a',
      sortBy: 'name',
      sortOrder: 'asc',
      page: 2,
    });
  });

  it('counts the filters, not the search text', () => {
    expect(countProspectFilters(defaultProspectSearch)).toBe(0);
    expect(hasSearch(defaultProspectSearch)).toBe(false);
    const filtered = {
      ...defaultProspectSearch,
      state: ['success' as const],
      nextActivity: 'today' as const,
    };
    expect(countProspectFilters(filtered)).toBe(2);
    expect(hasSearch({ ...defaultProspectSearch, query: 'x' })).toBe(true);
  });
});

describe('the open prospect', () => {
  it('reads new, an id, or nothing', () => {
    expect(readOpenProspect(params('prospect=new'))).toBe('new');
    expect(readOpenProspect(params('prospect=12'))).toBe(12);
    expect(readOpenProspect(params('prospect=abc'))).toBeNull();
    expect(readOpenProspect(params('prospect=0'))).toBeNull();
    expect(readOpenProspect(params(''))).toBeNull();
  });

  it('opens and closes a prospect without touching the search', () => {
    const search = parseProspectSearch(params('query=luc&page=2'));
    const opened = prospectSearchToParams(changeUrlState(prospectSearch, search, { prospect: 7 }));
    expect(opened.toString()).toBe('query=luc&page=2&prospect=7');
    const closed = changeUrlState(prospectSearch, parseProspectSearch(opened), { prospect: null });
    expect(prospectSearchToParams(closed).toString()).toBe('query=luc&page=2');
    expect(parseProspectSearch(opened).query).toBe('luc');
    expect(openProspectSearch('new')).toBe('prospect=new');
  });

  it('keeps the open prospect through a search change, back on the first page', () => {
    const opened = parseProspectSearch(params('query=luc&page=2&prospect=7'));
    const next = changeUrlState(prospectSearch, opened, { state: ['success'] });
    expect(prospectSearchToParams(next).toString()).toBe('query=luc&state=success&prospect=7');
  });
});

describe('sorting', () => {
  it('offers a select option for every field and order the address may hold', () => {
    for (const option of sortOptions) expect(parseSortValue(option.value)).not.toBeNull();
    expect(parseSortValue(sortValue('name', 'desc'))).toEqual({ sortBy: 'name', sortOrder: 'desc' });
    expect(parseSortValue('price:asc')).toBeNull();
    expect(parseSortValue('name:up')).toBeNull();
    expect(parseSortValue(null)).toBeNull();
  });

  it('sorts a column its natural way first, then the other way', () => {
    const current = { sortBy: 'createdAt' as const, sortOrder: 'desc' as const };
    expect(toggleSort(current, 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(toggleSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'desc',
    });
    expect(toggleSort(current, 'createdAt')).toEqual({ sortBy: 'createdAt', sortOrder: 'asc' });
    expect(toggleSort(current, 'nextActivityAt')).toEqual({ sortBy: 'nextActivityAt', sortOrder: 'asc' });
  });
});
