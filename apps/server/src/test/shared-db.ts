/**
 * A migrated test database that outlives the app using it: a PGlite data directory on disk (a
 * restart opens it again) or a fresh PostgreSQL database (several instances open it at once).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { withDatabase } from './global-setup';

export interface SharedTestDatabase {
  kind: 'pglite' | 'postgres';
  /**
   * Opens it: on PostgreSQL a connection pool of its own each time; on PGlite the data directory
   * (one process holds it once: close the previous one first).
   */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function sharedTestDatabase(): Promise<SharedTestDatabase> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `closia_test_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url });
    await admin.rows(`create database ${name} template ${template}`);
    await admin.close();
    return {
      kind: 'postgres',
      open: () => openDatabase({ kind: 'postgres', url: withDatabase(url, name) }),
      drop: async () => {
        const again = await openDatabase({ kind: 'postgres', url });
        await again.rows(`drop database if exists ${name} with (force)`);
        await again.close();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'closia-shared-db-'));
  const dataDir = path.join(dir, 'db');
  return {
    kind: 'pglite',
    // The first open starts from the migrated template; the next ones find the directory in place.
    open: () => openDatabase({ kind: 'pglite', dataDir }, { template }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
