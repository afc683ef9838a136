import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, LogCapture, TestClient, type TestContext } from '../test/helpers';

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
