import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own, which it may stop, start and cut off at will (the shared
 * one of the machine is never stopped). Needs the PostgreSQL server binaries (`initdb`, `pg_ctl`);
 * `findPostgresBin()` says whether they are here, so a machine without them skips these tests.
 */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface OwnPostgres {
  url: string;
  port: number;
  start(): void;
  /** `fast` ends every session (FATAL 57P01); `immediate` drops them like a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Runs SQL through psql (not through the app's driver). */
  psql(sqlText: string): string;
  /** Ends every backend of the `postgres` database but psql's own: what a failover or an admin does. */
  terminateConnections(): number;
  destroy(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN)');
  const dir = mkdtempSync(path.join(tmpdir(), 'closia-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses root: run the server as the postgres user when we are root.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    if (!asRoot) return execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' }).toString();
    const line = [path.join(bin, cmd), ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', line], { stdio: 'pipe' }).toString();
  };
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const pgCtl = (args: string[]) => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), ...args]);
  let running = false;
  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      pgCtl(['-o', options, '-w', '-t', '30', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      pgCtl(['-m', mode, '-w', '-t', '30', 'stop']);
      running = false;
    },
    psql(sqlText) {
      const out = spawnSync(
        path.join(bin, 'psql'),
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-At', '-c', sqlText],
        { encoding: 'utf8' },
      );
      if (out.status !== 0) throw new Error(`psql failed: ${out.stderr}`);
      return out.stdout.trim();
    },
    terminateConnections() {
      const out = own.psql(
        `select count(pg_terminate_backend(pid)) from pg_stat_activity
          where datname = 'postgres' and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      return Number(out);
    },
    destroy() {
      if (running) {
        try {
          own.stop('immediate');
        } catch {
          // already down
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  own.start();
  return own;
}

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}
