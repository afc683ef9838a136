import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { freePort } from './own-postgres';

/** The Redis server binary, if this machine has one (tests that stop Redis skip otherwise). */
export function findRedisServer(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A Redis server of the test's own (never the machine's shared one), which it stops and starts. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server not found');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const started = child;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000);
        started.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
        started.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
      });
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}
