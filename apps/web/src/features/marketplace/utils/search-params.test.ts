import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../../../lib/url-state';
import {
  countFilters,
  freelancerSearch,
  jobSearch,
  missionSearch,
  missionSearchToQuery,
  parseSortValue,
  searchToQuery,
  sortValue,
} from './search-params';

const params = (search: string) => new URLSearchParams(search);
const parseMissionSearch = (search: URLSearchParams) => readUrlState(missionSearch, search);
const defaultMissionSearch = missionSearch.defaults;

describe('mission search', () => {
  it('has empty defaults for an empty address', () => {
    expect(parseMissionSearch(params(''))).toEqual(defaultMissionSearch);
    expect(writeUrlState(missionSearch, defaultMissionSearch).toString()).toBe('');
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
    const address = writeUrlState(missionSearch, state);
    expect(address.get('workSectors')).toBe('3,7');
    expect(address.get('priceRange')).toBe('100,2500');
    expect(parseMissionSearch(address)).toEqual(state);
  });

  it('reads a price range in either order, from 0, and nothing else', () => {
    expect(parseMissionSearch(params('priceRange=2000,100')).priceRange).toEqual([100, 2000]);
    expect(parseMissionSearch(params('priceRange=0,3000')).priceRange).toEqual([0, 3000]);
    expect(parseMissionSearch(params('priceRange=100')).priceRange).toBeNull();
    expect(parseMissionSearch(params('priceRange=a,b')).priceRange).toBeNull();
    expect(parseMissionSearch(params('priceRange=-1,5')).priceRange).toBeNull();
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
    expect(writeUrlState(missionSearch, forMe).toString()).toBe('forMe=1');
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
    expect(readUrlState(jobSearch, params(''))).toEqual(jobSearch.defaults);
    expect(jobSearch.defaults.sortBy).toBe('commissionAmount');
    expect(writeUrlState(jobSearch, jobSearch.defaults).toString()).toBe('');
  });

  it('round-trips its filters', () => {
    const state = {
      ...jobSearch.defaults,
      query: 'excel',
      workSectors: [2],
      financingMethods: ['cpf' as const],
      certifications: ['qualiopi' as const],
      locationType: 'online' as const,
      commissionMin: 150,
      sortBy: 'newest' as const,
      page: 2,
    };
    expect(readUrlState(jobSearch, writeUrlState(jobSearch, state))).toEqual(state);
    expect(searchToQuery(state, 20)).toMatchObject({
      commissionMin: '150',
      locationType: 'online',
      perPage: '20',
    });
  });
});

describe('freelancer search', () => {
  it('defaults to every role', () => {
    expect(readUrlState(freelancerSearch, params(''))).toEqual(freelancerSearch.defaults);
    expect(writeUrlState(freelancerSearch, freelancerSearch.defaults).toString()).toBe('');
  });

  it('round-trips its filters, flags as 1', () => {
    const state = {
      ...freelancerSearch.defaults,
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
    const address = writeUrlState(freelancerSearch, state);
    expect(address.get('available')).toBe('1');
    expect(address.get('skills')).toBe('Cold calling,CRM');
    expect(readUrlState(freelancerSearch, address)).toEqual(state);
    expect(searchToQuery(state, 20)).toMatchObject({
      missionId: '12',
      minConversionRate: '6.5',
      role: 'closer',
    });
  });

  it('drops a conversion rate above 10 and a decimal experience', () => {
    expect(readUrlState(freelancerSearch, params('minConversionRate=60')).minConversionRate).toBeNull();
    expect(readUrlState(freelancerSearch, params('minExperience=2.5')).minExperience).toBeNull();
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
