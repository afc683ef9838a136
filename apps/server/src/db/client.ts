import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type postgres from 'postgres';
import type { Config } from '../config';
import { drizzlePglite, PgliteDriverClient } from './pglite-driver';
import {
  beginCreation,
  defaultTemplatePath,
  extractTemplate,
  isFreshDirectory,
  isUsableTemplate,
  templateBlob,
  writeTemplate,
} from './pglite-template';
import { type DatabaseHealth, resilientPostgres } from './resilience';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services accept either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the generated migrations; safe when several instances start together. */
  migrate(): Promise<void>;
  /** Raw rows of a SQL string, whichever driver (PGlite answers `{ rows }`, postgres-js an array). */
  rows<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Whether the server is reachable (PostgreSQL: known down after a connection failure, until a probe answers). */
  health: DatabaseHealth;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start from a migrated dump). */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: where the database came from — a data directory found in place, the build's
   * migrated template, a plain initdb (no usable template), or a dump handed to openDatabase.
   */
  createdFrom?: 'existing' | 'template' | 'initdb' | 'dump';
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 727_041; // arbitrary advisory lock key for "closia migrations"

export interface OpenOptions {
  /** A PGlite data dump to start from (tests: a migrated template, ~10× faster than initdb). */
  loadDataDir?: Blob | File;
  /** Where the migrations live (the bundle copies them beside itself). */
  migrationsFolder?: string;
  /**
   * PGlite on disk: the migrated template a fresh (missing or empty) data directory starts from
   * (default: `CLOSIA_PGLITE_TEMPLATE`, else `pglite-template.tar.gz` beside the bundle); null: initdb.
   */
  template?: string | null;
}

export async function openDatabase(config: Config['database'], options: OpenOptions = {}): Promise<Database> {
  const folder = options.migrationsFolder ?? process.env.CLOSIA_MIGRATIONS ?? migrationsFolder;
  if (config.kind === 'postgres') return openPostgres(config.url, folder);

  const dataDir = config.dataDir === 'memory' ? undefined : config.dataDir;
  let loadDataDir = options.loadDataDir;
  let createdFrom: Database['createdFrom'] = loadDataDir ? 'dump' : dataDir ? 'existing' : 'initdb';
  let created = () => {};
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // A first start that died half-way is started again from scratch.
    created = beginCreation(dataDir);
    if (isFreshDirectory(dataDir) && !loadDataDir) {
      const templateFile = options.template === undefined ? defaultTemplatePath() : options.template;
      createdFrom = 'initdb';
      if (templateFile && isUsableTemplate(templateFile)) {
        createdFrom = 'template';
        try {
          extractTemplate(templateFile, dataDir);
        } catch {
          // Not the archive we know how to unpack: PGlite's own loader reads it.
          loadDataDir = templateBlob(templateFile);
        }
      }
    }
  }
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  created();
  // Drizzle talks to PGlite through a client that skips the per-query parser copy and runs
  // named (`.prepare('name')`) queries as server-side prepared statements (see pglite-driver.ts).
  const client = PgliteDriverClient.wrap(pg);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, so no lock is needed here.
    migrate: () =>
      migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder: folder }),
    rows: async <T>(query: string, params?: unknown[]) => (await client.rawQuery<T>(query, params)).rows,
    // In the process: it is there as long as the process is.
    health: {
      down: false,
      check: async () => {
        await client.rawQuery('select 1');
        return true;
      },
      close() {},
    },
    close: () => pg.close(),
    dump: async () => pg.dumpDataDir('gzip'),
    createdFrom,
  };
}

/**
 * Writes the migrated PGlite template that fresh data directories start from (the build puts it
 * beside the bundle; the tests start each file from one). `prepare` runs after the migrations
 * (the build seeds the reference data, which every start would otherwise insert).
 */
export async function createPgliteTemplate(
  file: string,
  folder = migrationsFolder,
  prepare?: (db: Db) => Promise<void>,
): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, { migrationsFolder: folder });
  try {
    await database.migrate();
    await prepare?.(database.db);
    // Flushed to the data files: a database opened from the dump has no WAL to replay.
    await database.rows('checkpoint');
    await writeTemplate(file, await database.dump!(), folder);
  } finally {
    await database.close();
  }
}

async function openPostgres(url: string, folder: string): Promise<Database> {
  // Loaded here, not up front: the embedded default never needs the PostgreSQL driver.
  const { default: postgres } = await import('postgres');
  // A server that does not answer is given up on after 2 s (postgres.js waits 30 s by default).
  const connectTimeout = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 2000) / 1000;
  const pool = postgres(url, {
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    connect_timeout: connectTimeout,
    // Reconnect after 50 ms, 100 ms … at most 1 s (postgres.js waits up to 20 s after repeated
    // failures): the pool is back as soon as the server is.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    onnotice: () => {},
  });
  const { sql, health } = resilientPostgres(
    pool,
    () => postgres(url, { max: 1, connect_timeout: 1, fetch_types: false, onnotice: () => {} }),
    (msg) => console.warn(`[database] ${msg}`),
  );
  const db = drizzlePostgres(sql, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Hold a session-level advisory lock on one reserved connection while the pool migrates:
      // a second instance starting at the same time waits, then finds nothing left to apply.
      const lock = await pool.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(drizzlePostgres(pool, { casing: 'snake_case' }), { migrationsFolder: folder });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
        lock.release();
      }
    },
    rows: async <T>(query: string, params?: unknown[]) =>
      (await sql.unsafe(query, params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    health,
    close: async () => {
      health.close();
      await pool.end({ timeout: 5 });
    },
  };
}
