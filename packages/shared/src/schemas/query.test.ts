import { describe, expect, it } from 'vitest';
import { errorOn } from '../test-helpers';
import { idParam } from './fields';
import { missionSearchQuerySchema } from './marketplace';
import { paginationQuerySchema, queryList, referenceAdminListQuerySchema } from './query';

describe('query-string building blocks', () => {
  it('reads a list from repeated keys or commas, empty items dropped', () => {
    const ids = queryList(idParam());
    expect(ids.parse('3, 7,')).toEqual([3, 7]);
    expect(ids.parse(['3', '7,9'])).toEqual([3, 7, 9]);
    expect(errorOn(ids, ['3', 'x'], '1')?.rule).toBe('number');
  });

  it('pages from 1, 20 a page by default, at most 100', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, perPage: 20 });
    expect(paginationQuerySchema.parse({ page: '3', perPage: '50' })).toEqual({ page: 3, perPage: 50 });
    expect(errorOn(paginationQuerySchema, { perPage: '101' }, 'perPage')?.rule).toBe('max');
  });

  it('lists every reference by default for the admin', () => {
    expect(referenceAdminListQuerySchema.parse({ search: ' vente ' })).toEqual({
      page: 1,
      perPage: 20,
      search: 'vente',
      status: 'all',
    });
  });
});

describe('missionSearchQuerySchema', () => {
  it('reads the mission search from a query string', () => {
    expect(
      missionSearchQuerySchema.parse({
        priceRange: '100,2000',
        workSectors: '3,7',
        forMe: '1',
        sortBy: 'match',
      }),
    ).toEqual({
      priceRange: [100, 2000],
      workSectors: [3, 7],
      forMe: true,
      sortBy: 'match',
      page: 1,
      perPage: 20,
    });
  });

  it('refuses an unknown sort and a range upside down', () => {
    expect(errorOn(missionSearchQuerySchema, { sortBy: 'random' }, 'sortBy')?.rule).toBe('enum');
    expect(errorOn(missionSearchQuerySchema, { priceRange: '2000,100' }, 'priceRange')?.rule).toBe('range');
  });
});
