import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactForLog } from './log-redaction';

const email = 'jeanne.secret@example.com';
const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const code = 'AFF-7Q2XK9';
const sql = 'insert into "users" ("email", "password_hash", "affiliation_code") values ($1, $2, $3)';
const params = [email, hash, code];

/** What the app's logger (pino, std `err` serializer) writes for `{ err }`. */
function logged(err: unknown): string {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  pino({ level: 'info' }, stream).error({ err }, 'request failed');
  return lines.join('');
}

/** PGlite's error: `query` and `params` assigned as plain properties, PostgreSQL's fields beside. */
function pgliteError() {
  return Object.assign(new Error('new row for relation "users" violates check constraint "users_check"'), {
    name: 'DatabaseError',
    severity: 'ERROR',
    code: '23514',
    detail: `Failing row contains (1, ${email}, ${hash}, ${code}).`,
    table: 'users',
    constraint: 'users_check',
    query: sql,
    params,
  });
}

/** postgres.js' error: the values in non-enumerable `parameters` and `args`. */
function postgresJsError() {
  const error = Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_unique"'),
    {
      name: 'PostgresError',
      severity: 'ERROR',
      code: '23505',
      detail: `Key (email)=(${email}) already exists.`,
      constraint_name: 'users_email_unique',
    },
  );
  Object.defineProperties(error, {
    query: { value: sql, enumerable: false },
    parameters: { value: params, enumerable: false },
    args: { value: params, enumerable: false },
  });
  return error;
}

describe('redactForLog', () => {
  it.each([
    ['PGlite', pgliteError],
    ['postgres.js', postgresJsError],
  ])('logs a failed drizzle query on %s without its values', (_driver, driverError) => {
    const cause = driverError();
    const error = new DrizzleQueryError(sql, params, cause);
    // Unredacted, every value is in the log (the message and the stack repeat them).
    expect(logged(error)).toContain(hash);

    const line = logged(redactForLog(error));
    for (const secret of [email, hash, code]) expect(line).not.toContain(secret);
    const entry = JSON.parse(line);
    expect(entry.err.type).toBe('DrizzleQueryError');
    expect(entry.err.message).toContain(`Failed query: ${sql}`);
    expect(entry.err.message).toContain(cause.message);
    expect(entry.err.query).toBe(sql);
    expect(entry.err.params).toBeUndefined();
    expect(entry.err.stack).toMatch(/at /);
    expect(entry.err.stack).toContain(`caused by: ${cause.name}: ${cause.message}`);
    // The driver's own fields, which pino does not print for a cause, are summed up.
    expect(entry.err.driverError).toMatchObject({ type: cause.name, code: cause.code, detail: REDACTED });
  });

  it('keeps the driver error fields but the values: code, constraint, SQL; detail only as a marker', () => {
    const redacted = redactForLog(pgliteError()) as Record<string, unknown>;
    expect(redacted).toBeInstanceOf(Error);
    expect(redacted).toMatchObject({
      code: '23514',
      severity: 'ERROR',
      table: 'users',
      constraint: 'users_check',
      query: sql,
      detail: REDACTED,
      message: 'new row for relation "users" violates check constraint "users_check"',
    });
    expect(redacted).not.toHaveProperty('params');
    const fromPostgresJs = redactForLog(postgresJsError()) as Record<string, unknown>;
    expect(fromPostgresJs).toMatchObject({ code: '23505', query: sql, detail: REDACTED });
    expect('parameters' in fromPostgresJs).toBe(false);
  });

  it('does not touch what it is given', () => {
    const cause = pgliteError();
    const error = new DrizzleQueryError(sql, params, cause);
    redactForLog(error);
    expect(error.params).toBe(params);
    expect(error.message).toContain(hash);
    expect(cause.detail).toContain(email);
  });

  it('passes anything that is not an error through, and survives a circular cause', () => {
    expect(redactForLog('text')).toBe('text');
    expect(redactForLog(null)).toBeNull();
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    const line = logged(redactForLog(error));
    expect(JSON.parse(line).err.message).toContain('loop');
  });

  it('redacts every error of an aggregate', () => {
    const aggregate = new AggregateError([new DrizzleQueryError(sql, params, pgliteError())], 'several');
    const line = logged(redactForLog(aggregate));
    for (const secret of [email, hash, code]) expect(line).not.toContain(secret);
    expect(JSON.parse(line).err.aggregateErrors[0].query).toBe(sql);
  });
});
