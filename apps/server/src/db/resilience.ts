import { AppError, errorCodes } from '@closia/shared';
import type postgres from 'postgres';

/**
 * What the app does when PostgreSQL goes away (ADR 013):
 * - a query that could not reach the server is retried once on a fresh connection when that is
 *   safe (the connection was refused, or a plain read);
 * - otherwise the request answers 503 `E_SERVICE_UNAVAILABLE`, saying whether a write may have
 *   been saved (a connection lost while a write was in flight) or surely was not;
 * - after a connection failure the database counts as down: every query fails at once (no
 *   request waits on a dead server) while a probe checks every 250 ms; the first answer of the
 *   probe puts it back, so recovery needs no restart.
 */

/** Error codes of postgres.js and Node for a connection that failed or was lost. */
const lostCodes = new Set([
  'ECONNRESET',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // SQLSTATE: admin_shutdown, crash_shutdown (the server ended the session).
  '57P01',
  '57P02',
]);
/** Failures before anything was sent: the server never saw the query. */
const refusedCodes = new Set([
  'ECONNREFUSED',
  'CONNECT_TIMEOUT',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // cannot_connect_now (starting up or shutting down), too_many_connections
  '57P03',
  '53300',
]);

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';

/** The connection was refused or could not be opened: nothing was sent. */
export function isConnectionRefused(error: unknown): boolean {
  return refusedCodes.has(codeOf(error));
}

/** Any failure of the connection itself (refused, lost, or the server shutting down). */
export function isConnectionError(error: unknown): boolean {
  const code = codeOf(error);
  // Class 08: connection exceptions.
  return lostCodes.has(code) || refusedCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

export const RETRY_AFTER_SECONDS = 2;

export class ServiceUnavailableError extends AppError {
  readonly retryAfter = RETRY_AFTER_SECONDS;
  constructor(
    /** A write may have been saved: the caller must check before retrying. */
    readonly outcomeUnknown = false,
    message = outcomeUnknown
      ? "La connexion à la base de données a été perdue pendant l'enregistrement : l'opération a peut-être été prise en compte. Vérifiez avant de réessayer."
      : 'Service momentanément indisponible : rien n’a été modifié. Réessayez dans quelques instants.',
  ) {
    super(503, errorCodes.serviceUnavailable, message);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * The outage behind a failure, if it is one: drizzle wraps a failed query's error
 * (`DrizzleQueryError`, the original as `cause`), and a raw connection error may come through a
 * path that skipped the wrapper.
 */
export function unavailableCause(error: unknown): ServiceUnavailableError | null {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof ServiceUnavailableError) return current;
    if (isConnectionError(current)) return new ServiceUnavailableError();
    current = current.cause;
  }
  return null;
}

/** A statement that writes nothing, so running it twice is harmless. */
const isRead = (text: string) =>
  /^\s*select\b/i.test(text) && !/\b(insert|update|delete|nextval|pg_advisory|for\s+update)\b/i.test(text);

export interface DatabaseHealth {
  /** True from a connection failure until the probe reaches the server again. */
  readonly down: boolean;
  /** Resolves once the state is known (a probe is running or the database answered). */
  check(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

type Sql = postgres.Sql;

/**
 * Wraps a postgres.js client: the same API, with the retry, the fast failure while down and the
 * 503 translation above. `openProbe` opens a client of one connection for one probe.
 */
export function resilientPostgres(sql: Sql, openProbe: () => Sql, log?: (msg: string) => void) {
  let down = false;
  let probing: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  /** 'ok', or why the server could not answer: unreachable, or the probe's connection was ended. */
  const probeOnce = async (timeoutMs: number): Promise<'ok' | 'unreachable' | 'lost'> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A connection of its own each time: it never queues behind the pool, nor waits out the
    // reconnection back-off of a connection that was just ended.
    const probeSql = openProbe();
    try {
      await Promise.race([
        probeSql`select 1`.execute(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('probe timed out'), { code: 'CONNECT_TIMEOUT' })),
            timeoutMs,
          );
        }),
      ]);
      return 'ok';
    } catch (error) {
      return isConnectionError(error) && !isConnectionRefused(error) ? 'lost' : 'unreachable';
    } finally {
      clearTimeout(timer);
      void probeSql.end({ timeout: 0 }).catch(() => {});
    }
  };

  /** Whether the server answers: a probe whose own connection was ended (with the others) tries again. */
  const reachable = async (timeoutMs: number): Promise<boolean> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await probeOnce(timeoutMs);
      if (result !== 'lost') return result === 'ok';
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  const confirmOutage = async (error: unknown) => {
    if (!(await reachable(1000))) markDown(error);
  };

  const markDown = (error: unknown) => {
    if (closed) return;
    if (!down) log?.(`database unreachable (${codeOf(error) || 'error'}): answering 503 until it is back`);
    down = true;
    if (probing) return;
    const tick = async () => {
      if (closed) return;
      if (await reachable(1000)) {
        down = false;
        probing = null;
        log?.('database reachable again');
        return;
      }
      probing = setTimeout(tick, 250);
      probing.unref?.();
    };
    probing = setTimeout(tick, 250);
    probing.unref?.();
  };

  /**
   * Turns a failure into what the caller should see, noting an outage: a refused connection means
   * the server is down; a lost one may be one connection ended (a failover, an admin), so the
   * probe decides.
   */
  const translate = (error: unknown, maybeWritten: boolean): unknown => {
    if (!isConnectionError(error)) return error;
    if (isConnectionRefused(error)) markDown(error);
    else if (!down) void confirmOutage(error);
    return new ServiceUnavailableError(maybeWritten && !isConnectionRefused(error));
  };

  const health: DatabaseHealth = {
    get down() {
      return down;
    },
    async check(timeoutMs = 1000) {
      if (down) return false;
      const ok = await reachable(timeoutMs);
      if (!ok) markDown(new Error('health check failed'));
      return ok;
    },
    close() {
      closed = true;
      if (probing) clearTimeout(probing);
    },
  };

  // `unsafe` is what drizzle and `rows()` call outside transactions: a lazy query that runs when
  // awaited (drizzle calls `.values()` first for array rows).
  const unsafe = (text: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) => {
    let values = false;
    const run = async () => {
      if (down) throw new ServiceUnavailableError(false);
      const once = () => {
        const q = sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], options);
        return values ? q.values() : q;
      };
      try {
        return await once();
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        // Retried once on a fresh connection when the server cannot have run it, or it wrote nothing
        // (after a moment: the pool's other connections may be closing too, e.g. a failover).
        if ((isConnectionRefused(error) && !down) || (isRead(text) && !isConnectionRefused(error))) {
          await new Promise((r) => setTimeout(r, 20));
          try {
            return await once();
          } catch (again) {
            throw translate(again, !isRead(text));
          }
        }
        throw translate(error, !isRead(text));
      }
    };
    const lazy = {
      values() {
        values = true;
        return lazy;
      },
      // biome-ignore lint/suspicious/noThenProperty: a lazy query, awaited like postgres.js's own
      then<A, B>(resolve?: (v: unknown) => A, reject?: (e: unknown) => B) {
        return run().then(resolve, reject);
      },
    };
    return lazy;
  };

  // A transaction: retried once if the connection failed before the callback ran; otherwise a
  // failure before the commit rolled everything back, and one during the commit may have saved it.
  const begin = async (...args: unknown[]) => {
    if (down) throw new ServiceUnavailableError(false);
    const fn = args[args.length - 1] as (tx: unknown) => unknown;
    const options = args.length > 1 ? (args[0] as string) : '';
    let attempt = 0;
    for (;;) {
      attempt += 1;
      let started = false;
      let committing = false;
      try {
        return await sql.begin(options, async (tx) => {
          started = true;
          const result = await fn(tx);
          committing = true;
          return result;
        });
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        if (!started && attempt === 1 && !down) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        throw translate(error, committing);
      }
    }
  };

  const wrapped = new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') return unsafe;
      if (prop === 'begin') return begin;
      return Reflect.get(target, prop, receiver);
    },
  });
  return { sql: wrapped, health };
}
