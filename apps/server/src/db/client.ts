import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Config } from '../config';
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
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start from a migrated dump). */
  dump?(): Promise<Blob>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 727_041; // arbitrary advisory lock key for "closia migrations"

export interface OpenOptions {
  /** A PGlite data dump to start from (tests: a migrated template, ~10× faster than initdb). */
  loadDataDir?: Blob | File;
  /** Where the migrations live (the bundle copies them beside itself). */
  migrationsFolder?: string;
}

export async function openDatabase(config: Config['database'], options: OpenOptions = {}): Promise<Database> {
  const folder = options.migrationsFolder ?? process.env.CLOSIA_MIGRATIONS ?? migrationsFolder;
  if (config.kind === 'postgres') return openPostgres(config.url, folder);

  const dataDir = config.dataDir === 'memory' ? undefined : config.dataDir;
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, so no lock is needed here.
    migrate: () =>
      migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder: folder }),
    rows: async <T>(query: string, params?: unknown[]) => (await client.query<T>(query, params)).rows,
    close: () => client.close(),
    dump: async () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string, folder: string): Promise<Database> {
  const sql = postgres(url, { max: Number(process.env.DATABASE_POOL_MAX ?? 10), onnotice: () => {} });
  const db = drizzlePostgres(sql, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Hold a session-level advisory lock on one reserved connection while the pool migrates:
      // a second instance starting at the same time waits, then finds nothing left to apply.
      const lock = await sql.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(drizzlePostgres(sql, { casing: 'snake_case' }), { migrationsFolder: folder });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
        lock.release();
      }
    },
    rows: async <T>(query: string, params?: unknown[]) =>
      (await sql.unsafe(query, params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    close: () => sql.end({ timeout: 5 }),
  };
}
