import {
  freelancerSearchSchema,
  jobSearchSchema,
  lenientNumber,
  missionSearchQuerySchema,
  paginationQuerySchema,
  queryList,
} from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageState, readUrlState, type UrlStateSpec, urlState } from '../../../lib/url-state';
import { freelancerSearch, jobSearch, missionSearch } from './search-params';

/*
 * The marketplace's searches read their addresses without Zod (lib/url-fields.ts): they must accept
 * and refuse exactly what the API's query schemas do. Each is compared here with the same state read
 * by the schema itself (url-state's `urlState`, as these pages did before), over tricky values.
 */

const schemaMissionSearch = urlState(
  missionSearchQuerySchema.extend({
    priceRange: queryList(lenientNumber().pipe(z.number().min(0)))
      .pipe(z.array(z.number()).length(2))
      .transform(([a = 0, b = 0]): [number, number] => (a <= b ? [a, b] : [b, a])),
  }),
  missionSearch.defaults,
  missionSearch.options,
);
const schemaJobSearch = urlState(jobSearchSchema, jobSearch.defaults);
const schemaFreelancerSearch = urlState(freelancerSearchSchema, freelancerSearch.defaults);
const schemaPageState = urlState(paginationQuerySchema, { page: 1 });

const values = [
  ' ',
  '1',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 12 ',
  '+7',
  'abc',
  '2147483647',
  '2147483648',
  '99999999999',
  'Infinity',
  'NaN',
  'true',
  'yes',
  'ON',
  'off',
  'No',
  'FALSE',
  '2',
  'setter',
  'closer',
  'setter_closer',
  'all',
  'newest',
  'match',
  'price',
  'commissionAmount',
  'commissionRate',
  'asc',
  'desc',
  'DESC',
  'qualiopi',
  'icpf',
  'online',
  'physical',
  'both',
  'cash,cpf',
  'cash,,cpf,cash',
  'cpf,nope',
  '3,7',
  '3,abc,7',
  '3, 3 ,07',
  '0,2500',
  '2500,0',
  '5,5',
  '1,1.0',
  '1,2,3',
  '-5,10',
  '0,1e12',
  '10',
  '10.5',
  '100',
  '101',
  '1000000000',
  '1000000001',
  'skill one, skill two',
  's'.repeat(256),
  'a'.repeat(150),
  `${'a'.repeat(99)} b`,
  `${'a'.repeat(100)}  z`,
  'x\u0000y',
  `${'a'.repeat(120)}\u0000`,
  '\ud800abc',
  `${'a'.repeat(99)}\ud83d\ude00`,
  'é'.repeat(101),
  Array.from({ length: 60 }, (_, i) => i + 1).join(','),
];

const cases: [string, UrlStateSpec<unknown>, UrlStateSpec<unknown>][] = [
  ['missions', missionSearch as UrlStateSpec<unknown>, schemaMissionSearch as UrlStateSpec<unknown>],
  ['jobs', jobSearch as UrlStateSpec<unknown>, schemaJobSearch as UrlStateSpec<unknown>],
  ['freelancers', freelancerSearch as UrlStateSpec<unknown>, schemaFreelancerSearch as UrlStateSpec<unknown>],
  ['a page', pageState as UrlStateSpec<unknown>, schemaPageState as UrlStateSpec<unknown>],
];

describe.each(cases)('the %s address read without Zod', (_name, spec, schemaSpec) => {
  const keys = Object.keys(spec.defaults as object);

  it('keeps the same keys as the schema', () => {
    expect(Object.keys(spec.fields)).toEqual(keys);
    expect(Object.keys(schemaSpec.fields)).toEqual(keys);
  });

  it.each(keys)('reads `%s` as the schema does, value by value', (key) => {
    for (const value of values) {
      const params = new URLSearchParams([[key, value]]);
      expect(readUrlState(spec, params), `${key}=${JSON.stringify(value)}`).toEqual(
        readUrlState(schemaSpec, params),
      );
    }
  });

  it.each(keys)('reads a repeated `%s` as the schema does', (key) => {
    for (const [first, second] of [
      ['3', '7'],
      ['abc', '7'],
      ['cash', 'cpf,icpf'],
      ['', '2'],
      ['0', '2500'],
      ['yes', 'no'],
    ] as const) {
      const params = new URLSearchParams([
        [key, first],
        [key, second],
      ]);
      expect(readUrlState(spec, params), `${key}=${first}&${key}=${second}`).toEqual(
        readUrlState(schemaSpec, params),
      );
    }
  });

  it('reads a whole address as the schema does', () => {
    const params = new URLSearchParams(keys.map((key, index) => [key, values[(index * 7) % values.length]!]));
    expect(readUrlState(spec, params)).toEqual(readUrlState(schemaSpec, params));
  });
});
