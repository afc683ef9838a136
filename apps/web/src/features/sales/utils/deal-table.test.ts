import { describe, expect, it } from 'vitest';
import { changeUrlState, readUrlState, writeUrlState } from '../../../lib/url-state';
import { dealListQuery, hasFilters, nextSort, salesState, viewpointOf } from './deal-table';

const defaultTableFilters = salesState.defaults;
const readTableFilters = (params: URLSearchParams) => readUrlState(salesState, params);

describe('table filters in the address', () => {
  it('reads the API’s parameters, ignoring what is malformed', () => {
    const params = new URLSearchParams(
      'view=table&status=Closing,Role,Nope&serviceId=3&expectedCloseFrom=2025-01-01&expectedCloseTo=2025-13-45&sortBy=amount&sortOrder=desc&page=2',
    );
    expect(readTableFilters(params)).toEqual({
      view: 'table',
      as: 'seller',
      status: ['Closing', 'Role'],
      serviceId: 3,
      expectedCloseFrom: '2025-01-01',
      expectedCloseTo: null,
      sortBy: 'amount',
      sortOrder: 'desc',
      page: 2,
    });
    expect(readTableFilters(new URLSearchParams('sortBy=drop&page=-1&serviceId=abc'))).toEqual(
      defaultTableFilters,
    );
  });

  it('writes them back without the defaults, keeping the view', () => {
    const shown = readTableFilters(new URLSearchParams('view=table&page=4'));
    const filters = changeUrlState(salesState, shown, { status: ['Role'] });
    expect(writeUrlState(salesState, filters).toString()).toBe('view=table&status=Role');
    const round = readTableFilters(
      writeUrlState(salesState, {
        ...filters,
        sortBy: 'probability' as const,
        sortOrder: 'desc' as const,
        page: 3,
      }),
    );
    expect(round).toEqual({ ...filters, sortBy: 'probability', sortOrder: 'desc', page: 3 });
  });

  it('keeps the page when the view changes, and goes back to the first one with the viewpoint', () => {
    const table = readTableFilters(new URLSearchParams('view=table&page=4'));
    expect(writeUrlState(salesState, changeUrlState(salesState, table, { view: 'kanban' })).toString()).toBe(
      'page=4',
    );
    expect(
      writeUrlState(salesState, changeUrlState(salesState, table, { as: 'infopreneur' })).toString(),
    ).toBe('view=table&as=infopreneur');
  });

  it('knows when the list is narrowed', () => {
    expect(hasFilters(defaultTableFilters)).toBe(false);
    expect(hasFilters({ ...defaultTableFilters, sortBy: 'amount', page: 3 })).toBe(false);
    expect(hasFilters({ ...defaultTableFilters, expectedCloseTo: '2025-01-01' })).toBe(true);
  });
});

describe('dealListQuery', () => {
  it('asks the API for the page, with the infopreneur’s viewpoint when chosen', () => {
    const filters = { ...defaultTableFilters, status: ['Closing' as const, 'Role' as const], serviceId: 4 };
    expect(dealListQuery(filters, 'seller')).toEqual({
      status: 'Closing,Role',
      serviceId: 4,
      expectedCloseFrom: undefined,
      expectedCloseTo: undefined,
      sortBy: 'expectedCloseDate',
      sortOrder: 'asc',
      page: 1,
      perPage: 20,
    });
    expect(dealListQuery(defaultTableFilters, 'infopreneur')).toMatchObject({
      as: 'infopreneur',
      status: undefined,
    });
  });
});

describe('sorting by a column', () => {
  it('turns the sorted column around, and sorts another in its natural direction', () => {
    expect(nextSort(defaultTableFilters, 'expectedCloseDate')).toEqual({
      sortBy: 'expectedCloseDate',
      sortOrder: 'desc',
    });
    expect(nextSort(defaultTableFilters, 'amount')).toEqual({ sortBy: 'amount', sortOrder: 'desc' });
    expect(nextSort({ ...defaultTableFilters, sortBy: 'amount', sortOrder: 'desc' }, 'amount')).toEqual({
      sortBy: 'amount',
      sortOrder: 'asc',
    });
  });
});

describe('viewpointOf', () => {
  it('offers the deals on my offers to an infopreneur only', () => {
    const state = readTableFilters(new URLSearchParams('as=infopreneur'));
    expect(viewpointOf(state, true)).toBe('infopreneur');
    expect(viewpointOf(state, false)).toBe('seller');
    expect(viewpointOf(readTableFilters(new URLSearchParams()), true)).toBe('seller');
    expect(viewpointOf(readTableFilters(new URLSearchParams('as=admin')), true)).toBe('seller');
  });
});
