// Time from spawning the server to GET /health answering 200, on a fresh and on a warm DATA_DIR.
//   node scripts/measure-startup.mjs [runs=5] ["name=command" ...]
// Default variant: the built server (`node apps/server/dist/main.js`). Several variants are run in
// alternating rounds (the machine is shared: compare medians from the same run), e.g.
//   node scripts/measure-startup.mjs 5 "dist=node apps/server/dist/main.js" "npm start=npm start"
// Each run ends with SIGTERM, like Ctrl-C. Commands run from the repository root (split on spaces,
// no shell). On Linux the CPU time the command's processes had used by then is shown too: on a
// busy machine it says more than the wall clock.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);
const variants = (
  process.argv.length > 3 ? process.argv.slice(3) : ['dist=node apps/server/dist/main.js']
).map((spec) => {
  const at = spec.indexOf('=');
  return at === -1 ? { name: spec, command: spec } : { name: spec.slice(0, at), command: spec.slice(at + 1) };
});
/** A port nobody listens on right now (the OS picks it). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * CPU seconds (user + system) used so far by the processes of a process group (Linux; else null):
 * `all` threads, and `main` threads only — the critical path when the other threads (V8's
 * compilers, GC, libuv) have a core of their own, i.e. what the wall clock shows on an idle machine.
 */
function groupCpuSeconds(pgid) {
  const ticks = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[2] = pgrp, [11] utime, [12] stime, [13] cutime, [14] cstime (clock ticks)
    return { pgrp: Number(fields[2]), used: fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) };
  };
  try {
    let all = 0;
    let main = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const process = ticks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        if (process.pgrp !== pgid) continue;
        all += process.used;
        main += ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')).used;
      } catch {
        // gone meanwhile
      }
    }
    return { all: all / 100, main: main / 100 };
  } catch {
    return null;
  }
}

const groupAlive = (pgid) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

async function timeToHealth(command, dataDir) {
  const port = await freePort();
  const [file, ...args] = command.split(' ').filter(Boolean);
  const start = performance.now();
  // Its own process group, so that SIGTERM reaches every process of e.g. `npm start`.
  const child = spawn(file, args, {
    cwd: root,
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let ms = null;
  let cpu = null;
  while (ms === null && child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.status === 200) {
        ms = performance.now() - start;
        cpu = groupCpuSeconds(child.pid);
      }
    } catch {
      // not listening yet
    }
    if (ms === null) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (groupAlive(child.pid)) process.kill(-child.pid, 'SIGTERM');
  const exit = await exited;
  while (groupAlive(child.pid)) await new Promise((resolve) => setTimeout(resolve, 20));
  if (ms === null) throw new Error(`${command}: exited (${exit}) before /health answered`);
  return { ms, cpu };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const scratch = mkdtempSync(path.join(tmpdir(), 'closia-startup-'));
try {
  for (const [i, variant] of variants.entries()) {
    variant.warmDir = path.join(scratch, `warm-${i}`);
    variant.fresh = [];
    variant.warm = [];
    variant.freshCpu = [];
    variant.warmCpu = [];
    await timeToHealth(variant.command, variant.warmDir); // creates, migrates and seeds it
  }
  for (let round = 0; round < runs; round++) {
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const variant of order) {
      const freshDir = path.join(scratch, `fresh-${round}-${variants.indexOf(variant)}`);
      const fresh = await timeToHealth(variant.command, freshDir);
      rmSync(freshDir, { recursive: true, force: true });
      const warm = await timeToHealth(variant.command, variant.warmDir);
      variant.fresh.push(fresh.ms);
      variant.freshCpu.push(fresh.cpu);
      variant.warm.push(warm.ms);
      variant.warmCpu.push(warm.cpu);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const seconds = (ms) => (ms / 1000).toFixed(2);
const cpuNote = (xs) =>
  xs.every((x) => x !== null)
    ? `, CPU ${median(xs.map((x) => x.all)).toFixed(2)} s (main threads ${median(xs.map((x) => x.main)).toFixed(2)} s)`
    : '';
console.log(`time to GET /health = 200, median of ${runs} alternating rounds (all runs in brackets)`);
for (const { name, fresh, warm, freshCpu, warmCpu } of variants) {
  console.log(
    `${name.padEnd(12)} fresh DATA_DIR ${seconds(median(fresh))} s${cpuNote(freshCpu)} (${fresh.map(seconds).join(' ')})` +
      `   warm ${seconds(median(warm))} s${cpuNote(warmCpu)} (${warm.map(seconds).join(' ')})`,
  );
}
