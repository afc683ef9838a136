import { describe, expect, it } from 'vitest';
import {
  countFilters,
  defaultFreelancerSearch,
  defaultJobSearch,
  defaultMissionSearch,
  freelancerSearchToParams,
  freelancerSearchToQuery,
  jobSearchToParams,
  jobSearchToQuery,
  missionSearchToParams,
  missionSearchToQuery,
  parseFreelancerSearch,
  parseJobSearch,
  parseMissionSearch,
  parseSortValue,
  readIdList,
  readList,
  readNumber,
  readRange,
  sortValue,
  toSearchParams,
} from './search-params';

const params = (search: string) => new URLSearchParams(search);

describe('readers', () => {
  it('reads lists from commas and repeated keys, trimmed and deduplicated', () => {
    expect(readList(params('a=1,2&a=3, 2&a='), 'a')).toEqual(['1', '2', '3']);
    expect(readList(params(''), 'a')).toEqual([]);
  });

  it('keeps only valid ids', () => {
    expect(readIdList(params('w=3,abc,0,-2,7,1.5,99999999999'), 'w')).toEqual([3, 7]);
  });

  it('reads bounded numbers, accepting a French decimal comma', () => {
    expect(readNumber(params('n=4,5'), 'n', { max: 10 })).toBe(4.5);
    expect(readNumber(params('n=11'), 'n', { max: 10 })).toBeNull();
    expect(readNumber(params('n=2.5'), 'n', { integer: true })).toBeNull();
    expect(readNumber(params('n=abc'), 'n')).toBeNull();
  });

  it('reads a range in either order, and nothing else', () => {
    expect(readRange(params('p=100,2000'), 'p')).toEqual([100, 2000]);
    expect(readRange(params('p=2000,100'), 'p')).toEqual([100, 2000]);
    expect(readRange(params('p=100'), 'p')).toBeNull();
    expect(readRange(params('p=a,b'), 'p')).toBeNull();
    expect(readRange(params('p=-1,5'), 'p')).toBeNull();
  });

  it('writes only what is set and differs from the defaults', () => {
    const written = toSearchParams(
      { q: ' ', list: [], none: null, off: false, on: true, ids: [3, 7], page: 1, sort: 'price' },
      { page: 1, sort: 'newest' },
    );
    expect(written.toString()).toBe('on=1&ids=3%2C7&sort=price');
  });
});

describe('mission search', () => {
  it('has empty defaults for an empty address', () => {
    expect(parseMissionSearch(params(''))).toEqual(defaultMissionSearch);
    expect(missionSearchToParams(defaultMissionSearch).toString()).toBe('');
  });

  it('round-trips every filter through the address', () => {
    const state = {
      ...defaultMissionSearch,
      query: 'closing formation',
      missionType: 'closer' as const,
      priceRange: [100, 2500] as [number, number],
      workSectors: [3, 7],
      certifications: ['qualiopi' as const, 'icpf' as const],
      financingMethods: ['cpf' as const, 'opco' as const],
      sortBy: 'price' as const,
      sortOrder: 'asc' as const,
      page: 3,
    };
    const address = missionSearchToParams(state);
    expect(address.get('workSectors')).toBe('3,7');
    expect(address.get('priceRange')).toBe('100,2500');
    expect(parseMissionSearch(address)).toEqual(state);
  });

  it('ignores unknown values rather than failing', () => {
    const state = parseMissionSearch(
      params('missionType=pilot&certifications=qualiopi,iso&financingMethods=bitcoin&sortBy=random&page=-4'),
    );
    expect(state.missionType).toBeNull();
    expect(state.certifications).toEqual(['qualiopi']);
    expect(state.financingMethods).toEqual([]);
    expect(state.sortBy).toBe('newest');
    expect(state.page).toBe(1);
  });

  it('ranks by match for "Pour moi" only', () => {
    expect(parseMissionSearch(params('forMe=1')).sortBy).toBe('match');
    expect(parseMissionSearch(params('sortBy=match')).sortBy).toBe('newest');
    const forMe = parseMissionSearch(params('forMe=1'));
    expect(missionSearchToParams(forMe).toString()).toBe('forMe=1');
  });

  it('sends the API its formats: lists with commas, a positive price range, forMe=1', () => {
    const query = missionSearchToQuery(
      {
        ...defaultMissionSearch,
        priceRange: [0, 3000],
        workSectors: [3, 7],
        forMe: true,
        sortBy: 'match',
      },
      12,
    );
    expect(query).toEqual({
      priceRange: '1,3000',
      workSectors: '3,7',
      sortBy: 'match',
      sortOrder: 'desc',
      forMe: '1',
      page: '1',
      perPage: '12',
    });
  });
});

describe('job search', () => {
  it('defaults to the best commission first', () => {
    expect(parseJobSearch(params(''))).toEqual(defaultJobSearch);
    expect(jobSearchToParams(defaultJobSearch).toString()).toBe('');
  });

  it('round-trips its filters', () => {
    const state = {
      ...defaultJobSearch,
      query: 'excel',
      workSectors: [2],
      financingMethods: ['cpf' as const],
      certifications: ['qualiopi' as const],
      locationType: 'online' as const,
      commissionMin: 150,
      sortBy: 'newest' as const,
      page: 2,
    };
    expect(parseJobSearch(jobSearchToParams(state))).toEqual(state);
    expect(jobSearchToQuery(state, 20)).toMatchObject({
      commissionMin: '150',
      locationType: 'online',
      perPage: '20',
    });
  });
});

describe('freelancer search', () => {
  it('defaults to every role', () => {
    expect(parseFreelancerSearch(params(''))).toEqual(defaultFreelancerSearch);
    expect(freelancerSearchToParams(defaultFreelancerSearch).toString()).toBe('');
  });

  it('round-trips its filters, flags as 1', () => {
    const state = {
      ...defaultFreelancerSearch,
      role: 'closer' as const,
      query: 'Julie',
      workSectors: [4, 9],
      skills: ['Cold calling', 'CRM'],
      minConversionRate: 6.5,
      minExperience: 2,
      available: true,
      online: true,
      location: 'Lyon',
      missionId: 12,
      page: 2,
    };
    const address = freelancerSearchToParams(state);
    expect(address.get('available')).toBe('1');
    expect(address.get('skills')).toBe('Cold calling,CRM');
    expect(parseFreelancerSearch(address)).toEqual(state);
    expect(freelancerSearchToQuery(state, 20)).toMatchObject({ missionId: '12', minConversionRate: '6.5' });
  });

  it('drops a conversion rate above 10', () => {
    expect(parseFreelancerSearch(params('minConversionRate=60')).minConversionRate).toBeNull();
  });
});

describe('sort values', () => {
  it('joins and splits a field and its order', () => {
    expect(sortValue('price', 'asc')).toBe('price:asc');
    expect(parseSortValue('price:asc', ['price', 'newest'])).toEqual({ sortBy: 'price', sortOrder: 'asc' });
    expect(parseSortValue('price:up', ['price'])).toBeNull();
    expect(parseSortValue('other:asc', ['price'])).toBeNull();
    expect(parseSortValue(null, ['price'])).toBeNull();
  });

  it('counts the filters that are set', () => {
    expect(countFilters({ a: [], b: null, c: false, d: '', e: [1], f: 'x', g: true, h: 0 })).toBe(4);
  });
});
