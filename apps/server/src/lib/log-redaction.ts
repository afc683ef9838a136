/**
 * Database errors carry the values of the failed query: drizzle's `DrizzleQueryError` has
 * `params` (and repeats them in its message and stack), PGlite's errors `params`, postgres.js's
 * `parameters` and `args`, and PostgreSQL's `detail` quotes the row or the key ("Key
 * (email)=(…) already exists", "Failing row contains (…)"). Those are password hashes, e-mail
 * addresses, affiliation codes: they must not reach the log.
 */

/** Properties holding the values bound to a query: dropped. */
const parameterKeys = new Set(['params', 'parameters', 'args', 'queryOptions']);
/** Properties of a PostgreSQL error that quote the data: kept as a marker, without the data. */
const valueKeys = new Set(['detail']);
export const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

interface ErrorLike {
  message: string;
  stack?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** drizzle's message is `Failed query: <sql>\nparams: <values>`: the SQL stays, the values go. */
function safeMessage(error: ErrorLike): string {
  const hasParameters = [...parameterKeys].some((key) => key in error);
  return hasParameters ? error.message.replace(/\nparams:[\s\S]*$/, '') : error.message;
}

/** The stack starts with the message: rewrite that head, keep the frames. */
function safeStack(stack: unknown, original: string, message: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  if (original === message) return stack;
  const at = stack.indexOf(original);
  if (at !== -1) return stack.slice(0, at) + message + stack.slice(at + original.length);
  const frames = stack.indexOf('\n    at ');
  return frames === -1 ? message : `${message}${stack.slice(frames)}`;
}

function redact(error: ErrorLike, depth: number, seen: Set<unknown>): ErrorLike {
  seen.add(error);
  // Same prototype: the log still names the error's class (DrizzleQueryError, DatabaseError…).
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  for (const key of Object.keys(error)) {
    if (key === 'cause' || key === 'errors' || parameterKeys.has(key)) continue;
    copy[key] = valueKeys.has(key) && error[key] != null ? REDACTED : error[key];
  }
  // postgres.js keeps the SQL text non-enumerable; it is what tells which query failed.
  if (typeof error.query === 'string') copy.query = error.query;
  const message = safeMessage(error);
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  const stack = safeStack(error.stack, error.message, message);
  if (stack !== undefined)
    Object.defineProperty(copy, 'stack', { value: stack, enumerable: false, writable: true });
  if (error.cause !== undefined) copy.cause = redactNested(error.cause, depth + 1, seen);
  if (Array.isArray(error.errors)) copy.errors = error.errors.map((e) => redactNested(e, depth + 1, seen));
  return copy;
}

function redactNested(value: unknown, depth: number, seen: Set<unknown>): unknown {
  if (!isErrorLike(value)) return value;
  if (depth > MAX_DEPTH || seen.has(value)) return { message: '[cause omitted]' };
  return redact(value, depth, seen);
}

/**
 * pino's `err` serializer prints the message and stack of each cause, not its fields: the first
 * cause with a driver error code (SQLSTATE) is summed up as plain data — class, code, severity,
 * constraint, table… — already redacted.
 */
function driverError(copy: ErrorLike): Record<string, unknown> | undefined {
  let cause = copy.cause;
  for (let depth = 0; isErrorLike(cause) && depth <= MAX_DEPTH; depth++, cause = cause.cause) {
    if (typeof cause.code !== 'string') continue;
    const fields: Record<string, unknown> = { type: cause.name };
    for (const [key, value] of Object.entries(cause)) {
      if (key === 'query' || key === 'cause' || key === 'errors') continue;
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
    return fields;
  }
  return undefined;
}

/**
 * A copy of `error` safe to log: the same class, SQL text, driver code and message, and cause
 * chain, without the query's parameters nor PostgreSQL's `detail`. Anything that is not an error
 * is returned as it is.
 */
export function redactForLog(error: unknown): unknown {
  const copy = redactNested(error, 0, new Set());
  if (!isErrorLike(copy) || typeof copy.code === 'string') return copy;
  const driver = driverError(copy);
  if (driver) copy.driverError = driver;
  return copy;
}
