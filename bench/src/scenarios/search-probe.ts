/**
 * A tool, not a scenario: sends the search mixes' combinations (search-mix.ts) ALONE to running
 * servers and lists the slowest, to find which combinations make the tail of the search scenario's
 * p99. Start the servers on a database holding a generated marketplace (the search scenario's own,
 * or a copy of a template), with `SEARCH_CACHE_TTL_MS=0` so that every answer is computed, then:
 *
 *   npx tsx bench/src/scenarios/search-probe.ts
 *
 * Environment:
 * - PROBE_DATABASE_URL  the marketplace's database (read once, for the mixes: sectors, skills, the
 *                       bench infopreneur's missions), e.g. postgres://postgres@127.0.0.1:5432/x;
 * - PROBE_URLS          one base URL, or several separated by commas (A/B: each path is sent to
 *                       every server in turn, the order alternating path by path, so that both
 *                       meet the same machine load);
 * - PROBE_TARGET        missions | forMe | freelancers (default missions);
 * - PROBE_COUNT         how many combinations: the most drawn first, then a seeded sample of the
 *                       rest (default all 5,000);
 * - PROBE_PATHS         a file of paths (one a line) to send instead, e.g. a previous run's slowest;
 * - PROBE_REPEAT        sends of each path per server (default 1; the median is kept);
 * - PROBE_OUT           writes every path's times as JSON there;
 * - PROBE_SLOWEST       how many of the slowest to print (default 40);
 * - PROBE_CPU           `pid:database` per server, separated by commas (the server process and
 *                       the database it runs on, alone on it): the CPU time each server and its
 *                       PostgreSQL backends used over the whole run is printed per request — a
 *                       figure that a busy machine does not inflate as it does the latencies.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { signIn } from '../api';
import type { BenchMission, Marketplace } from '../generate/marketplace';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from '../generate/marketplace';
import { median, table } from '../report';
import { combinations, type MixKey, probeSample } from './search-mix';

/** What search-mix.ts reads of a generated marketplace, read back from its database. */
export async function marketplaceIn(databaseUrl: string): Promise<Marketplace> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const sectors = await sql<{ id: number; name: string }[]>`
      select id, name from work_sectors where approved order by id`;
    const skills = await sql<{ name: string }[]>`select name from skills where is_validated order by id`;
    const users = await sql<{ id: number; email: string }[]>`
      select id, email from users where email in (${BENCH_ACCOUNTS.infopreneur}, ${BENCH_ACCOUNTS.setter})`;
    const idOf = (email: string) => {
      const user = users.find((u) => u.email === email);
      if (!user) throw new Error(`${email} is not in this database: generate a marketplace first`);
      return user.id;
    };
    const infopreneurId = idOf(BENCH_ACCOUNTS.infopreneur);
    const missions = await sql<{ id: number; mission_type: BenchMission['missionType']; title: string }[]>`
      select id, mission_type, title from missions
      where infopreneur_id = ${infopreneurId} and status = 'published' and mission_status = 'open'
      order by id`;
    const [counts] = await sql<{ missions: number; visible: number; freelancers: number }[]>`
      select (select count(*)::int from missions) as missions,
        (select count(*)::int from missions where listed) as visible,
        (select count(*)::int from profiles where kind in ('setter', 'closer', 'setter_closer')) as freelancers`;
    return {
      counts: {
        infopreneurs: 0,
        services: 0,
        missions: counts?.missions ?? 0,
        freelancers: counts?.freelancers ?? 0,
        visibleMissions: counts?.visible ?? 0,
      },
      timings: { totalMs: 0, insertMs: 0, vacuumMs: 0 },
      password: BENCH_PASSWORD,
      infopreneur: {
        id: infopreneurId,
        email: BENCH_ACCOUNTS.infopreneur,
        missions: missions.map((r) => ({ id: r.id, missionType: r.mission_type, title: r.title })),
      },
      setter: { id: idOf(BENCH_ACCOUNTS.setter), email: BENCH_ACCOUNTS.setter },
      sectorIds: Object.fromEntries(sectors.map((s) => [s.name, s.id])),
      skillNames: skills.map((s) => s.name),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** CPU time a process has used, in ms (utime + stime), or 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends of `database` (their process names say the database: `postgres: user db …`). */
function backendsOf(database: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU ms of a server process and its database's backends (backends met at any sample count). */
function cpuSampler(spec: string) {
  const [pid, database] = spec.split(':') as [string, string];
  const seen = new Map<number, number>();
  const sample = () => {
    for (const backend of backendsOf(database)) seen.set(backend, cpuMs(backend));
    return { node: cpuMs(Number(pid)), postgres: [...seen.values()].reduce((a, b) => a + b, 0) };
  };
  return sample;
}

interface Timed {
  path: string;
  /** Median ms per server, in PROBE_URLS order. */
  ms: number[];
  total: number | null;
}

async function send(baseUrl: string, path: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { meta?: { total?: number } };
  return { ms, total: body.meta?.total ?? null };
}

async function main() {
  const env = process.env;
  const databaseUrl = env.PROBE_DATABASE_URL;
  const urls = (env.PROBE_URLS ?? '').split(',').filter(Boolean);
  if (!databaseUrl || urls.length === 0) throw new Error('set PROBE_DATABASE_URL and PROBE_URLS');
  const target = (env.PROBE_TARGET ?? 'missions') as MixKey;
  const repeat = Number(env.PROBE_REPEAT ?? 1);
  const m = await marketplaceIn(databaseUrl);
  const ranked = combinations(target, m);
  const paths = env.PROBE_PATHS
    ? readFileSync(env.PROBE_PATHS, 'utf8').split('\n').filter(Boolean)
    : probeSample(ranked, Number(env.PROBE_COUNT ?? ranked.length), 19);
  const account = target === 'freelancers' ? m.infopreneur.email : m.setter.email;
  const cookies = await Promise.all(urls.map((url) => signIn(url, account, m.password)));
  const timed: Timed[] = [];
  const samplers = (env.PROBE_CPU ?? '').split(',').filter(Boolean).map(cpuSampler);
  const cpuBefore = samplers.map((sample) => sample());
  const started = performance.now();
  for (const [i, path] of paths.entries()) {
    const times = urls.map(() => [] as number[]);
    let total: number | null = null;
    for (let r = 0; r < repeat; r++) {
      // A, B, … then …, B, A: each server meets the same load on average.
      const order = urls.map((_, k) => k);
      if ((i + r) % 2 === 1) order.reverse();
      for (const k of order) {
        const answer = await send(urls[k]!, path, cookies[k]!);
        times[k]!.push(answer.ms);
        total = answer.total;
      }
    }
    timed.push({ path, ms: times.map(median), total });
    if ((i + 1) % 500 === 0) console.error(`  ${i + 1}/${paths.length}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = samplers.map((sample) => sample());
  if (env.PROBE_OUT) writeFileSync(env.PROBE_OUT, JSON.stringify(timed, null, 1));
  const column = (k: number) => timed.map((t) => t.ms[k]!);
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  };
  console.log(
    table(
      ['server', 'paths', 'median', 'p90', 'p99', 'max', 'sum'],
      urls.map((url, k) => {
        const values = column(k);
        return [
          url,
          String(values.length),
          `${median(values).toFixed(1)} ms`,
          `${quantile(values, 0.9).toFixed(1)} ms`,
          `${quantile(values, 0.99).toFixed(1)} ms`,
          `${Math.max(...values).toFixed(1)} ms`,
          `${(values.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
        ];
      }),
    ),
  );
  samplers.forEach((_, k) => {
    const node = (cpuAfter[k]!.node - cpuBefore[k]!.node) / (paths.length * repeat);
    const pg = (cpuAfter[k]!.postgres - cpuBefore[k]!.postgres) / (paths.length * repeat);
    console.log(
      `CPU per request ${String.fromCharCode(65 + k)}: node ${node.toFixed(1)} ms + postgres ${pg.toFixed(1)} ms = ${(node + pg).toFixed(1)} ms`,
    );
  });
  if (urls.length > 1) {
    const ratios = timed.map((t) => t.ms[1]! / t.ms[0]!);
    console.log(`median ratio B/A per path ${median(ratios).toFixed(2)}`);
  }
  const slowest = [...timed].sort((a, b) => Math.max(...b.ms) - Math.max(...a.ms));
  console.log(
    table(
      [
        'slowest (by the slowest server)',
        ...urls.map((_, k) => `ms ${String.fromCharCode(65 + k)}`),
        'total',
      ],
      slowest
        .slice(0, Number(env.PROBE_SLOWEST ?? 40))
        .map((t) => [
          decodeURIComponent(t.path).replace('/api/v1', ''),
          ...t.ms.map((ms) => ms.toFixed(1)),
          t.total === null ? 'n/a' : String(t.total),
        ]),
    ),
  );
  console.log(`${paths.length} paths × ${urls.length} servers × ${repeat} in ${seconds.toFixed(0)} s`);
}

await main();
