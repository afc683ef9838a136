/**
 * A/B of two server builds on the same database, alternated over rounds (the machine is shared and
 * noisy: only a comparison made in one run means something).
 *
 *   npx tsx bench/src/ab.ts <a/main.js> <b/main.js> <database url> <email> <password> <path>…
 *
 * Both builds run at once on the database (which must already hold the account: e.g. a database a
 * server seeded with the demo, password Closia-demo-2026), each with its own DATA_DIR; every round
 * loads each path on A then B (order swapped every other round) for AB_SECONDS (5) at AB_CONNECTIONS
 * (10), after a first AB_WARMUP-second (2) run of each; AB_ROUNDS (5). Prints req/s, p99 and the
 * server's CPU time per answer (from /proc: a busy machine stretches it far less than req/s) per
 * round, then their medians and the ratios B ÷ A per path. AB_ENV_A / AB_ENV_B: extra variables of
 * one side, `KEY=value,KEY=value` (e.g. NODE_OPTIONS=…). The builds must live inside the repository
 * (their packages come from its node_modules): e.g. copy apps/server/dist to apps/server/ab-a/dist.
 */
import path from 'node:path';
import { signIn } from './api';
import { installExitHandlers, shutdown, tempDir } from './cleanup';
import { load } from './load';
import { cpuMs, type Server, startServer } from './processes';
import { median } from './report';

const [mainA, mainB, databaseUrl, email, password, ...paths] = process.argv.slice(2);
const absolute = (file: string) => path.resolve(file);
if (!mainA || !mainB || !databaseUrl || !email || !password || paths.length === 0) {
  console.error(
    'usage: tsx bench/src/ab.ts <a/main.js> <b/main.js> <database url> <email> <password> <path>…',
  );
  process.exit(2);
}
installExitHandlers();
const seconds = Number(process.env.AB_SECONDS ?? 5);
const warmup = Number(process.env.AB_WARMUP ?? 2);
const rounds = Number(process.env.AB_ROUNDS ?? 5);
const connections = Number(process.env.AB_CONNECTIONS ?? 10);
const envOf = (value = '') =>
  Object.fromEntries(
    value
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

const start = (main: string, env: Record<string, string>) =>
  startServer({
    main: absolute(main),
    databaseUrl,
    dataDir: tempDir('closia-ab-').path,
    startTimeoutMs: 120_000,
    env,
  });
const servers: Record<'A' | 'B', Server> = {
  A: await start(mainA, envOf(process.env.AB_ENV_A)),
  B: await start(mainB, envOf(process.env.AB_ENV_B)),
};
const cookies = {
  A: await signIn(servers.A.baseUrl, email, password),
  B: await signIn(servers.B.baseUrl, email, password),
};

const run = async (side: 'A' | 'B', path: string, duration: number) => {
  const cpuBefore = cpuMs(servers[side].pid) ?? 0;
  const figures = await load({
    url: `${servers[side].baseUrl}${path}`,
    headers: { cookie: cookies[side] },
    connections,
    seconds: duration,
    pid: servers[side].pid,
  });
  if (figures.non2xx || figures.errors)
    throw new Error(`${side} ${path}: ${JSON.stringify(figures.statusCodes)}`);
  // The server's CPU time per answer: what a busy machine stretches far less than req/s.
  const cpuUs = (((cpuMs(servers[side].pid) ?? 0) - cpuBefore) * 1000) / Math.max(1, figures.requests);
  return { ...figures, cpuUs };
};

type Side = { rps: number[]; p99: number[]; cpuUs: number[] };
const results = new Map<string, Record<'A' | 'B', Side>>();
try {
  for (const path of paths) {
    results.set(path, { A: { rps: [], p99: [], cpuUs: [] }, B: { rps: [], p99: [], cpuUs: [] } });
    await run('A', path, warmup);
    await run('B', path, warmup);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const path of paths) {
      const order: ('A' | 'B')[] = round % 2 ? ['A', 'B'] : ['B', 'A'];
      for (const side of order) {
        const figures = await run(side, path, seconds);
        const kept = results.get(path)![side];
        kept.rps.push(figures.rps);
        kept.p99.push(figures.p99);
        kept.cpuUs.push(figures.cpuUs);
        console.log(
          `round ${round}/${rounds}  ${side}  ${path.padEnd(40)} ${Math.round(figures.rps)} req/s  p99 ${figures.p99} ms  server CPU ${Math.round(figures.cpuUs)} µs/answer`,
        );
      }
    }
  }
  console.log(
    '\npath                                      A req/s  B req/s  B ÷ A   p99 A / B ms   server µs/answer A / B   B ÷ A',
  );
  for (const [path, { A, B }] of results) {
    const [a, b] = [median(A.rps), median(B.rps)];
    const [ca, cb] = [median(A.cpuUs), median(B.cpuUs)];
    console.log(
      `${path.padEnd(40)} ${String(Math.round(a)).padStart(8)} ${String(Math.round(b)).padStart(8)}  ${(b / a).toFixed(3)}   ${median(A.p99)} / ${median(B.p99)}`.padEnd(
        100,
      ) +
        `${Math.round(ca)} / ${Math.round(cb)}`.padEnd(25) +
        (cb / ca).toFixed(3),
    );
  }
} finally {
  await Promise.all([servers.A.stop(), servers.B.stop()]);
  await shutdown(0);
}
