import { describe, expect, it } from 'vitest';
import { changeUrlState, readUrlState, toQuery, writeUrlState } from '../../../lib/url-state';
import { adminArticleListState, articleListStates } from './list-state';

const read = (search: string, kind: 'blog' | 'tutorial' = 'blog') =>
  readUrlState(articleListStates[kind], new URLSearchParams(search));

describe('the public lists’ address', () => {
  it('reads nothing as the first page of everything', () => {
    expect(read('')).toEqual({ query: '', category: null, tag: null, page: 1 });
  });

  it('reads a category, a tag, a search and a page as the API would', () => {
    expect(read('?category=closing&tag=%23Relance&query=%20objection%20&page=3')).toEqual({
      query: 'objection',
      category: 'closing',
      tag: 'relance',
      page: 3,
    });
  });

  it('reads what the API would refuse as the default, never failing', () => {
    expect(read('?category=inconnue&tag=x&page=0')).toEqual({
      query: '',
      category: null,
      tag: null,
      page: 1,
    });
    expect(read('?page=abc&tag=%23%23')).toMatchObject({ page: 1, tag: null });
  });

  it('drops a category of the other kind', () => {
    expect(read('?category=premiers_pas', 'blog').category).toBeNull();
    expect(read('?category=premiers_pas', 'tutorial').category).toBe('premiers_pas');
    expect(read('?category=closing', 'tutorial').category).toBeNull();
  });

  it('goes back to the first page when a filter changes, and writes only what differs from the defaults', () => {
    const spec = articleListStates.blog;
    const state = read('?tag=relance&page=4');
    const next = changeUrlState(spec, state, { category: 'objections' });
    expect(next.page).toBe(1);
    expect(writeUrlState(spec, next).toString()).toBe('category=objections&tag=relance');
    expect(writeUrlState(spec, changeUrlState(spec, next, { page: 2 })).toString()).toBe(
      'category=objections&tag=relance&page=2',
    );
  });

  it('makes the API’s query of a state', () => {
    expect(toQuery(read('?query=CPF&page=2'))).toEqual({ query: 'CPF', page: '2' });
  });
});

describe('the admin list’s address', () => {
  it('reads kind, status, search and page', () => {
    const state = readUrlState(
      adminArticleListState,
      new URLSearchParams('?kind=tutorial&status=scheduled&query=pipeline&page=2'),
    );
    expect(state).toEqual({ kind: 'tutorial', status: 'scheduled', query: 'pipeline', page: 2 });
  });

  it('reads unknown values as all', () => {
    const state = readUrlState(adminArticleListState, new URLSearchParams('?kind=podcast&status=archived'));
    expect(state).toEqual({ kind: null, status: null, query: '', page: 1 });
  });
});
