/**
 * Sends each combination of one search mix (search-mix.ts) alone to a running server and lists the
 * slowest: the tail of the mix, to EXPLAIN one by one. Start the server on a database holding the
 * generated marketplace (e.g. a copy of the bench's template), with SEARCH_CACHE_TTL_MS=0 to time
 * the uncached path; the marketplace's facts (sectors, skills, the bench infopreneur's missions)
 * are read from that database, so the combinations are the bench's own.
 *
 *   npx tsx bench/src/probe-mix.ts http://127.0.0.1:3920 postgres://postgres@127.0.0.1:5432/db \
 *     [--mix freelancers] [--count 5000] [--repeat 3] [--top 30] [--out /tmp/probe.json]
 *
 * Each combination is sent `repeat` times in a row and its median kept; `--out` writes every
 * combination's figures (path, median ms, total) as JSON, to compare two builds.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { signIn } from './api';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, type Marketplace } from './generate/marketplace';
import { combinations, type MixKey } from './scenarios/search-mix';

/** The facts of a generated marketplace that the mixes draw from, read back from its database. */
async function marketplaceOf(url: string): Promise<Marketplace> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const sectors = await sql<{ id: number; name: string }[]>`
      select id, name from work_sectors where approved order by id`;
    const skills = await sql<{ name: string }[]>`select name from skills where is_validated order by id`;
    const accounts = await sql<{ id: number; email: string }[]>`
      select id, email from users where email in (${BENCH_ACCOUNTS.infopreneur}, ${BENCH_ACCOUNTS.setter})`;
    const infopreneur = accounts.find((a) => a.email === BENCH_ACCOUNTS.infopreneur);
    const setter = accounts.find((a) => a.email === BENCH_ACCOUNTS.setter);
    if (!infopreneur || !setter) throw new Error(`${url} holds no generated marketplace`);
    const missions = await sql<{ id: number; mission_type: string; title: string }[]>`
      select id, mission_type, title from missions
       where infopreneur_id = ${infopreneur.id} and status = 'published' and mission_status = 'open'
       order by id`;
    return {
      counts: { infopreneurs: 0, services: 0, missions: 0, freelancers: 0, visibleMissions: 0 },
      timings: { totalMs: 0, insertMs: 0, vacuumMs: 0 },
      password: BENCH_PASSWORD,
      infopreneur: {
        ...infopreneur,
        missions: missions.map((m) => ({
          id: m.id,
          missionType: m.mission_type as Marketplace['infopreneur']['missions'][number]['missionType'],
          title: m.title,
        })),
      },
      setter,
      sectorIds: Object.fromEntries(sectors.map((s) => [s.name, s.id])),
      skillNames: skills.map((s) => s.name),
    };
  } finally {
    await sql.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      mix: { type: 'string', default: 'freelancers' },
      count: { type: 'string', default: '5000' },
      repeat: { type: 'string', default: '1' },
      top: { type: 'string', default: '30' },
      out: { type: 'string' },
    },
  });
  const [baseUrl, databaseUrl] = positionals;
  const mix = values.mix as MixKey;
  if (!baseUrl || !databaseUrl || !['missions', 'forMe', 'freelancers'].includes(mix)) {
    console.error(
      'usage: tsx bench/src/probe-mix.ts <server url> <postgres://…> [--mix freelancers|missions|forMe] [--count 5000] [--repeat 1] [--top 30] [--out file.json]',
    );
    process.exit(2);
  }
  const marketplace = await marketplaceOf(databaseUrl);
  const account = mix === 'freelancers' ? marketplace.infopreneur.email : marketplace.setter.email;
  const cookie = await signIn(baseUrl, account, BENCH_PASSWORD);
  const paths = combinations(mix, marketplace).slice(0, Number(values.count));
  const repeat = Math.max(1, Number(values.repeat));
  const results: { path: string; ms: number; total: number | null }[] = [];
  for (const [index, path] of paths.entries()) {
    const times: number[] = [];
    let total: number | null = null;
    for (let r = 0; r < repeat; r++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
      const text = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
      total = (JSON.parse(text) as { meta?: { total?: number } }).meta?.total ?? null;
    }
    results.push({ path, ms: Math.round(median(times) * 10) / 10, total });
    if ((index + 1) % 500 === 0) console.error(`${index + 1} of ${paths.length}`);
  }
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `${results.length} combinations, ${repeat} time(s) each (median kept): p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  for (const r of [...results].sort((a, b) => b.ms - a.ms).slice(0, Number(values.top)))
    console.log(`${String(r.ms).padStart(8)} ms  total ${String(r.total).padStart(6)}  ${r.path}`);
  if (values.out) writeFileSync(values.out, JSON.stringify(results));
}

await main();
