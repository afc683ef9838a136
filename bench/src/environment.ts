/** A database to measure on, a freshly started server on it, and the run's list of harness failures. */

import { tempDir } from './cleanup';
import type { BenchConfig } from './config';
import type { LoadFigures } from './load';
import { createDatabase } from './postgres';
import { indent, type Server, startServer } from './processes';

export type Database =
  | { kind: 'pglite'; label: string }
  | { kind: 'postgres'; label: string; adminUrl: string };

/** Harness failures (errors, non-2xx answers, a server that does not start): the exit code says so. */
export class Problems {
  readonly failures: string[] = [];
  readonly warnings: string[] = [];

  fail(message: string): void {
    this.failures.push(message);
    console.error(`  ✗ ${message}`);
  }

  warn(message: string): void {
    this.warnings.push(message);
    console.error(`  ! ${message}`);
  }

  /** Records a failure when a run had connection errors or answers other than 2xx. */
  check(what: string, figures: LoadFigures, server?: Server): void {
    if (figures.errors === 0 && figures.non2xx === 0) return;
    const codes = Object.entries(figures.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(', ');
    const tail = server ? `\n  server output (last lines):\n${indent(server.output())}` : '';
    this.fail(
      `${what}: ${figures.errors} errors (${figures.timeouts} timeouts), ${figures.non2xx} non-2xx answers [${codes}]${tail}`,
    );
  }
}

export interface Running {
  server: Server;
  /** Stops the server (SIGTERM, then waits), drops its database, removes its DATA_DIR. */
  release(): Promise<void>;
}

/** A server on a fresh DATA_DIR and, on PostgreSQL, a fresh database. */
export async function freshServer(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<Running> {
  const dir = tempDir('closia-bench-');
  let drop: (() => Promise<void>) | null = null;
  try {
    let databaseUrl: string | null = null;
    if (database.kind === 'postgres') {
      const created = await createDatabase(database.adminUrl);
      databaseUrl = created.url;
      drop = created.drop;
    }
    const server = await startServer({
      dataDir: dir.path,
      databaseUrl,
      startTimeoutMs: config.startTimeoutMs,
    });
    return {
      server,
      async release() {
        const stopped = await server.stop();
        if (stopped.killed || stopped.code !== 0) {
          problems.warn(
            `the server did not shut down cleanly on SIGTERM (exit ${stopped.code ?? stopped.signal}${stopped.killed ? ', killed after 15 s' : ''})`,
          );
        }
        await drop?.();
        await dir.remove();
      },
    };
  } catch (error) {
    await drop?.();
    await dir.remove();
    throw error;
  }
}
