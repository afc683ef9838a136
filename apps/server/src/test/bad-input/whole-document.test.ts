/**
 * Bad input, on the whole OpenAPI document: the operations found and their groups (each group's
 * operations are probed by its own file, see suite.ts), money at its columns' limits in every
 * decimal field of every body, and the realtime channel grammar.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers';
import { GROUPS, groupOf, type Operation } from './openapi';
import { type Failure, Identity, probeMoney, RUNS, SEED, TIMEOUT_MS } from './probe';
import { type ProbeRequest, problemWith } from './requests';
import { operationsOfApp } from './suite';

// --- the realtime channel grammar -----------------------------------------------------------------

/** An id of a channel: valid ones, past the 32-bit columns, negative, not a number, empty. */
const channelId: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.integer({ min: -(2 ** 40), max: 0 }).map(String),
  fc.constantFrom(
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740993',
    '99999999999999999999',
    '00000000000000000000000000000000000001',
    '-0',
    '',
    ' ',
    'abc',
    '1.5',
    '1e3',
    '0x10',
    '１２', // full-width digits
    '%31',
    '..',
    'NaN',
  ),
);
const families = ['users', 'conversations', 'teams'] as const;
/** `users/<id>`, `conversations/<id>`, `teams/<id>`, `teams/<id>/chats/<chatId>`, and the same with extra segments. */
const channelGrammar: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...families), channelId).map(([family, id]) => `${family}/${id}`),
  fc.tuple(channelId, channelId).map(([id, chatId]) => `teams/${id}/chats/${chatId}`),
  fc
    .tuple(fc.constantFrom(...families), channelId, fc.constantFrom('', 'x', '1', 'chats', 'chats/1', '..'))
    .map(([family, id, extra]) => `${family}/${id}/${extra}`),
  fc
    .tuple(channelId, channelId, fc.constantFrom('', 'x', '1', 'messages'))
    .map(([id, chatId, extra]) => `teams/${id}/chats/${chatId}/${extra}`),
  fc.constantFrom('teams/1/chats', 'teams//chats/1', '/users/1', 'users', 'teams/1/chats/', 'Users/1'),
);

/** True when every id of a channel of the grammar is an id a row can have (1 to 2,147,483,647). */
function idsInRange(channel: string): boolean {
  const ids = channel.split('/').filter((_part, i) => i % 2 === 1);
  return ids.every((id) => /^\d+$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647);
}

let ctx: TestContext;
let operations: Operation[];

beforeAll(async () => {
  ctx = await createTestApp();
  operations = operationsOfApp(ctx.app);
});
afterAll(() => ctx?.close());

describe('bad input, on every operation of the OpenAPI document', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/register',
        'GET /api/v1/users/{id}',
        'POST /api/v1/user/profile',
      ]),
    );
    expect(
      operations.find((op) => op.path === '/api/v1/user/profile' && op.method === 'POST')?.multipart,
    ).not.toBeNull();
  });

  it('probes each operation in exactly one group’s file, and each group has operations', () => {
    // groupOf gives each operation one group; a tag named by two groups would make that ambiguous.
    const tagged = (Object.values(GROUPS) as readonly (readonly string[])[]).flat();
    expect(new Set(tagged).size).toBe(tagged.length);
    expect(new Set(operations.map(groupOf))).toEqual(new Set(Object.keys(GROUPS)));
  });

  it(
    'money at and just above its column’s limit, in every decimal field of every body, never answers 5xx',
    async () => {
      const seller = await probeMoney(new Identity(ctx.app, true, 'infopreneur'), operations);
      const setter = await probeMoney(new Identity(ctx.app, true, 'setter'), operations);
      expect([...seller.failures, ...setter.failures]).toEqual([]);
      // The edges reached the database through the offer's price, created and edited.
      expect(seller.reached).toEqual(
        expect.arrayContaining(['POST /api/v1/services price', 'PUT /api/v1/services/{id} price']),
      );
    },
    TIMEOUT_MS,
  );

  it(
    'the realtime channel grammar: a bad or out-of-range id answers like an unknown channel, never 5xx',
    async () => {
      const identity = new Identity(ctx.app, true);
      await identity.start();
      const ops = operations.filter((op) => op.body?.properties?.channel && op.body.properties.uid);
      expect(ops.map((op) => `${op.method} ${op.path}`)).toEqual([
        'POST /api/v1/__transmit/subscribe',
        'POST /api/v1/__transmit/unsubscribe',
      ]);
      const request = (op: Operation, channel: string): ProbeRequest => ({
        method: op.method,
        url: op.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ uid: 'probe-stream', channel }),
        mutation: `channel = ${JSON.stringify(channel)}`,
      });
      const subscribe = ops[0]!;
      const unknown = await identity.send(request(subscribe, 'nothing/1'));
      expect(unknown.statusCode).toBe(404);

      const channels = [
        ...fc.sample(channelGrammar, { seed: SEED, numRuns: RUNS * 8 }),
        `users/${identity.id}`,
        `users/${identity.id}/x`,
      ];
      const failures: Failure[] = [];
      for (const op of ops) {
        for (const channel of channels) {
          const probeRequest = request(op, channel);
          const res = await identity.send(probeRequest);
          let problem = problemWith(probeRequest, res);
          // An id no row can have is refused like a channel that does not exist.
          if (!problem && op === subscribe && !idsInRange(channel) && res.statusCode !== 422) {
            if (res.statusCode !== unknown.statusCode || res.json().code !== unknown.json().code)
              problem = `answered ${res.statusCode}, not as an unknown channel (${unknown.statusCode})`;
          }
          if (problem) {
            failures.push({
              operation: `${op.method} ${op.path}`,
              problem,
              request: probeRequest.mutation,
              response: `${res.statusCode} ${res.body.slice(0, 300)}`,
            });
          }
        }
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
