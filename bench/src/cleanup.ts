/**
 * Everything the bench starts — child processes, temporary directories, databases — is registered
 * here and released in reverse order: at the end of its scenario, and on Ctrl-C, SIGTERM or an error.
 * Should the bench itself be killed (SIGKILL), each child notices its IPC channel close and stops
 * (see child-guard.cjs).
 *
 * The process ends through `shutdown()` only, whoever asks first (the end of the run or a signal):
 * the other caller waits for the same clean-up instead of exiting in the middle of it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Release = () => Promise<void> | void;

const pending = new Map<symbol, { what: string; release: Release }>();
const children = new Set<ChildProcess>();
const dirs = new Set<string>();
let shuttingDown: Promise<never> | null = null;

export class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

/** Throws once the bench is shutting down, so that nothing new is started. */
export function assertRunning(): void {
  if (shuttingDown) throw new Interrupted();
}

/** Registers a release; the returned function runs it once (and unregisters it). */
export function defer(what: string, release: Release): () => Promise<void> {
  const key = Symbol(what);
  pending.set(key, { what, release });
  return async () => {
    if (!pending.delete(key)) return;
    await release();
  };
}

/** Runs every pending release, newest first; a failing one is reported and the others still run. */
async function releaseAll(): Promise<void> {
  for (let last = [...pending].at(-1); last; last = [...pending].at(-1)) {
    const [key, { what, release }] = last;
    pending.delete(key);
    try {
      await release();
    } catch (error) {
      console.error(`cleanup of ${what} failed:`, error instanceof Error ? error.message : error);
    }
  }
}

/** Releases everything still pending, then exits with `code`; later calls wait for the first one. */
export function shutdown(code: number): Promise<never> {
  shuttingDown ??= releaseAll().then(() => process.exit(code));
  return shuttingDown;
}

/** Children still alive when the process exits are killed outright. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** A fresh temporary directory, removed by its release (or, at the latest, when the bench exits). */
export function tempDir(prefix: string): { path: string; remove: () => Promise<void> } {
  assertRunning();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.add(dir);
  const remove = defer(`directory ${dir}`, () => {
    rmSync(dir, { recursive: true, force: true });
    dirs.delete(dir);
  });
  return { path: dir, remove };
}

function killRemaining(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

/** Ctrl-C / SIGTERM: stop the servers, remove the directories, drop the databases, then exit. */
export function installExitHandlers(): void {
  let signals = 0;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (++signals > 1) {
        // A second signal: no more waiting.
        killRemaining();
        process.exit(code);
      }
      console.error(`\n${signal} received: stopping the servers and cleaning up…`);
      void shutdown(code);
    });
  }
  process.on('exit', killRemaining);
}
