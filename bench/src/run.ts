/**
 * `npm run bench`: measures the built server on loopback and prints figures; it never asserts a
 * figure. It exits non-zero only when the harness fails: a server that does not start, a set-up
 * call that fails, connection errors or non-2xx answers under load.
 *
 * Measure, don't guess: the machine is shared and noisy, so A and B are compared in the same run,
 * alternated over several rounds, and quoted as medians and ratios.
 *
 * What runs where
 * - The server under test is apps/server/dist/main.js (built first when missing or older than its
 *   sources), each time in its own child process on a fresh DATA_DIR (and, on PostgreSQL, a fresh
 *   `closia_bench_<random>` database, dropped afterwards), API only, no rate limit, no demo data,
 *   no Redis. The bare node:http floor runs in a child process of its own. autocannon runs here.
 *   RSS is read per process from /proc/<pid>/status (idle after start, peak sampled under load).
 * - The bench user is created through the API (CSRF cookie, register, login); every measured
 *   request carries its `closia_session` and `XSRF-TOKEN` cookies.
 * - Databases: PGlite (embedded default) always; PostgreSQL from BENCH_DATABASE_URL or
 *   DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres when that port answers.
 *
 * Scenarios (BENCH_SCENARIOS=ratio,sustained,startup,search,crm,realtime,dbpath,pages,community,articles; all by default, ~30 minutes in all)
 * - ratio: GET /api/v1/user (session cache) and GET /api/v1/users/{id} (database on every request)
 *   against the bare server sending the same bytes as /api/v1/user; 50 connections, 3 rounds of
 *   10 s each after a 2 s warm-up, order rotated every round. Target: user ÷ bare ≥ 0.30 on
 *   PostgreSQL, ≥ 0.10 on PGlite.
 * - sustained: GET /api/v1/users/{id} for 5 minutes on a freshly started server (after the 2 s
 *   warm-up), 2xx answers counted per second; last minute ÷ first minute ≥ 0.95; server RSS at
 *   the start, every 10 s and at the end.
 * - startup (PGlite only): spawn → first /health 200 on an empty DATA_DIR (≤ 3 s) and again on the
 *   same directory (≤ 1.5 s), median of 3, with the demo data as `npm start` has it; without it
 *   (SEED_DEMO=0) alternated beside as a reference; each start's phases as the server logs them.
 * - search (issues 7, 19): a marketplace the size of a live one, generated (generate/marketplace.ts,
 *   seeded PRNG, French text): 100,000 missions over 2,000 approved offers of 2,000 infopreneurs,
 *   50,000 finished setter/closer profiles (BENCH_SEARCH_SCALE; PGlite at one tenth of it,
 *   BENCH_SEARCH_PGLITE_FACTOR). Three targets, BENCH_SEARCH_CONNECTIONS (10) connections, the ratio
 *   scenario's rounds, durations and warm-up, order rotated every round: GET /api/v1/missions (text
 *   with typos or without accents, every filter, sorts, pages) as a signed-in setter; GET
 *   /api/v1/missions?forMe=1 with filters and pages; GET /api/v1/freelancers?missionId=… with filters
 *   and pages, as the infopreneur who owns the missions. Each target draws 50,000 requests
 *   Zipf-distributed from 5,000 distinct combinations (scenarios/search-mix.ts), and is measured with
 *   the search cache on and off (SEARCH_CACHE_TTL_MS=0: a second server on PostgreSQL, the server
 *   restarted on PGlite), the page cache's hit rate beside each figure. 200 of the combinations are
 *   first sent alone (any answer but 200 fails the scenario; the slowest are printed with their path).
 *   Targets: p99 ≤ 50 ms (missions), ≤ 80 ms (forMe, freelancers) on PostgreSQL, ≤ 100 ms with the
 *   cache off and on PGlite. Slow answers are figures, not failures (timeout 30 s), and each run
 *   waits for the server to finish what the previous one left in flight.
 *   `tsx src/generate/cli.ts <postgres://… | DATA_DIR>` fills a database of your own the same way.
 * - crm (issues 8, 19): the CRM of a sales team, generated (generate/crm-team.ts, seeded PRNG, French
 *   text, dates around the day of the run): 200 sellers (setters, closers, setter-closers) sharing
 *   10,000 prospects, ~5,000 activities and 20,000 deals (every stage, history, commission lines, ~20 %
 *   of setters' deals handed off) on 8 offers of 4 infopreneurs, plus one heavy user with 10,000
 *   prospects and 20,000 deals alone; one tenth of that on PGlite. Then a mixed workload at
 *   BENCH_CRM_CONNECTIONS (10) keep-alive connections (scenarios/crm-mix.ts), each request drawn at
 *   random: 90 % reads among /pipeline, /stats, /stats/forecast, /deals pages, /commissions,
 *   /prospects pages as one of the 201 users, 10 % writes (stage move, win, prospect creation,
 *   activity) by one of the 200 sellers with their CSRF header; p50/p99/req/s per endpoint and the
 *   CRM cache's hit rate, with the cache on and off (PostgreSQL: a second server with
 *   CRM_CACHE_TTL_MS=0 on the same database, rounds alternated; PGlite: restarted with the cache off
 *   after the cache-on rounds), the ratio scenario's rounds, durations and warm-up per mode. Then the
 *   heavy user's twelve-month /stats alone (30 requests in a row, cache off). Targets on PostgreSQL:
 *   p99 ≤ 50 ms per read endpoint with the cache on, ≤ 100 ms off, the heavy /stats ≤ 150 ms; on
 *   PGlite ≤ 100 ms with the cache on. Writes answered 4xx are counted, a 5xx or connection error
 *   fails the scenario. Then POST /api/v1/prospects/import of a 10,000-line CSV built in memory, as
 *   a closer with no prospect, dry run then real: time and the server's peak RSS (sampled every
 *   50 ms) of each; the real run must import 10,000. `tsx src/generate/cli.ts <postgres://…> --crm`
 *   fills a database of your own.
 *
 * - realtime (issue 9): BENCH_RT_STREAMS (10,000) event streams held open by one server (4 per user,
 *   each subscribed to its user's channel): time to open, server RSS before and after, and a check
 *   that they still deliver; then a team chat message broadcast to BENCH_RT_SUBSCRIBERS (1,000)
 *   subscribers, BENCH_RT_MESSAGES (50) times: delivery p50/p99 from just before the POST, on one
 *   server (in-process) and, on PostgreSQL with Redis (BENCH_REDIS_URL, REDIS_URL or
 *   127.0.0.1:6379), across two servers (subscribers on B, posts on A). About a minute per database.
 * - pages (issue 19; PGlite only, the figures do not depend on the database): the built server with
 *   the built web app (apps/web/dist, built when missing) and the demo accounts; `/` signed out,
 *   `/app/missions` and `/dashboard` as the demo setter, each opened cold in Chromium (the browser
 *   tests' choice: CHROMIUM_PATH, Debian's headless shell, /usr/bin/chromium), bytes on the wire counted through the DevTools protocol until the
 *   network is idle. Targets: `/` ≤ 120 KB of JavaScript in ≤ 15 script requests, the two signed-in
 *   pages ≤ 200 KB in ≤ 25. About 15 s.
 *
 * - dbpath (issue 19): a generated setter (crm.ts at scale 0.05, 40 conversations); the public profile,
 *   a mission page, a deal page and the conversation list as that setter, each beside the bare node:http
 *   floor and its ceiling (bare-db-server.mjs: node:http + the driver alone running the same queries
 *   prepared; on PGlite on a copy of the data directory), BENCH_DBPATH_CONNECTIONS (10) connections, the
 *   ratio scenario's rounds, durations and warm-up, order rotated every round. Targets: pages ≥ 0.15 of
 *   bare on PostgreSQL (≥ 0.05 on PGlite), the conversation list ≥ 0.08 (≥ 0.03); each ≥ 0.80 of its ceiling.
 *
 * - community (issue 21; PostgreSQL only): 10,000 webinars (past and upcoming, a few registrations
 *   each) and 100,000 posts (tags, counters written directly, real likes and comments on the newest)
 *   generated in the database (generate/community.ts); GET /api/v1/webinars (upcoming, past, with a
 *   query) and GET /api/v1/posts (recent, popular, tag, query; pages 1–5) at 10 connections: p50,
 *   p99, req/s per target. Target: p99 ≤ 50 ms. BENCH_COMMUNITY_SCALE (1), BENCH_COMMUNITY_KEEP=1
 *   keeps the database for EXPLAIN ANALYZE.
 *
 * - articles (issue 22; PostgreSQL only): 5,000 articles (blog and tutorials, HTML rendered by the
 *   server's Markdown pipeline) generated in the database (generate/articles.ts); GET /blog/{slug}
 *   (the server-rendered page for machines), GET /api/v1/articles (kinds, pages 1–5) and the list with
 *   a category, a tag or a query, signed out, at BENCH_ARTICLES_CONNECTIONS (10) connections, each
 *   beside bare node:http sending the same bytes. Target: p99 ≤ 20 ms. BENCH_ARTICLES_SCALE (1),
 *   BENCH_ARTICLES_KEEP=1 keeps the database.
 *
 * Settings: BENCH_DURATION (s per run, 10), BENCH_ROUNDS (3), BENCH_WARMUP (s, 2),
 * BENCH_CONNECTIONS (50), BENCH_SUSTAINED_SECONDS (300), BENCH_STARTUP_RUNS (3),
 * BENCH_SEARCH_CONNECTIONS (10), BENCH_SEARCH_SCALE (1: the sizes above; 0.1 for a quick try),
 * BENCH_CRM_CONNECTIONS (10), BENCH_CRM_SCALE (1: the sizes above, PGlite a tenth; 0.1 for a quick try),
 * BENCH_START_TIMEOUT (s, 120), BENCH_DATABASES (pglite,postgres), BENCH_BUILD (auto | 1 | 0),
 * BENCH_SERVER_NODE_ARGS (Node options for the Closia server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
 * Results: a summary table per database, and bench/results/<timestamp>.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { installExitHandlers, shutdown } from './cleanup';
import { type BenchConfig, BenchConfigError, readConfig, type ScenarioName } from './config';
import { type Database, Problems } from './environment';
import { findPostgres, redact } from './postgres';
import { ensureServerBuilt, repoRoot, serverMain } from './processes';
import { oneLine, type SummaryRow, summaryTable } from './report';
import { type ArticlesResult, articlesSummary, runArticles } from './scenarios/articles';
import { type CommunityResult, communitySummary, runCommunity } from './scenarios/community';
import { type CrmResult, crmSummary, runCrm } from './scenarios/crm';
import { type DbpathResult, dbpathSummary, runDbpath } from './scenarios/dbpath';
import { type PagesResult, pagesSummary, runPages } from './scenarios/pages';
import { type RatioResult, ratioSummary, runRatio } from './scenarios/ratio';
import { type RealtimeResult, realtimeSummary, runRealtime } from './scenarios/realtime';
import { runSearch, type SearchResult, searchSummary } from './scenarios/search';
import { runStartup, type StartupResult, startupSummary } from './scenarios/startup';
import { runSustained, type SustainedResult, sustainedSummary } from './scenarios/sustained';

interface DatabaseResults {
  database: string;
  kind: Database['kind'];
  ratio?: RatioResult;
  sustained?: SustainedResult;
  startup?: StartupResult;
  search?: SearchResult;
  crm?: CrmResult;
  realtime?: RealtimeResult;
  dbpath?: DbpathResult;
  pages?: PagesResult;
  community?: CommunityResult;
  articles?: ArticlesResult;
  /** Scenarios that could not complete, with the reason */
  failed: Partial<Record<ScenarioName, string>>;
  summary: SummaryRow[];
}

function gitCommit(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return null;
  }
}

const loadavg = () => os.loadavg().map((n) => Number(n.toFixed(2)));

async function measure(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<DatabaseResults> {
  console.log(`\n━━ ${database.label} ${'━'.repeat(Math.max(0, 90 - database.label.length))}`);
  const results: DatabaseResults = { database: database.label, kind: database.kind, failed: {}, summary: [] };
  const attempt = async <T>(name: ScenarioName, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.failed[name] = message;
      problems.fail(`${database.label} ${name}: ${message}`);
      return undefined;
    }
  };

  if (config.scenarios.has('ratio')) {
    results.ratio = await attempt('ratio', () => runRatio(database, config, problems));
    if (results.ratio) results.summary.push(...ratioSummary(results.ratio));
  }
  if (config.scenarios.has('sustained')) {
    results.sustained = await attempt('sustained', () => runSustained(database, config, problems));
    if (results.sustained) results.summary.push(...sustainedSummary(results.sustained));
  }
  if (config.scenarios.has('startup') && database.kind === 'pglite') {
    results.startup = await attempt('startup', () => runStartup(database, config, problems));
    if (results.startup) results.summary.push(...startupSummary(results.startup));
  }
  if (config.scenarios.has('search')) {
    results.search = await attempt('search', () => runSearch(database, config, problems));
    if (results.search) results.summary.push(...searchSummary(results.search));
  }
  if (config.scenarios.has('crm')) {
    results.crm = await attempt('crm', () => runCrm(database, config, problems));
    if (results.crm) results.summary.push(...crmSummary(results.crm));
  }
  if (config.scenarios.has('realtime')) {
    results.realtime = await attempt('realtime', () => runRealtime(database, config, problems));
    if (results.realtime) results.summary.push(...realtimeSummary(results.realtime));
  }
  if (config.scenarios.has('dbpath')) {
    results.dbpath = await attempt('dbpath', () => runDbpath(database, config, problems));
    if (results.dbpath) results.summary.push(...dbpathSummary(results.dbpath));
  }
  if (config.scenarios.has('pages') && database.kind === 'pglite') {
    results.pages = await attempt('pages', () => runPages(database, config, problems));
    if (results.pages) results.summary.push(...pagesSummary(results.pages));
  }
  if (config.scenarios.has('community')) {
    results.community = await attempt('community', () => runCommunity(database, config, problems));
    if (results.community) results.summary.push(...communitySummary(results.community));
  }
  if (config.scenarios.has('articles')) {
    results.articles = await attempt('articles', () => runArticles(database, config, problems));
    if (results.articles) results.summary.push(...articlesSummary(results.articles));
  }
  for (const [name, reason] of Object.entries(results.failed)) {
    results.summary.push({ scenario: name, figure: 'FAILED', value: oneLine(reason, 100) });
  }
  return results;
}

async function main(): Promise<number> {
  installExitHandlers();
  const config = readConfig();
  const problems = new Problems();
  const startedAt = new Date();
  const started = performance.now();
  const loadStart = loadavg();

  console.log(`Closia bench — ${startedAt.toISOString()}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${loadStart.join(' ')}` +
      ' (a busy machine lowers every figure: compare ratios, not absolute req/s)',
  );
  const plan = {
    ratio: `ratio (${config.rounds} rounds × ${config.duration} s + ${config.warmup} s warm-up, ${config.connections} connections)`,
    sustained: `sustained (${config.sustainedSeconds} s, ${config.connections} connections)`,
    startup: `startup (${config.startupRuns} × fresh + warm, PGlite)`,
    search: `search (generated marketplace, scale ${config.searchScale}, × ${config.searchPgliteFactor} on PGlite; 3 targets cache on and off, 5,000 combinations each, ${config.rounds} rounds × ${config.duration} s + ${config.warmup} s warm-up, ${config.searchConnections} connections)`,
    crm: `crm (200 sellers and a heavy user, scale ${config.crmScale}, PGlite a tenth; 90 % reads / 10 % writes, cache on and off, ${config.rounds} rounds × ${config.duration} s + ${config.warmup} s warm-up each, ${config.crmConnections} connections; the heavy user's /stats; CSV import)`,
    dbpath: `dbpath (4 endpoints beside bare node:http and their ceilings, ${config.rounds} rounds × ${config.duration} s + ${config.warmup} s warm-up, ${config.dbpathConnections} connections)`,
    realtime: `realtime (${config.rtStreams} streams held; a broadcast to ${config.rtSubscribers} subscribers × ${config.rtMessages} messages, in-process and through Redis)`,
    pages: 'pages (/, /app/missions, /dashboard cold in Chromium, PGlite)',
    community:
      'community (10,000 webinars and 100,000 posts × BENCH_COMMUNITY_SCALE, PostgreSQL; /webinars and /posts mixes at BENCH_COMMUNITY_CONNECTIONS (10) connections)',
    articles:
      'articles (5,000 articles × BENCH_ARTICLES_SCALE, PostgreSQL; /blog/{slug} HTML and /api/v1/articles at BENCH_ARTICLES_CONNECTIONS (10) connections, beside bare node:http)',
  };
  console.log(`scenarios: ${[...config.scenarios].map((s) => plan[s]).join(', ')}`);
  console.log(`server: ${path.relative(repoRoot, serverMain)} ${ensureServerBuilt(config.build)}`);

  const databases: Database[] = [];
  const skipped: { database: string; reason: string }[] = [];
  let postgresLeftovers: string[] = [];
  if (config.databases.has('pglite')) databases.push({ kind: 'pglite', label: 'PGlite (embedded)' });
  if (config.databases.has('postgres')) {
    const probe = await findPostgres(config.postgresUrl);
    if (probe.available) {
      databases.push({ kind: 'postgres', label: probe.version, adminUrl: probe.adminUrl });
      postgresLeftovers = probe.leftovers;
    } else {
      skipped.push({ database: 'PostgreSQL', reason: probe.reason });
    }
  } else {
    skipped.push({ database: 'PostgreSQL', reason: 'not in BENCH_DATABASES' });
  }
  console.log(`databases measured: ${databases.map((d) => d.label).join(', ') || 'none'}`);
  for (const d of databases) {
    if (d.kind === 'postgres')
      console.log(`  ${d.label} at ${redact(d.adminUrl)}, a fresh database per server`);
  }
  if (postgresLeftovers.length > 0) {
    console.log(
      `  note: ${postgresLeftovers.length} database(s) left by an earlier run that was killed: ${postgresLeftovers.join(', ')}` +
        ' (drop database … with (force) when no bench is running)',
    );
  }
  for (const s of skipped) console.log(`  ${s.database} SKIPPED: ${s.reason}`);

  const results: DatabaseResults[] = [];
  for (const database of databases) results.push(await measure(database, config, problems));

  console.log(`\n━━ Summary ${'━'.repeat(82)}`);
  console.log(`load average ${loadStart.join(' ')} at the start, ${loadavg().join(' ')} at the end`);
  for (const r of results) {
    console.log(`\n${r.database}`);
    console.log(r.summary.length > 0 ? summaryTable(r.summary) : '  (no scenario ran)');
  }
  for (const s of skipped) console.log(`\n${s.database}: SKIPPED (${s.reason})`);

  const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    startedAt: startedAt.toISOString(),
    durationSeconds: Math.round((performance.now() - started) / 1000),
    commit: gitCommit(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
      loadavg: { start: loadStart, end: loadavg() },
    },
    config: {
      ...config,
      scenarios: [...config.scenarios],
      databases: [...config.databases],
      postgresUrl: config.postgresUrl ? redact(config.postgresUrl.url) : null,
    },
    databases: results,
    skipped,
    failures: problems.failures,
    warnings: problems.warnings,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nresults written to ${path.relative(repoRoot, file)}`);

  if (problems.warnings.length > 0) console.log(`${problems.warnings.length} warning(s), see above`);
  if (problems.failures.length > 0) {
    console.error(`\nHARNESS FAILURE (${problems.failures.length}): the figures above are not trustworthy`);
    for (const f of problems.failures) console.error(`  ✗ ${oneLine(f, 200)}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => shutdown(code),
  (error: unknown) => {
    console.error(error instanceof BenchConfigError ? error.message : error);
    return shutdown(1);
  },
);
