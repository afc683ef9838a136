import {
  certifications,
  enumField,
  idParam,
  pageParam,
  queryFlag,
  queryList,
  searchText,
} from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  changeUrlState,
  isPageTurn,
  pageState,
  readUrlState,
  toQuery,
  urlState,
  writeUrlState,
} from './url-state';

const schema = z.object({
  query: searchText().optional(),
  workSectors: queryList(idParam()).optional(),
  certifications: queryList(enumField(certifications)).optional(),
  kind: enumField(['a', 'b', 'c']).optional(),
  sortBy: enumField(['name', 'date']).optional(),
  sortOrder: enumField(['asc', 'desc']).optional(),
  online: queryFlag().optional(),
  page: pageParam().default(1),
});

const search = urlState(schema, {
  query: '',
  workSectors: [],
  certifications: [],
  kind: null,
  online: false,
  sortBy: 'date',
  sortOrder: 'desc',
  page: 1,
});

const params = (value: string) => new URLSearchParams(value);
const read = (value: string) => readUrlState(search, params(value));

describe('reading the address', () => {
  it('reads an empty address as the defaults', () => {
    expect(read('')).toEqual(search.defaults);
  });

  it('reads lists from commas and repeated keys, trimmed and deduplicated', () => {
    expect(read('workSectors=3,7&workSectors=%207,9&workSectors=').workSectors).toEqual([3, 7, 9]);
    expect(read('certifications=qualiopi&certifications=icpf').certifications).toEqual(['qualiopi', 'icpf']);
  });

  it('drops the invalid items of a list, and the list when none is left', () => {
    expect(read('workSectors=3,abc,0,-2,7,1.5,99999999999').workSectors).toEqual([3, 7]);
    expect(read('certifications=qualiopi,iso').certifications).toEqual(['qualiopi']);
    expect(read('certifications=iso').certifications).toEqual([]);
  });

  it('reads at most 50 items of a list', () => {
    const many = Array.from({ length: 60 }, (_, index) => index + 1).join(',');
    expect(read(`workSectors=${many}`).workSectors).toHaveLength(50);
  });

  it('reads what the schema refuses as the default, without failing', () => {
    const state = read('kind=z&sortBy=price&sortOrder=up&page=-4&online=maybe');
    expect(state).toEqual(search.defaults);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=99999999999').page).toBe(1);
  });

  it('trims texts and cuts them to their maximum length', () => {
    expect(read('query=%20Dupont%20').query).toBe('Dupont');
    expect(read(`query=${'a'.repeat(150)}`).query).toBe('a'.repeat(100));
  });

  it('reads flags as the API does', () => {
    expect(read('online=1').online).toBe(true);
    expect(read('online=true').online).toBe(true);
    expect(read('online=0').online).toBe(false);
  });

  it('reads the first value of a single parameter', () => {
    expect(read('kind=b&kind=c').kind).toBe('b');
  });
});

describe('writing the address', () => {
  it('writes the defaults as nothing', () => {
    expect(writeUrlState(search, search.defaults).toString()).toBe('');
  });

  it('writes what is set and differs from the defaults, in the order of the defaults', () => {
    const state = {
      ...search.defaults,
      page: 2,
      sortBy: 'name' as const,
      online: true,
      workSectors: [3, 7],
      query: ' ',
      kind: 'b' as const,
    };
    expect(writeUrlState(search, state).toString()).toBe(
      'workSectors=3%2C7&kind=b&online=1&sortBy=name&page=2',
    );
  });

  it('round-trips a state', () => {
    const state = {
      ...search.defaults,
      query: 'closing',
      certifications: ['icpf' as const],
      sortOrder: 'asc' as const,
      page: 3,
    };
    expect(readUrlState(search, writeUrlState(search, state))).toEqual(state);
  });
});

describe('defaults that hang on other values', () => {
  const sorted = urlState(
    schema,
    { sortBy: 'date', sortOrder: 'desc', online: false },
    {
      defaults: (state) => ({ sortOrder: state.sortBy === 'name' ? 'asc' : 'desc' }),
      normalize: (state) => (state.online ? state : { ...state, sortBy: 'date' }),
    },
  );

  it('reads a missing value as its computed default', () => {
    expect(readUrlState(sorted, params('sortBy=name&online=1'))).toEqual({
      sortBy: 'name',
      sortOrder: 'asc',
      online: true,
    });
    expect(readUrlState(sorted, params('sortBy=name&sortOrder=desc&online=1')).sortOrder).toBe('desc');
  });

  it('leaves a value equal to its computed default out of the address', () => {
    expect(writeUrlState(sorted, { sortBy: 'name', sortOrder: 'asc', online: true }).toString()).toBe(
      'sortBy=name&online=1',
    );
    expect(writeUrlState(sorted, { sortBy: 'name', sortOrder: 'desc', online: true }).toString()).toBe(
      'sortBy=name&sortOrder=desc&online=1',
    );
  });

  it('applies the rules between values', () => {
    expect(readUrlState(sorted, params('sortBy=name')).sortBy).toBe('date');
  });
});

describe('changes', () => {
  const state = { ...search.defaults, query: 'a', page: 4 };

  it('goes back to the first page when a filter changes', () => {
    expect(changeUrlState(search, state, { kind: 'a' })).toEqual({ ...state, kind: 'a', page: 1 });
    expect(changeUrlState(search, state, { page: 2 })).toEqual({ ...state, page: 2 });
  });

  it('keeps the page for the keys that say so', () => {
    const kept = urlState(schema, search.defaults, { keepPageFor: ['kind'] });
    expect(changeUrlState(kept, state, { kind: 'a' }).page).toBe(4);
    expect(changeUrlState(kept, state, { kind: 'a', query: 'b' }).page).toBe(1);
  });

  it('adds a history entry for a page turn only, unless told to replace', () => {
    expect(isPageTurn(search, { page: 2 })).toBe(true);
    expect(isPageTurn(search, { page: 1, kind: 'a' })).toBe(false);
    expect(isPageTurn(search, { kind: 'a' })).toBe(false);
    expect(isPageTurn(urlState(schema, search.defaults, { pageHistory: 'replace' }), { page: 2 })).toBe(
      false,
    );
  });

  it('knows a list whose only state is its page', () => {
    expect(readUrlState(pageState, params('page=3&other=1'))).toEqual({ page: 3 });
    expect(writeUrlState(pageState, { page: 1 }).toString()).toBe('');
  });
});

describe('toQuery', () => {
  it('writes the API formats: lists with commas, flags 1, nothing empty', () => {
    expect(
      toQuery({
        query: '',
        ids: [3, 7],
        none: null,
        off: false,
        on: true,
        list: [],
        page: 1,
        sortBy: 'name',
      }),
    ).toEqual({ ids: '3,7', on: '1', page: '1', sortBy: 'name' });
  });
});
