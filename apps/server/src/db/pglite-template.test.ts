import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createPgliteTemplate,
  createPgliteTemplates,
  type Database,
  migrationsFolder,
  openDatabase,
} from './client';
import {
  demoTemplatePath,
  extractTemplate,
  installedPgliteVersion,
  isUsableTemplate,
  TEMPLATE_FILE,
} from './pglite-template';

// A fresh on-disk DATA_DIR starts from the build's migrated template (no initdb); the migrations
// still run after it, for templates older than the code. These tests use PGlite whatever the suite's
// database is: the PostgreSQL lane (DATABASE_URL set) skips them, it would repeat them unchanged
// (35 s of a worker there).

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

let dir: string;
let fullTemplate: string;
let olderTemplate: string;

/** A migrations folder holding only the first `count` migrations: what an older build shipped. */
function olderMigrations(count: number): string {
  const folder = path.join(dir, 'older-migrations');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const { tag } of entries)
    cpSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** What a migrated database holds: its applied migrations, tables and extensions. */
async function shape(database: Database) {
  return {
    migrations: (
      await database.rows<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id')
    ).map((row) => row.hash),
    tables: (
      await database.rows<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )
    ).map((row) => row.name),
    extensions: (
      await database.rows<{ name: string }>('select extname as name from pg_extension order by 1')
    ).map((row) => row.name),
  };
}

/** A ustar header: `type` '0' a file of `size` bytes, '2' a symbolic link to `linkTo`. */
function tarHeader(name: string, type: string, size: number, linkTo = ''): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000777\0', 100);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write(type, 156);
  header.write(linkTo, 157);
  header.write('ustar\u000000', 257);
  header.write('        ', 148);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

const open = (dataDir: string, template: string | null) =>
  openDatabase({ kind: 'pglite', dataDir }, { template });

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite template', () => {
  beforeAll(async () => {
    expect(journal.entries.length).toBeGreaterThanOrEqual(2);
    dir = mkdtempSync(path.join(tmpdir(), 'closia-template-'));
    // The suite's global setup already wrote one with createPgliteTemplate.
    fullTemplate = inject('dbTemplate');
    olderTemplate = path.join(dir, 'older', TEMPLATE_FILE);
    await createPgliteTemplate(olderTemplate, olderMigrations(1));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a fresh data directory migrated, and the migrator leaves it alone', async () => {
    const dataDir = path.join(dir, 'fresh/db');
    const database = await open(dataDir, fullTemplate);
    try {
      expect(database.createdFrom).toBe('template');
      const before = await shape(database);
      expect(before.migrations).toHaveLength(journal.entries.length);
      expect(before.tables).toContain('users');
      expect(before.extensions).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
      await database.migrate();
      expect(await shape(database)).toEqual(before);
      // The extensions work (their files are loaded at open, their catalog entries come from the template).
      expect(
        await database.rows(`select unaccent('Élodie') as u, similarity('closer', 'closers') > 0.5 as s`),
      ).toEqual([{ u: 'Elodie', s: true }]);
      await database.rows(`insert into work_sectors (name) values ('Kept across restarts')`);
    } finally {
      await database.close();
    }
    expect(existsSync(`${dataDir}.creating`)).toBe(false);
    // The directory is a database of its own now: opened in place, data kept.
    const again = await open(dataDir, fullTemplate);
    try {
      expect(again.createdFrom).toBe('existing');
      expect(
        await again.rows(`select name from work_sectors where name = 'Kept across restarts'`),
      ).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('applies the rest of the migrations to a database from an older template', async () => {
    const database = await open(path.join(dir, 'older/db'), olderTemplate);
    try {
      expect(database.createdFrom).toBe('template');
      expect((await shape(database)).migrations).toHaveLength(1);
      await database.migrate();
      const reference = await open(path.join(dir, 'reference/db'), fullTemplate);
      try {
        expect(await shape(database)).toEqual(await shape(reference));
      } finally {
        await reference.close();
      }
    } finally {
      await database.close();
    }
  });

  it('starts again from the template when an earlier first start died half-way, or the directory is empty', async () => {
    const interrupted = path.join(dir, 'interrupted/db');
    mkdirSync(interrupted, { recursive: true });
    writeFileSync(path.join(interrupted, 'PG_VERSION'), '18\n'); // looks like a database, is not one
    writeFileSync(`${interrupted}.creating`, '1\n');
    mkdirSync(`${interrupted}.partial/base`, { recursive: true }); // and an unpacking that died
    const empty = path.join(dir, 'empty/db');
    mkdirSync(empty, { recursive: true });
    for (const dataDir of [interrupted, empty]) {
      const database = await open(dataDir, fullTemplate);
      try {
        expect(database.createdFrom).toBe('template');
        expect((await shape(database)).migrations).toHaveLength(journal.entries.length);
      } finally {
        await database.close();
      }
      expect(existsSync(`${dataDir}.creating`)).toBe(false);
      expect(existsSync(`${dataDir}.partial`)).toBe(false);
    }
  });

  it('unpacks every file byte for byte, its zero pages left as holes', () => {
    const page = (fill: number) => Buffer.alloc(8192, fill);
    const files: Record<string, Buffer> = {
      PG_VERSION: Buffer.from('17\n'),
      // Runs of written and zero pages, and a short last page.
      'base/5/1259': Buffer.concat([page(1), page(0), page(0), page(7), Buffer.alloc(100, 3)]),
      'pg_wal/000000010000000000000002': Buffer.concat([page(0), page(0), page(0)]),
    };
    const archive = gzipSync(
      Buffer.concat([
        ...Object.entries(files).flatMap(([name, content]) => [
          tarHeader(name, '0', content.length),
          content,
          Buffer.alloc((512 - (content.length % 512)) % 512),
        ]),
        Buffer.alloc(1024),
      ]),
    );
    const file = path.join(dir, 'sparse', TEMPLATE_FILE);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, archive);
    const target = path.join(dir, 'sparse/db');
    extractTemplate(file, target);
    for (const [name, content] of Object.entries(files))
      expect(readFileSync(path.join(target, name)).equals(content), name).toBe(true);
    const zeros = statSync(path.join(target, 'pg_wal/000000010000000000000002'));
    expect(zeros.size).toBe(3 * 8192);
    expect(zeros.blocks * 512).toBeLessThan(zeros.size);
  });

  it('falls back to PGlite’s own loader for an archive it does not unpack itself', async () => {
    // A symbolic link first: not something a data directory dump holds, so the unpacker refuses it.
    const link = tarHeader('link-to-nowhere', '2', 0, 'nowhere');
    const odd = path.join(dir, 'odd', TEMPLATE_FILE);
    mkdirSync(path.dirname(odd), { recursive: true });
    writeFileSync(odd, gzipSync(Buffer.concat([link, gunzipSync(readFileSync(fullTemplate))])));
    cpSync(`${fullTemplate}.json`, `${odd}.json`);
    expect(() => extractTemplate(odd, path.join(dir, 'odd/direct'))).toThrow(/unexpected entry type "2"/);
    expect(existsSync(path.join(dir, 'odd/direct'))).toBe(false);
    const dataDir = path.join(dir, 'odd/db');
    const database = await open(dataDir, odd);
    try {
      expect(database.createdFrom).toBe('template');
      expect((await shape(database)).migrations).toHaveLength(journal.entries.length);
    } finally {
      await database.close();
    }
    expect(existsSync(`${dataDir}.partial`)).toBe(false);
  });

  it('ignores a template that is missing or was written by another PGlite release', () => {
    expect(isUsableTemplate(fullTemplate)).toBe(true);
    expect(isUsableTemplate(path.join(dir, 'nowhere', TEMPLATE_FILE))).toBe(false);
    const stale = path.join(dir, 'stale', TEMPLATE_FILE);
    mkdirSync(path.dirname(stale), { recursive: true });
    cpSync(fullTemplate, stale);
    const manifest = JSON.parse(readFileSync(`${fullTemplate}.json`, 'utf8'));
    expect(manifest).toMatchObject({
      pglite: installedPgliteVersion(),
      migrations: journal.entries.map((entry) => entry.tag),
    });
    writeFileSync(`${stale}.json`, JSON.stringify({ ...manifest, pglite: '0.0.1' }));
    expect(isUsableTemplate(stale)).toBe(false);
  });

  it('starts a fresh directory from the demo template when the demo is asked for, adjusted before it counts as created', async () => {
    const plain = path.join(dir, 'with-demo', TEMPLATE_FILE);
    const seededAt = new Date('2026-01-05T10:00:00Z');
    await createPgliteTemplates([
      { file: plain },
      {
        file: demoTemplatePath(plain),
        prepare: async (db) => {
          await db.execute(`insert into work_sectors (name) values ('Demo sector')`);
        },
        manifest: { demoSeededAt: seededAt.toISOString() },
      },
    ]);
    const demoSector = `select name from work_sectors where name = 'Demo sector'`;
    const adjusted: Date[] = [];
    const demo = {
      adjust: async (database: Database, at: Date) => {
        adjusted.push(at);
        await database.rows(`update work_sectors set name = 'Adjusted' where name = 'Demo sector'`);
      },
    };
    const withDemo = path.join(dir, 'with-demo/db');
    const database = await openDatabase({ kind: 'pglite', dataDir: withDemo }, { template: plain, demo });
    try {
      expect(database.createdFrom).toBe('demo-template');
      expect(adjusted).toEqual([seededAt]);
      expect(await database.rows(`select name from work_sectors where name = 'Adjusted'`)).toHaveLength(1);
    } finally {
      await database.close();
    }
    expect(existsSync(`${withDemo}.creating`)).toBe(false);
    // Opened again: the directory exists, nothing is adjusted twice.
    const again = await openDatabase({ kind: 'pglite', dataDir: withDemo }, { template: plain, demo });
    await again.close();
    expect(again.createdFrom).toBe('existing');
    expect(adjusted).toHaveLength(1);

    // Without the demo, the plain template.
    const without = await open(path.join(dir, 'without-demo/db'), plain);
    try {
      expect(without.createdFrom).toBe('template');
      expect(await without.rows(demoSector)).toHaveLength(0);
    } finally {
      await without.close();
    }

    // An adjustment that fails leaves the directory to be created again at the next start.
    const failing = path.join(dir, 'failing-demo/db');
    const broken = { adjust: () => Promise.reject(new Error('disk full')) };
    await expect(
      openDatabase({ kind: 'pglite', dataDir: failing }, { template: plain, demo: broken }),
    ).rejects.toThrow('disk full');
    expect(existsSync(`${failing}.creating`)).toBe(true);
    const retried = await openDatabase({ kind: 'pglite', dataDir: failing }, { template: plain, demo });
    try {
      expect(retried.createdFrom).toBe('demo-template');
      expect(await retried.rows(`select name from work_sectors where name = 'Adjusted'`)).toHaveLength(1);
    } finally {
      await retried.close();
    }
  });
});
