import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated database. PostgreSQL: the name of a migrated template database. */
    dbTemplate: string;
  }
}

/**
 * Runs the migrations once for the whole run. Each test file then opens its own copy: a PGlite
 * data dump (~0.5 s instead of 3 s of initdb), or `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    // Unique per run: two runs against the same server must not drop each other's template.
    const TEMPLATE_DB = `closia_test_template_${process.pid}_${Date.now().toString(36)}`;
    const admin = await openDatabase({ kind: 'postgres', url });
    await admin.rows(`drop database if exists ${TEMPLATE_DB}`);
    await admin.rows(`create database ${TEMPLATE_DB}`);
    await admin.close();
    const template = await openDatabase({ kind: 'postgres', url: withDatabase(url, TEMPLATE_DB) });
    await template.migrate();
    await template.close();
    project.provide('dbTemplate', TEMPLATE_DB);
    return async () => {
      const again = await openDatabase({ kind: 'postgres', url });
      await again.rows(`drop database if exists ${TEMPLATE_DB}`);
      await again.close();
    };
  }
  // The same migrated template as the build's (dist/pglite-template.tar.gz).
  const dir = mkdtempSync(path.join(tmpdir(), 'closia-test-'));
  const file = path.join(dir, 'template.tar.gz');
  await createPgliteTemplate(file);
  project.provide('dbTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
