import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../../../lib/url-state';
import { commissionsPeriod, defaultPeriod, periodProblem, periodState } from './period';

const readPeriod = (params: URLSearchParams, today: string) => readUrlState(periodState(today), params);

describe('stats period', () => {
  it('defaults to the last twelve months', () => {
    expect(defaultPeriod('2025-03-10')).toEqual({ from: '2024-04-01', to: '2025-03-10' });
  });

  it('reads valid days from the address, else the default', () => {
    expect(readPeriod(new URLSearchParams('from=2024-01-01&to=2024-06-30'), '2025-03-10')).toEqual({
      from: '2024-01-01',
      to: '2024-06-30',
    });
    expect(readPeriod(new URLSearchParams('from=2024-02-30&to=hier'), '2025-03-10')).toEqual({
      from: '2024-04-01',
      to: '2025-03-10',
    });
  });

  it('leaves the default days out of the address', () => {
    const state = periodState('2025-03-10');
    expect(writeUrlState(state, { from: '2024-04-01', to: '2025-03-10' }).toString()).toBe('');
    expect(writeUrlState(state, { from: '2024-01-01', to: '2025-03-10' }).toString()).toBe('from=2024-01-01');
  });

  it('says what the API would refuse', () => {
    expect(periodProblem({ from: '2025-02-01', to: '2025-01-01' })).toMatch(/précéder/);
    expect(periodProblem({ from: '2015-01-01', to: '2025-01-01' })).toMatch(/cinq ans/);
    expect(periodProblem({ from: '2024-01-01', to: '2025-01-01' })).toBeNull();
  });

  it('shows the coming instalments with a period that runs to today', () => {
    expect(commissionsPeriod({ from: '2024-04-01', to: '2025-03-10' }, '2025-03-10')).toEqual({
      from: '2024-04-01',
      to: '2026-03-31',
    });
    expect(commissionsPeriod({ from: '2024-01-01', to: '2024-06-30' }, '2025-03-10')).toEqual({
      from: '2024-01-01',
      to: '2024-06-30',
    });
  });
});
