/**
 * A migrated PGlite database, dumped at build time beside the bundle, that a fresh data directory
 * starts from instead of running initdb (~5 s) and every migration. The migrations still run
 * afterwards: the template may be older than the code.
 */
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const TEMPLATE_FILE = 'pglite-template.tar.gz';
/** Beside it, the same with the demo data seeded in (used when the demo is asked for). */
export const DEMO_TEMPLATE_SUFFIX = '-demo.tar.gz';
const MANIFEST_SUFFIX = '.json';

/** A date or timestamp column of the application's tables (seed/shift.ts moves the demo's). */
export interface DateColumn {
  table: string;
  column: string;
  type: 'timestamp with time zone' | 'timestamp without time zone' | 'date';
}

export interface TemplateManifest {
  /** The PGlite release that wrote the dump: another one may not read it. */
  pglite: string;
  /** Tags of the migrations applied in the template (drizzle's journal). */
  migrations: string[];
  createdAt: string;
  /** The demo template: the instant its demo was seeded at (its dates are relative to it). */
  demoSeededAt?: string;
  /**
   * The demo template: the date columns of its tables that hold rows, which its first start moves
   * (read here, that start neither queries the catalog for them nor visits the empty tables).
   */
  demoDateColumns?: DateColumn[];
}

/** What a template step adds to its manifest. */
export type ManifestExtra = Pick<TemplateManifest, 'demoSeededAt' | 'demoDateColumns'>;

/** The demo template that goes with a template file. */
export function demoTemplatePath(file: string): string {
  return file.replace(/\.tar\.gz$/, '') + DEMO_TEMPLATE_SUFFIX;
}

/** A template's manifest, or null when missing or unreadable. */
export function readManifest(file: string): TemplateManifest | null {
  try {
    return JSON.parse(readFileSync(`${file}${MANIFEST_SUFFIX}`, 'utf8')) as TemplateManifest;
  } catch {
    return null;
  }
}

/** Where the template is looked for: `CLOSIA_PGLITE_TEMPLATE`, else beside this module (dist/ in the bundle). */
export function defaultTemplatePath(): string {
  return process.env.CLOSIA_PGLITE_TEMPLATE || path.resolve(import.meta.dirname, TEMPLATE_FILE);
}

let installedVersion: string | undefined;
/** The installed @electric-sql/pglite version (its package.json, found from its entry point). */
export function installedPgliteVersion(): string {
  if (installedVersion) return installedVersion;
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) {
        installedVersion = pkg.version;
        return installedVersion;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the version of @electric-sql/pglite');
    dir = parent;
  }
}

/**
 * Whether a template can be used: it exists and was written by the installed PGlite release
 * (otherwise the caller runs initdb, as before).
 */
export function isUsableTemplate(file: string): boolean {
  if (!existsSync(file)) return false;
  // Missing or unreadable: as good as none.
  return readManifest(file)?.pglite === installedPgliteVersion();
}

/** The template as a Blob for `PGlite.create({ loadDataDir })`. */
export function templateBlob(file: string): Blob {
  // The type tells PGlite's loader that the tarball is gzipped.
  return new Blob([readFileSync(file)], { type: 'application/x-gzip' });
}

const BLOCK = 512;

/** A NUL-terminated (or full-width) ASCII field of a tar header. */
function field(header: Buffer, offset: number, length: number): string {
  const bytes = header.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? length : end).toString('latin1');
}

const PAGE = 8192;

/**
 * Writes `bytes` to a new file, leaving its all-zero pages as holes: they read as zeros, and the
 * disk is spared them (a template's next WAL segment is 16 MB of zeros: 29 % of the demo's).
 */
function writeSparse(target: string, bytes: Buffer): void {
  const fd = openSync(target, 'w', 0o600);
  const write = (from: number, to: number) => {
    for (let at = from; at < to; ) at += writeSync(fd, bytes, at, to - at, at);
  };
  try {
    let run = -1; // where the run of non-zero pages being collected starts
    for (let at = 0; at < bytes.length; at += PAGE) {
      const zero = isZero(bytes.subarray(at, at + PAGE));
      if (!zero && run === -1) run = at;
      else if (zero && run !== -1) {
        write(run, at);
        run = -1;
      }
    }
    if (run !== -1) write(run, bytes.length);
    ftruncateSync(fd, bytes.length);
  } finally {
    closeSync(fd);
  }
}

const ZERO_PAGE = Buffer.alloc(PAGE);
const isZero = (page: Buffer) => (page.length === PAGE ? page.equals(ZERO_PAGE) : page.every((b) => b === 0));

/**
 * Unpacks the template (PGlite's `dumpDataDir('gzip')`: a gzipped ustar archive of the data
 * directory) into `dataDir`: into a folder beside it, renamed into place once complete, so a
 * crash never leaves half a database. Native gunzip and plain file writes: markedly cheaper than
 * PGlite's `loadDataDir`, which unpacks in JavaScript and writes through its virtual file system.
 * Throws on anything but plain files and folders (the caller then falls back to `loadDataDir`).
 */
export function extractTemplate(file: string, dataDir: string): void {
  const archive = gunzipSync(readFileSync(file));
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    let offset = 0;
    let complete = false;
    while (offset + BLOCK <= archive.length) {
      const header = archive.subarray(offset, offset + BLOCK);
      if (header.every((byte) => byte === 0)) {
        complete = true; // end-of-archive block
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
      if (!field(header, 257, 6).startsWith('ustar') || sum !== Number.parseInt(field(header, 148, 8), 8))
        throw new Error(`template: not a ustar header at byte ${offset}`);
      const prefix = field(header, 345, 131);
      const name = path.normalize((prefix ? `${prefix}/` : '') + field(header, 0, 100)).replace(/^\/+/, '');
      if (name.startsWith('..') || path.isAbsolute(name)) throw new Error(`template: unsafe path ${name}`);
      const size = Number.parseInt(field(header, 124, 12) || '0', 8);
      const type = String.fromCharCode(header[156]!);
      const target = path.join(partial, name);
      offset += BLOCK;
      if (type === '5') {
        mkdirSync(target, { recursive: true, mode: 0o700 });
      } else if (type === '0' || type === '\0') {
        if (offset + size > archive.length) throw new Error(`template: ${name} is truncated`);
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        writeSparse(target, archive.subarray(offset, offset + size));
        offset += Math.ceil(size / BLOCK) * BLOCK;
      } else {
        throw new Error(`template: unexpected entry type ${JSON.stringify(type)} for ${name}`);
      }
    }
    if (!complete || !existsSync(path.join(partial, 'PG_VERSION')))
      throw new Error('template: incomplete archive');
    rmSync(dataDir, { recursive: true, force: true }); // fresh: missing or an empty folder
    renameSync(partial, dataDir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Writes a dump (and its manifest) atomically: a half-written template is never read. */
export async function writeTemplate(
  file: string,
  dump: Blob,
  migrationsFolder: string,
  extra: ManifestExtra = {},
): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const manifest: TemplateManifest = {
    pglite: installedPgliteVersion(),
    migrations: journal.entries.map((entry) => entry.tag),
    createdAt: new Date().toISOString(),
    ...extra,
  };
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  writeFileSync(`${temporary}${MANIFEST_SUFFIX}`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${temporary}${MANIFEST_SUFFIX}`, `${file}${MANIFEST_SUFFIX}`);
  renameSync(temporary, file);
}

/** A data directory that holds no database yet: missing or empty. */
export function isFreshDirectory(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Marks a data directory as being created: if the process dies before the database is complete,
 * the next start finds the mark, removes the partial directory and creates it again.
 */
export function beginCreation(dataDir: string): () => void {
  const mark = `${dataDir}.creating`;
  if (existsSync(mark)) rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.partial`, { recursive: true, force: true }); // an extraction that died
  if (!isFreshDirectory(dataDir)) return () => {};
  writeFileSync(mark, `${process.pid}\n`);
  return () => rmSync(mark, { force: true });
}
