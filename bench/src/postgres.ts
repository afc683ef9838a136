/**
 * PostgreSQL for the bench: the server given by BENCH_DATABASE_URL or DATABASE_URL, else the one on
 * 127.0.0.1:5432 when that port answers. Every server the bench starts gets a database of its own,
 * `closia_bench_<random>`, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import postgres from 'postgres';
import { assertRunning, defer } from './cleanup';
import { BenchConfigError } from './config';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type PostgresProbe =
  | { available: true; adminUrl: string; source: string; version: string; leftovers: string[] }
  | { available: false; reason: string };

/** The URL without its password, for printing. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function portAnswers(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The server's version, and the bench databases that a killed run (SIGKILL) left behind. */
async function inspect(url: string): Promise<{ version: string; leftovers: string[] }> {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    const [row] = await sql<{ server_version: string }[]>`show server_version`;
    const leftovers = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like 'closia\_bench\_%' order by datname`;
    // "15.20 (Debian 15.20-0+deb12u1)" → "PostgreSQL 15.20"
    return {
      version: `PostgreSQL ${row?.server_version.split(' ')[0] ?? '?'}`,
      leftovers: leftovers.map((r) => r.datname),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * An explicit URL that does not answer is an error (it was asked for); the default one is only
 * tried when port 5432 answers, and skipped with the reason otherwise.
 */
export async function findPostgres(explicit: { url: string; source: string } | null): Promise<PostgresProbe> {
  if (explicit) {
    try {
      return {
        available: true,
        adminUrl: explicit.url,
        source: explicit.source,
        ...(await inspect(explicit.url)),
      };
    } catch (error) {
      throw new BenchConfigError(
        `${explicit.source}=${redact(explicit.url)} does not answer: ${(error as Error).message}`,
      );
    }
  }
  if (!(await portAnswers('127.0.0.1', 5432))) {
    return {
      available: false,
      reason: 'nothing answers on 127.0.0.1:5432 and neither BENCH_DATABASE_URL nor DATABASE_URL is set',
    };
  }
  try {
    return {
      available: true,
      adminUrl: DEFAULT_URL,
      source: 'port 5432 answered',
      ...(await inspect(DEFAULT_URL)),
    };
  } catch (error) {
    return { available: false, reason: `${redact(DEFAULT_URL)}: ${(error as Error).message}` };
  }
}

/** Creates `closia_bench_<random>` on the server of `adminUrl`; the release drops it (with force). */
export async function createDatabase(
  adminUrl: string,
  { keep = false }: { keep?: boolean } = {},
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  assertRunning();
  const name = `closia_bench_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const sql = postgres(adminUrl, { max: 1, connect_timeout: 10, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end({ timeout: 5 });
    }
  };
  // Registered before the database exists, so that an interruption during creation still drops it;
  // one kept for EXPLAIN ANALYZE after the run is left out of the exit's clean-up.
  const dropNow = () => run(`drop database if exists ${name} with (force)`);
  const drop = keep ? dropNow : defer(`database ${name}`, dropNow);
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop };
}
