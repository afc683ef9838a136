import { connect } from 'node:net';
import { errorReasonNames } from '@closia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict, fieldError, fieldIssue, forbidden, refusal } from '../lib/errors';
import { createTestApp, LogCapture, TestClient, type TestContext } from '../test/helpers';
import { toEnvelope } from './errors';

/** A failed query must not write its parameters to the log: this file's app logs into `log`. */
let ctx: TestContext;
const log = new LogCapture();
beforeAll(async () => {
  ctx = await createTestApp({ logLevel: 'info' }, { log });
  // This database refuses one first name: the insert of the registration fails in PostgreSQL,
  // whose error quotes the whole row ("Failing row contains (…)"), hash and e-mail included.
  await ctx.database.rows(
    `alter table users add constraint forced_failure check (first_name <> 'Refused') not valid`,
  );
});
afterAll(() => ctx.close());

type LoggedError = Record<string, unknown> & { message: string; stack: string };
const failures = () =>
  log.lines.filter((line) => line.msg === 'request failed').map((line) => line.err as LoggedError);

describe('a request whose query fails', () => {
  it('answers 500 and logs the SQL and the cause, never the values', async () => {
    log.lines.length = 0;
    const email = 'refused.registration@example.com';
    const password = 'Correct-horse-42';
    const res = await new TestClient(ctx.app).post('/api/v1/auth/register', {
      email,
      password,
      firstName: 'Refused',
      lastName: 'Registration',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'E_INTERNAL', message: 'Internal server error' });

    const [failure, ...more] = failures();
    expect(more).toEqual([]);
    expect(failure).toBeDefined();
    const text = log.text;
    expect(text).not.toContain(email);
    expect(text).not.toContain(password);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('Failing row contains');
    expect(text).not.toMatch(/"(params|parameters)"/);

    // What tells an operator what failed is still there.
    const err = failure!;
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.message).toContain('violates check constraint "forced_failure"');
    expect(err.stack).toContain('caused by:');
    expect(err.query).toMatch(/^insert into "users"/);
    expect(err.driverError).toMatchObject({ code: '23514', severity: 'ERROR', detail: '[redacted]' });
  });
});

describe('every answer is in the envelope', () => {
  it('a broken percent-encoding is a 400 that does not echo the URL; an over-long parameter a 414', async () => {
    const bad = await ctx.app.inject({ url: '/api/v1/users/%E0%A4%A<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'E_BAD_REQUEST', message: 'Malformed URL' });
    expect(bad.body).not.toContain('script');
    const long = await ctx.app.inject({ url: `/api/v1/users/${'1'.repeat(600)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 'E_BAD_REQUEST', message: 'URI too long' });
    expect(long.headers['cache-control']).toBe('no-store');
  });

  it('a body that is not an object is named "body" in the 422, not ""', async () => {
    const client = new TestClient(ctx.app);
    await client.get('/api/v1/csrf');
    for (const payload of ['[1,2]', '"texte"', 'null']) {
      const res = await client.request('POST', '/api/v1/auth/login', payload, {
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['body']);
    }
  });

  it("Node's own refusals (headers over 16 KB, a broken request line) answer in the envelope", async () => {
    const { buildApp } = await import('../app');
    const { testConfig } = await import('../config');
    const app = await buildApp(testConfig(), { database: ctx.database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as import('node:net').AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    try {
      const big = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 'E_BAD_REQUEST',
        message: 'Request headers too large',
      });
      const broken = await raw('NOT A REQUEST\r\n\r\n');
      expect(broken).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4)).code).toBe('E_BAD_REQUEST');
    } finally {
      // The database belongs to this file's app: close only the server.
      await new Promise((resolve) => app.server.close(resolve));
    }
  });
});

describe('the reason beside the code', () => {
  it('is in the envelope when the failure has one, and only then', () => {
    expect(toEnvelope(conflict('You already applied to this mission', 'ALREADY_APPLIED'), false)).toEqual({
      status: 409,
      body: { code: 'E_CONFLICT', message: 'You already applied to this mission', reason: 'ALREADY_APPLIED' },
    });
    expect(
      toEnvelope(forbidden("Only the team's creator can delete the team", 'ROLE_REQUIRED'), false),
    ).toEqual({
      status: 403,
      body: {
        code: 'E_FORBIDDEN',
        message: "Only the team's creator can delete the team",
        reason: 'ROLE_REQUIRED',
      },
    });
    const refused = toEnvelope(refusal('SELF_FAVORITE', [fieldIssue('id', 'notSelf', 'No')]), false);
    expect(refused).toEqual({
      status: 422,
      body: {
        code: 'E_VALIDATION_ERROR',
        message: 'Validation failure',
        reason: 'SELF_FAVORITE',
        errors: [{ field: 'id', rule: 'notSelf', message: 'No' }],
      },
    });
    // Without a reason, the envelope is as before: no `reason` key at all.
    expect(Object.keys(toEnvelope(conflict('Taken'), false).body)).toEqual(['code', 'message']);
    expect(Object.keys(toEnvelope(forbidden(), false).body)).toEqual(['code', 'message']);
    expect(Object.keys(toEnvelope(fieldError('email', 'unique'), false).body)).toEqual([
      'code',
      'message',
      'errors',
    ]);
  });

  it('is documented in the OpenAPI document, with every reason of the table', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const schemas = Object.values(doc.components.schemas) as {
      title?: string;
      properties?: Record<string, unknown>;
    }[];
    const envelope = schemas.find((schema) => schema.title === 'ApiError');
    expect(envelope?.properties?.reason).toEqual({ type: 'string', enum: errorReasonNames });
    expect(Object.keys(envelope?.properties ?? {})).toEqual(['code', 'message', 'reason', 'meta', 'errors']);
  });
});
