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
  demoTemplatePath,
  extractTemplate,
  isFreshDirectory,
  isUsableTemplate,
  type ManifestExtra,
  readManifest,
  type TemplateManifest,
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
   * migrated template (`demo-template`: the one with the demo seeded in), a plain initdb (no usable
   * template), or a dump handed to openDatabase.
   */
  createdFrom?: 'existing' | 'template' | 'demo-template' | 'initdb' | 'dump';
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
  /**
   * PGlite on disk, the demo asked for: a fresh data directory starts from the demo template
   * beside the template (`pglite-template-demo.tar.gz`) when there is a usable one, and `adjust`
   * runs on it (the demo's dates moved from `seededAt` to now; the template's manifest says which)
   * before the directory counts as created.
   */
  demo?: { adjust(database: Database, seededAt: Date, manifest: TemplateManifest): Promise<void> };
}

export async function openDatabase(config: Config['database'], options: OpenOptions = {}): Promise<Database> {
  const folder = options.migrationsFolder ?? process.env.CLOSIA_MIGRATIONS ?? migrationsFolder;
  if (config.kind === 'postgres') return openPostgres(config.url, folder);

  const dataDir = config.dataDir === 'memory' ? undefined : config.dataDir;
  let loadDataDir = options.loadDataDir;
  let createdFrom: Database['createdFrom'] = loadDataDir ? 'dump' : dataDir ? 'existing' : 'initdb';
  let created = () => {};
  let demoSeededAt: Date | undefined;
  let demoManifest: TemplateManifest | null = null;
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // A first start that died half-way is started again from scratch.
    created = beginCreation(dataDir);
    if (isFreshDirectory(dataDir) && !loadDataDir) {
      const templateFile = options.template === undefined ? defaultTemplatePath() : options.template;
      createdFrom = 'initdb';
      let chosen = templateFile && isUsableTemplate(templateFile) ? templateFile : null;
      const demoFile = templateFile && options.demo ? demoTemplatePath(templateFile) : null;
      demoManifest = demoFile && isUsableTemplate(demoFile) ? readManifest(demoFile) : null;
      if (demoFile && demoManifest?.demoSeededAt) {
        chosen = demoFile;
        demoSeededAt = new Date(demoManifest.demoSeededAt);
      }
      if (chosen) {
        createdFrom = demoSeededAt ? 'demo-template' : 'template';
        try {
          extractTemplate(chosen, dataDir);
        } catch {
          // Not the archive we know how to unpack: PGlite's own loader reads it.
          loadDataDir = templateBlob(chosen);
        }
      }
    }
  }
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  // Drizzle talks to PGlite through a client that skips the per-query parser copy and runs
  // named (`.prepare('name')`) queries as server-side prepared statements (see pglite-driver.ts).
  const client = PgliteDriverClient.wrap(pg);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const database: Database = {
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
  if (demoSeededAt && demoManifest && options.demo) {
    try {
      await options.demo.adjust(database, demoSeededAt, demoManifest);
    } catch (error) {
      await pg.close();
      throw error; // the directory stays marked as being created: the next start begins again
    }
  }
  created();
  return database;
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
  await createPgliteTemplates([{ file, prepare }], folder);
}

export interface TemplateStep {
  file: string;
  /** Runs on the database the previous steps left. */
  prepare?: (db: Db) => Promise<void>;
  /**
   * Written in the template's manifest (the demo template: the instant its demo was seeded at, the
   * columns that hold its dates); a function reads them from the database once prepared.
   */
  manifest?: ManifestExtra | ((database: Database) => Promise<ManifestExtra>);
}

/** Several templates from one migrated database (one initdb): each step adds to the last one's. */
export async function createPgliteTemplates(steps: TemplateStep[], folder = migrationsFolder): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, { migrationsFolder: folder });
  try {
    await database.migrate();
    for (const step of steps) {
      await step.prepare?.(database.db);
      // Flushed to the data files: a database opened from the dump has no WAL to replay.
      await database.rows('checkpoint');
      const extra = typeof step.manifest === 'function' ? await step.manifest(database) : step.manifest;
      await writeTemplate(step.file, await database.dump!(), folder, extra);
    }
  } finally {
    await database.close();
  }
}

async function openPostgres(url: string, folder: string): Promise<Database> {
  // Loaded here, not up front: the embedded default never needs the PostgreSQL driver.
  const { default: postgres } = await import('postgres');
  // A server that does not answer is given up on after 1.5 s (postgres.js waits 30 s by default):
  // a request that waited for it still gets its 503 within the 2 s promised.
  const connectTimeout = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 1500) / 1000;
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
