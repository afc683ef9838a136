/**
 * Bad input never answers 5xx — for every operation of the API, found in its OpenAPI document.
 *
 * For each operation, fast-check builds requests from the operation's own schemas: a plausible
 * request (path parameters, query string, JSON body), then one thing in it made wrong — a wrong
 * type, a huge or NUL or lone-surrogate string, an out-of-range or non-integer number, a zero or
 * negative id, a prototype key (`__proto__`, `constructor`, `toString`) as a key or a value, an
 * array for an object and the reverse — plus a fixed set of malformed bodies (broken JSON, wrong
 * content types, broken multipart). Each request is sent once anonymously and once signed in (as
 * an admin, with the CSRF token, so that it reaches validation and the handlers).
 *
 * Every answer must be below 500; a 422 must be exactly the validation envelope, any other 4xx
 * `{ code, message }`. A NUL or a lone surrogate in a string field must never be accepted
 * (PostgreSQL cannot store it). A route added later is covered without a line here.
 *
 * Two probes aim at what random values rarely hit: every decimal field of every body (money,
 * rates) is sent at its `maximum` and just above it, or at 1e10 and 1e12 when it has none, in a
 * body the operation otherwise accepts, so that the value reaches its `numeric` column; and the
 * realtime channel grammar (`users/<id>`, `conversations/<id>`, `teams/<id>`,
 * `teams/<id>/chats/<chatId>`) with huge, negative, non-numeric and empty ids and extra segments.
 *
 * Bounded: a fixed seed and `RUNS` generated requests per operation and identity.
 *
 * Split so that vitest's workers share it: one test file per group of OpenAPI tags (`GROUPS` in
 * openapi.ts: `accounts.test.ts`, `catalogue.test.ts`…) probes its operations, each on its own
 * database; `whole-document.test.ts` checks the document, that every operation falls in exactly
 * one group, and runs the two probes that read the whole document (money, channels).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp, type TestContext } from '../helpers';
import { GROUPS, type Group, groupOf, type OpenApiDocument, type Operation, operationsOf } from './openapi';
import { Identity, probe, TIMEOUT_MS } from './probe';

/** Every operation of the app's OpenAPI document (streams aside). */
export const operationsOfApp = (app: App): Operation[] =>
  operationsOf(app.swagger() as unknown as OpenApiDocument);

/** The bad-input tests of one group's operations, on a database of their own. */
export function describeBadInput(group: Group) {
  let ctx: TestContext;
  let operations: Operation[];

  beforeAll(async () => {
    ctx = await createTestApp();
    operations = operationsOfApp(ctx.app).filter((op) => groupOf(op) === group);
  });
  afterAll(() => ctx?.close());

  describe(`bad input, on every operation of the OpenAPI document tagged ${GROUPS[group].join(', ')}`, () => {
    it('finds operations in the group', () => {
      expect(operations.length).toBeGreaterThan(0);
    });

    it.each([
      ['anonymous', false],
      ['signed in', true],
    ])(
      'never answers 5xx, and answers 4xx in the envelope (%s)',
      async (_who, signedIn) => {
        const failures = await probe(new Identity(ctx.app, signedIn), operations);
        expect(failures).toEqual([]);
      },
      TIMEOUT_MS,
    );
  });
}
