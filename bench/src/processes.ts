/**
 * The processes under test: the built server (apps/server/dist/main.js) and the bare node:http
 * floor, each in its own child process, so that the load generator (this process) does not share
 * their event loop and their memory can be read alone (/proc/<pid>/status).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { BENCH_METRICS_TOKEN } from './cache-counts';
import { assertRunning, defer, trackChild } from './cleanup';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = path.join(repoRoot, 'apps/server');
export const serverMain = path.join(serverDir, 'dist/main.js');
/** The built web app (`npm run build -w @closia/web`), served by `startServer({ web: true })`. */
export const webDist = path.join(repoRoot, 'apps/web/dist');
const guard = fileURLToPath(new URL('./child-guard.cjs', import.meta.url));
const bareServer = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const bareDbServer = fileURLToPath(new URL('./bare-db-server.mjs', import.meta.url));

// ── build ────────────────────────────────────────────────────────────────────────────────────

const sharedSources = [
  path.join(repoRoot, 'packages/shared/src'),
  path.join(repoRoot, 'packages/shared/package.json'),
];
/** What the server bundle is built from. */
const serverSources = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'scripts'),
  path.join(serverDir, 'package.json'),
  ...sharedSources,
];
const webDir = path.join(repoRoot, 'apps/web');
/** What the web app (apps/web/dist) is built from. */
export const webSources = [
  ...['src', 'build', 'scripts', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((f) =>
    path.join(webDir, f),
  ),
  ...sharedSources,
];

/** Newest modification time (ms) of the files under `roots`, tests left out. */
export function newestSource(roots: readonly string[] = serverSources): number {
  let newest = 0;
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const files = statSync(root).isDirectory()
      ? readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => path.join(root, f))
      : [root];
    for (const file of files) {
      if (file.endsWith('.test.ts')) continue;
      newest = Math.max(newest, statSync(file).mtimeMs);
    }
  }
  return newest;
}

/**
 * Builds the server bundle when asked to, or (`auto`) when dist/main.js is missing or older than
 * its sources: the build empties apps/server/dist first, so it is not run for nothing on a shared tree.
 */
export function ensureServerBuilt(mode: 'auto' | 'always' | 'never'): string {
  const built = existsSync(serverMain) ? statSync(serverMain).mtimeMs : null;
  if (mode === 'never') {
    if (built === null) throw new Error(`${serverMain} is missing and BENCH_BUILD=0`);
    return 'not rebuilt (BENCH_BUILD=0)';
  }
  if (mode === 'auto' && built !== null && built >= newestSource()) return 'up to date';
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', '@closia/server'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(`npm run build -w @closia/server failed (exit ${result.status ?? result.signal})`);
  }
  return `built in ${Math.round(performance.now() - started)} ms`;
}

// ── memory ───────────────────────────────────────────────────────────────────────────────────

const hasProc = existsSync('/proc/self/status');

/** Resident set size of one process in MB, or null when it cannot be read (or it has exited). */
export function rssMb(pid: number): number | null {
  try {
    if (hasProc) {
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : null;
    }
    // macOS and the BSDs: no /proc, ps answers in KB.
    const kb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isFinite(kb) && kb > 0 ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, ms) a process has used so far, or null where /proc cannot tell: a figure
 * that a busy machine stretches far less than the wall-clock time.
 */
export function cpuMs(pid: number): number | null {
  if (!hasProc) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export interface RssSample {
  /** ms since the sampler started */
  t: number;
  mb: number;
}

/** Samples a process's RSS every `everyMs` until stopped; `peak` is the highest sample. */
export function sampleRss(pid: number, everyMs = 250) {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = () => {
    const mb = rssMb(pid);
    if (mb !== null) samples.push({ t: performance.now() - started, mb });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    latest: () => samples.at(-1)?.mb ?? null,
    stop(): { peak: number | null; last: number | null } {
      clearInterval(timer);
      take();
      return {
        peak: samples.length > 0 ? Math.max(...samples.map((s) => s.mb)) : null,
        last: samples.at(-1)?.mb ?? null,
      };
    },
  };
}

// ── child processes ──────────────────────────────────────────────────────────────────────────

export interface StopResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The process did not exit within the grace period after SIGTERM and was killed. */
  killed: boolean;
}

export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly pid: number;
  /** The last lines the process wrote (stdout and stderr), for error messages. */
  output(): string;
  exited(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<StopResult>;
}

function spawnChild(name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Child {
  assertRunning();
  const child = spawn(process.execPath, ['--require', guard, ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  if (child.pid === undefined) throw new Error(`${name}: could not spawn ${process.execPath}`);
  trackChild(child);

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (error) => lines.push(`${name}: ${error.message}`));

  let exit: StopResult | null = null;
  const exited = new Promise<StopResult>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal, killed: false };
      resolve(exit);
    });
  });

  const stop = async (graceMs = 15_000): Promise<StopResult> => {
    if (exit) return exit;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const result = await exited;
    clearTimeout(timer);
    return result.signal === 'SIGKILL' ? { ...result, killed: true } : result;
  };
  const release = defer(`${name} (pid ${child.pid})`, () => stop().then(() => undefined));

  return {
    name,
    process: child,
    pid: child.pid,
    output: () => lines.join('\n'),
    exited: () => exit !== null,
    stop: async (graceMs) => {
      const result = await stop(graceMs);
      await release();
      return result;
    },
  };
}

/** A port free at the time of asking (main.js cannot report the port it got from PORT=0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

// ── the server under test ────────────────────────────────────────────────────────────────────

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL URL, or null for the embedded PGlite in `$DATA_DIR/db`. */
  databaseUrl: string | null;
  startTimeoutMs: number;
  /** Environment variables of this server only (e.g. SEARCH_CACHE_TTL_MS). */
  env?: Record<string, string>;
  /** Serve the built web app (apps/web/dist) too; by default the API only. */
  web?: boolean;
  /** Another build's main.js (ab.ts compares two builds); by default apps/server/dist/main.js. */
  main?: string;
}

export interface Server extends Child {
  readonly baseUrl: string;
  /** ms from spawn to the first `GET /health` answering 200 */
  readonly startMs: number;
}

/**
 * Spawns `node apps/server/dist/main.js` as the production server would run, API only, without
 * rate limits, demo data or Redis, and waits until `GET /health` answers 200.
 */
export async function startServer(options: ServerOptions): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    // A directory without index.html: the API only, unless the web app is asked for.
    WEB_DIST: options.web ? webDist : path.join(options.dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT: '0',
    SEED_DEMO: '0',
    REDIS_URL: '',
    SMTP_URL: '',
    // /metrics, where the bench reads how the caches answered (cache-counts.ts).
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    ...options.env,
  };
  const spawnedAt = performance.now();
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server alone.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawnChild('server', [...nodeArgs, options.main ?? serverMain], env, options.dataDir);
  try {
    await waitForHealth(child, baseUrl, options.startTimeoutMs);
  } catch (error) {
    await child.stop(2_000);
    throw error;
  }
  return { ...child, baseUrl, startMs: performance.now() - spawnedAt };
}

async function waitForHealth(child: Child, baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 'no answer';
  while (performance.now() < deadline) {
    if (child.exited()) {
      throw new Error(`the server exited before answering /health:\n${indent(child.output())}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error(
    `the server did not answer GET /health with 200 within ${timeoutMs / 1000} s (last: ${last}):\n${indent(child.output())}`,
  );
}

// ── the bare node:http floor ─────────────────────────────────────────────────────────────────

export interface BareServer extends Child {
  readonly url: string;
}

export function startBareServer(body: string): Promise<BareServer> {
  return startBare('bare node:http server', bareServer, { BENCH_BARE_BODY: body });
}

/** The dbpath scenario's ceiling (bare-db-server.mjs): node:http and the database driver alone. */
export function startBareDbServer(env: Record<string, string>): Promise<BareServer> {
  return startBare('bare node:http + database server', bareDbServer, env);
}

async function startBare(name: string, script: string, extra: Record<string, string>): Promise<BareServer> {
  const env = { ...process.env, ...extra };
  const child = spawnChild(name, [script], env, repoRoot);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not report its port`)), 60_000);
      child.process.once('message', (message: { port?: unknown }) => {
        clearTimeout(timer);
        if (typeof message.port === 'number') resolve(message.port);
        else reject(new Error(`${name} sent ${JSON.stringify(message)}`));
      });
      child.process.once('exit', () => reject(new Error(`${name} exited:\n${child.output()}`)));
    });
    return { ...child, url: `http://127.0.0.1:${port}/` };
  } catch (error) {
    await child.stop(2_000);
    throw error;
  }
}

export function indent(text: string, prefix = '    '): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}
