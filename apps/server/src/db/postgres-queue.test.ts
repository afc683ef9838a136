import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// postgres.js keeps each pool's connections and queries in src/queue.js. Upstream 3.4.9's
// remove() scanned from slot 0 an array that shift() only reset when the queue drained, so under
// steady load the array grew without bound (patches/postgres@3.4.9, scripts/patch-dependencies.mjs).

interface Queue {
  readonly length: number;
  push(x: unknown): unknown;
  shift(): unknown;
  remove(x: unknown): unknown;
}
type QueueFactory = (initial?: unknown[]) => Queue;

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const patchDir = path.join(repoRoot, 'patches/postgres@3.4.9');

/** The postgres package the server resolves (the CJS entry's folder, walked up to package.json). */
function postgresRoot(): string {
  let dir = path.dirname(require.resolve('postgres'));
  while (!existsSync(path.join(dir, 'package.json')) || !dir.endsWith(`${path.sep}postgres`))
    dir = path.dirname(dir);
  return dir;
}

/** Upstream 3.4.9's Queue, rewritten without comma expressions: the control that shows the probe works. */
function UpstreamQueue(initial: unknown[] = []): Queue {
  let xs = initial.slice();
  let index = 0;
  return {
    get length() {
      return xs.length - index;
    },
    remove: (x) => {
      const at = xs.indexOf(x);
      if (at === -1) return null;
      xs.splice(at, 1);
      return x;
    },
    push: (x) => {
      xs.push(x);
      return x;
    },
    shift: () => {
      const out = xs[index++];
      if (index === xs.length) {
        index = 0;
        xs = [];
      } else {
        xs[index - 1] = undefined;
      }
      return out;
    },
  };
}

/**
 * Drives a queue like the pool drives `busy`/`open` under steady load — ten connections, the
 * head one taken and put back, another one moved out and back in (`move(c, queue)` is remove +
 * push) — without ever letting it drain. Returns what `remove()` scanned on its last calls:
 * the slots `indexOf` had to look at, and the length of the array behind the queue.
 */
function probe(Queue: QueueFactory, rounds = 30_000) {
  const connections = Array.from({ length: 10 }, (_, id) => ({ id }));
  const queue = Queue();
  for (const c of connections) queue.push(c);
  const watchFrom = rounds - 500;
  let scanned = 0;
  let arrayLength = 0;
  const indexOf = Array.prototype.indexOf;
  for (let i = 0; i < rounds; i++) {
    queue.push(queue.shift());
    const c = connections[(i * 7) % connections.length];
    if (i < watchFrom) {
      queue.remove(c);
    } else {
      Array.prototype.indexOf = function (this: unknown[], value: unknown, from?: number) {
        const start = from === undefined ? 0 : from < 0 ? Math.max(0, this.length + from) : from;
        scanned = Math.max(scanned, this.length - start);
        arrayLength = Math.max(arrayLength, this.length);
        return indexOf.call(this, value, from);
      };
      try {
        expect(queue.remove(c)).toBe(c);
      } finally {
        Array.prototype.indexOf = indexOf;
      }
    }
    queue.push(c);
    if (queue.length !== connections.length) throw new Error(`queue length ${queue.length} at round ${i}`);
  }
  return { scanned, arrayLength, live: connections.length };
}

describe('postgres.js queue (patched)', () => {
  it('the probe sees the growth of the upstream queue', () => {
    const { scanned, arrayLength } = probe(UpstreamQueue);
    expect(scanned).toBeGreaterThan(20_000);
    expect(arrayLength).toBeGreaterThan(20_000);
  });

  const copies = [
    ['ESM', 'src/queue.js'],
    ['CommonJS', 'cjs/src/queue.js'],
    ['Cloudflare', 'cf/src/queue.js'],
  ] as const;

  for (const [kind, file] of copies) {
    it(`the installed ${kind} copy (${file}) stays bounded under steady load`, async () => {
      const target = path.join(postgresRoot(), file);
      const Queue: QueueFactory =
        kind === 'CommonJS' ? require(target) : (await import(pathToFileURL(target).href)).default;
      const { scanned, arrayLength, live } = probe(Queue);
      // remove() looks only at the live connections, and the array behind them stays small.
      expect(scanned).toBeLessThanOrEqual(live);
      expect(arrayLength).toBeLessThan(5_000);
    });

    it(`the installed ${kind} copy is the repository's patched file`, () => {
      const installed = readFileSync(path.join(postgresRoot(), file), 'utf8');
      const patched = readFileSync(path.join(patchDir, file), 'utf8');
      expect(installed === patched, 'not patched: run `node scripts/patch-dependencies.mjs`').toBe(true);
    });
  }

  it('keeps the queue semantics: FIFO order, remove anywhere, reuse after draining', async () => {
    const Queue: QueueFactory = (await import(pathToFileURL(path.join(postgresRoot(), 'src/queue.js')).href))
      .default;
    const queue = Queue([1, 2]);
    for (let i = 3; i <= 3000; i++) queue.push(i);
    expect(queue.shift()).toBe(1);
    expect(queue.remove(2)).toBe(2);
    expect(queue.remove(2)).toBeNull();
    expect(queue.remove(1500)).toBe(1500);
    const out: unknown[] = [];
    while (queue.length) out.push(queue.shift());
    expect(out).toEqual(Array.from({ length: 2998 }, (_, i) => i + 3).filter((n) => n !== 1500));
    expect(queue.shift()).toBeUndefined();
    expect(queue.length).toBe(0);
    queue.push('again');
    expect(queue.remove('again')).toBe('again');
    expect(queue.length).toBe(0);
    queue.push('a');
    queue.push('b');
    expect([queue.shift(), queue.shift(), queue.length]).toEqual(['a', 'b', 0]);
  });
});
