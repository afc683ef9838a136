/**
 * Scenario "community" (issue 21): the webinars' list and the community feed at the size of a live
 * platform. PostgreSQL only (the generator writes through SQL; PGlite is skipped with a note).
 *
 * The data (generate/community.ts, inside the database): 10,000 webinars from a year ago to six
 * months ahead with 0–5 registrations each, 100,000 posts over two years with tags and counters
 * (written directly for speed; real likes and comments on the newest posts only), 2,000 members
 * (BENCH_COMMUNITY_SCALE, 1).
 *
 * The load: a signed-in bench user, BENCH_COMMUNITY_CONNECTIONS (10) connections, one run of
 * BENCH_DURATION seconds per target after a BENCH_WARMUP run, each target a mix of paths cycled by
 * the connections (load-mix.ts): GET /api/v1/webinars upcoming, past (pages 1–5 each) and with a
 * query; GET /api/v1/posts recent and popular (pages 1–5), by tag (pages 1–5) and with a query
 * (pages 1–5). p50, p99 and req/s per target beside the target p99 ≤ 50 ms. Every path is sent
 * once alone first (anything but 200 stops the scenario).
 *
 * BENCH_COMMUNITY_KEEP=1 keeps the generated database (its name is printed) for EXPLAIN ANALYZE.
 */
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { createBenchUser } from '../api';
import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import { COMMUNITY_TAGS, communitySize, generateCommunity } from '../generate/community';
import type { LoadFigures } from '../load';
import { loadMix } from '../load-mix';
import { createDatabase } from '../postgres';
import { type Server, startServer } from '../processes';
import { int, type SummaryRow, table } from '../report';

export const COMMUNITY_P99_TARGET_MS = 50;

const pages = (path: string) =>
  [1, 2, 3, 4, 5].map((page) => `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
const queries = ['closing', 'immobilier', 'negociation', 'prospection telephone', 'methode', 'objections'];

/** The measured targets: a label and the paths its connections cycle through. */
export const communityTargets: { key: string; label: string; paths: string[] }[] = [
  {
    key: 'webinars-upcoming',
    label: 'GET /webinars upcoming p1–5',
    paths: pages('/api/v1/webinars?when=upcoming'),
  },
  { key: 'webinars-past', label: 'GET /webinars past p1–5', paths: pages('/api/v1/webinars?when=past') },
  {
    key: 'webinars-query',
    label: 'GET /webinars upcoming/past ?query=',
    paths: queries.flatMap((q) => [
      `/api/v1/webinars?when=upcoming&query=${encodeURIComponent(q)}`,
      `/api/v1/webinars?when=past&query=${encodeURIComponent(q)}`,
    ]),
  },
  { key: 'posts-recent', label: 'GET /posts recent p1–5', paths: pages('/api/v1/posts') },
  { key: 'posts-popular', label: 'GET /posts popular p1–5', paths: pages('/api/v1/posts?sort=popular') },
  {
    key: 'posts-tag',
    label: 'GET /posts ?tag= p1–5',
    paths: COMMUNITY_TAGS.slice(0, 4).flatMap((tag) => pages(`/api/v1/posts?tag=${tag}`)),
  },
  {
    key: 'posts-query',
    label: 'GET /posts ?query= p1–5',
    paths: queries.slice(0, 4).flatMap((q) => pages(`/api/v1/posts?query=${encodeURIComponent(q)}`)),
  },
];

export interface CommunityTargetResult {
  key: string;
  label: string;
  figures: LoadFigures;
}

export interface CommunityResult {
  sizes: ReturnType<typeof communitySize>;
  generateMs: Record<string, number>;
  targets: CommunityTargetResult[];
  skipped?: string;
}

export async function runCommunity(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<CommunityResult> {
  const scale = Number(process.env.BENCH_COMMUNITY_SCALE ?? 1);
  const connections = Number(process.env.BENCH_COMMUNITY_CONNECTIONS ?? 10);
  const sizes = communitySize(scale);
  if (database.kind !== 'postgres') {
    console.log('\n  community: PostgreSQL only (the generator writes through SQL), skipped on PGlite');
    return { sizes, generateMs: {}, targets: [], skipped: 'PostgreSQL only' };
  }
  console.log(
    `\n  community: ${int(sizes.webinars)} webinars, ${int(sizes.posts)} posts, ${int(sizes.members)} members, ${connections} connections`,
  );
  const keep = process.env.BENCH_COMMUNITY_KEEP === '1';
  const dir = tempDir('closia-bench-community-');
  const created = await createDatabase(database.adminUrl, { keep });
  let server: Server | null = null;
  const sql = postgres(created.url, { max: 1, onnotice: () => {} });
  try {
    server = await startServer({
      dataDir: dir.path,
      databaseUrl: created.url,
      startTimeoutMs: config.startTimeoutMs,
    });
    const started = performance.now();
    const generateMs = await generateCommunity(sql, sizes);
    console.log(
      `  generated in ${int(performance.now() - started)} ms (${Object.entries(generateMs)
        .map(([name, ms]) => `${name} ${int(ms)}`)
        .join(', ')})`,
    );
    const user = await createBenchUser(server.baseUrl);
    const headers = { cookie: user.cookie };

    // Every path alone once: a 200 each, and the slowest printed.
    const alone: { path: string; ms: number; bytes: number }[] = [];
    for (const target of communityTargets) {
      for (const path of target.paths) {
        const t = performance.now();
        const response = await fetch(`${server.baseUrl}${path}`, { headers });
        const body = await response.text();
        if (response.status !== 200)
          throw new Error(`${path}: HTTP ${response.status} ${body.slice(0, 300)}`);
        alone.push({ path, ms: performance.now() - t, bytes: body.length });
      }
    }
    const slowest = [...alone].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `  each path alone: slowest ${slowest.map((s) => `${s.path} ${s.ms.toFixed(1)} ms`).join(', ')}`,
    );

    const targets: CommunityTargetResult[] = [];
    for (const target of communityTargets) {
      const run = (seconds: number) =>
        loadMix({
          baseUrl: server!.baseUrl,
          paths: target.paths,
          headers,
          connections,
          seconds,
          pid: server!.pid,
          timeoutSeconds: 30,
        });
      await run(config.warmup);
      const figures = await run(config.duration);
      problems.check(`community ${target.key}`, figures, server);
      targets.push({ key: target.key, label: target.label, figures });
      console.log(
        `  ${target.label.padEnd(40)} p50 ${figures.p50} ms  p99 ${figures.p99} ms  ${int(figures.rps)} req/s  (target p99 ≤ ${COMMUNITY_P99_TARGET_MS} ms)`,
      );
    }
    console.log(
      `\n${table(
        ['target', 'p50 ms', 'p99 ms', 'req/s', 'p99 target', 'met'],
        targets.map((t) => [
          t.label,
          String(t.figures.p50),
          String(t.figures.p99),
          int(t.figures.rps),
          `≤ ${COMMUNITY_P99_TARGET_MS}`,
          t.figures.p99 <= COMMUNITY_P99_TARGET_MS ? 'yes' : 'NO',
        ]),
      )}`,
    );
    return { sizes, generateMs, targets };
  } finally {
    await sql.end({ timeout: 5 });
    if (server) await server.stop(2_000);
    if (keep) console.log(`  kept database ${created.name} (BENCH_COMMUNITY_KEEP=1)`);
    else await created.drop();
    await dir.remove();
  }
}

export function communitySummary(result: CommunityResult): SummaryRow[] {
  if (result.skipped) return [{ scenario: 'community', figure: 'skipped', value: result.skipped }];
  return result.targets.map((t) => ({
    scenario: 'community',
    figure: `${t.label} p99 (p50, req/s)`,
    value: `${t.figures.p99} ms (${t.figures.p50} ms, ${int(t.figures.rps)}/s)`,
    target: `≤ ${COMMUNITY_P99_TARGET_MS} ms`,
    met: t.figures.p99 <= COMMUNITY_P99_TARGET_MS,
  }));
}
