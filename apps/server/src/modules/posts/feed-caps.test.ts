import { postTotalCaps } from '@closia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { createTestApp, signedInClient, type TestContext } from '../../test/helpers';

/*
 * A feed filtered by a frequent tag or word: more matches than `postTotalCaps.filtered`. Its total
 * is the cap (a lower bound the page words as "Au moins …"), and its pages stay newest first.
 */

let ctx: TestContext;
let reader: Awaited<ReturnType<typeof signedInClient>>;
const count = postTotalCaps.filtered + 5;
const firstDay = Date.parse('2025-01-01T00:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  reader = await signedInClient(ctx.app, { kind: 'closer' });
  const author = await signedInClient(ctx.app, { kind: 'setter' });
  const rows = Array.from({ length: count }, (_, i) => ({
    authorId: author.user.id,
    title: `Relance numéro ${i}`,
    content: '<p>Une relance de plus.</p>',
    tags: ['relance'],
    status: 'published',
    publishedAt: new Date(firstDay + i * 3_600_000),
  }));
  // One draft among them: never counted, never shown.
  rows.push({ ...rows[0]!, title: 'Relance brouillon', status: 'draft', publishedAt: new Date() });
  await ctx.app.db.insert(posts).values(rows);
}, 60_000);
afterAll(() => ctx.close());

describe('GET /posts beyond the filtered cap', () => {
  it.each([
    ['a tag', 'tag=relance'],
    ['a tag, most liked first (all have none: newest first)', 'tag=relance&sort=popular'],
    ['a word', 'query=relance'],
    ['a word, most liked first', 'query=relance&sort=popular'],
    ['a word and a tag', 'query=relance&tag=relance'],
  ])('by %s: the total is the cap, the page the newest matches', async (_what, filter) => {
    const answer = (await reader.client.get(`/api/v1/posts?${filter}&perPage=3`)).json();
    expect(answer.meta.total).toBe(postTotalCaps.filtered);
    expect(answer.data.map((p: { title: string }) => p.title)).toEqual([
      `Relance numéro ${count - 1}`,
      `Relance numéro ${count - 2}`,
      `Relance numéro ${count - 3}`,
    ]);
    const second = (await reader.client.get(`/api/v1/posts?${filter}&perPage=3&page=2`)).json();
    expect(second.data[0].title).toBe(`Relance numéro ${count - 4}`);
  });

  it('counts the whole feed up to its own cap', async () => {
    const answer = (await reader.client.get('/api/v1/posts?perPage=1')).json();
    expect(answer.meta.total).toBe(count);
  });
});
