/**
 * Scenario "articles" (issue 22): the blog at the size of a living site, read by visitors and
 * crawlers. PostgreSQL only (the generator writes through SQL; PGlite is skipped with a note).
 *
 * The data (generate/articles.ts, inside the database): BENCH_ARTICLES_SCALE × 5,000 articles
 * (4,000 blog articles and 1,000 tutorials at scale 1; ~2 % drafts, ~1 % scheduled), their HTML
 * rendered by the server's own Markdown pipeline.
 *
 * The server: the built server with the built web app's index.html (apps/web/dist when built,
 * else a minimal page of the same shape), signed out. The load: BENCH_ARTICLES_CONNECTIONS (10)
 * connections, one run of BENCH_DURATION seconds per target after a BENCH_WARMUP run, each
 * target a mix of paths cycled by the connections (load-mix.ts):
 * - `GET /blog/{slug}`: the server-rendered page of 50 published blog articles (head, JSON-LD,
 *   the article's HTML in #root);
 * - `GET /api/v1/articles`: the blog, the tutorials and both, pages 1–5;
 * - `GET /api/v1/articles` with a category, a tag or a query (pages 1–2).
 * Each beside the physical ceiling: bare node:http (bare-server.mjs) sending the same bytes as
 * the target's first path, measured the same way. p50, p99 and req/s per target; target p99 ≤ 20 ms.
 * Every path is sent once alone first (anything but 200 stops the scenario).
 *
 * BENCH_ARTICLES_KEEP=1 keeps the generated database (its name is printed) for EXPLAIN ANALYZE.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import { ARTICLE_TAGS, articlesSize, BLOG_CATEGORIES, generateArticles } from '../generate/articles';
import type { LoadFigures } from '../load';
import { loadMix } from '../load-mix';
import { createDatabase } from '../postgres';
import { type BareServer, type Server, startBareServer, startServer, webDist } from '../processes';
import { int, ratio, type SummaryRow, table } from '../report';

export const ARTICLES_P99_TARGET_MS = 20;

/** A page of the same shape as the built index.html, when the web app is not built. */
const MINIMAL_INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Closia, la marketplace et le CRM des infopreneurs et des setters & closers." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Closia</title>
    <script src="/color-scheme.js"></script>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const pages = (p: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${p}${p.includes('?') ? '&' : '?'}page=${i + 1}`);

/** The list targets (the page target's paths are read from the generated database). */
export const articleListPaths = [
  ...pages('/api/v1/articles?kind=blog', 5),
  ...pages('/api/v1/articles?kind=tutorial', 5),
  ...pages('/api/v1/articles', 5),
];
export const articleFilteredPaths = [
  ...BLOG_CATEGORIES.slice(0, 3).flatMap((c) => pages(`/api/v1/articles?kind=blog&category=${c}`, 2)),
  ...ARTICLE_TAGS.slice(0, 3).flatMap((t) => pages(`/api/v1/articles?tag=${t}`, 2)),
  ...['closing', 'objections prix', 'methode'].flatMap((q) =>
    pages(`/api/v1/articles?query=${encodeURIComponent(q)}`, 2),
  ),
];

export interface ArticlesTargetResult {
  key: string;
  label: string;
  bytes: number;
  figures: LoadFigures;
  ceiling: LoadFigures;
}

export interface ArticlesResult {
  sizes: ReturnType<typeof articlesSize>;
  generateMs: Record<string, number>;
  targets: ArticlesTargetResult[];
  skipped?: string;
}

export async function runArticles(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<ArticlesResult> {
  const scale = Number(process.env.BENCH_ARTICLES_SCALE ?? 1);
  const connections = Number(process.env.BENCH_ARTICLES_CONNECTIONS ?? 10);
  const sizes = articlesSize(scale);
  if (database.kind !== 'postgres') {
    console.log('\n  articles: PostgreSQL only (the generator writes through SQL), skipped on PGlite');
    return { sizes, generateMs: {}, targets: [], skipped: 'PostgreSQL only' };
  }
  console.log(`\n  articles: ${int(sizes.articles)} articles, ${connections} connections`);
  const keep = process.env.BENCH_ARTICLES_KEEP === '1';
  const dir = tempDir('closia-bench-articles-');
  const created = await createDatabase(database.adminUrl, { keep });
  let server: Server | null = null;
  let bare: BareServer | null = null;
  const sql = postgres(created.url, { max: 1, onnotice: () => {} });
  try {
    // The pages need an index.html: the built one, else one of the same shape.
    const built = existsSync(path.join(webDist, 'index.html'));
    const web = path.join(dir.path, 'web');
    if (!built) {
      mkdirSync(web, { recursive: true });
      writeFileSync(path.join(web, 'index.html'), MINIMAL_INDEX);
    }
    server = await startServer({
      dataDir: dir.path,
      databaseUrl: created.url,
      startTimeoutMs: config.startTimeoutMs,
      ...(built ? { web: true } : { env: { WEB_DIST: web } }),
    });
    const started = performance.now();
    const generateMs = await generateArticles(sql, sizes);
    console.log(
      `  generated in ${int(performance.now() - started)} ms (${Object.entries(generateMs)
        .map(([name, ms]) => `${name} ${int(ms)}`)
        .join(', ')})${built ? '' : '; apps/web/dist not built: a minimal index.html'}`,
    );
    const slugs = await sql<{ slug: string }[]>`
      select slug from articles where kind = 'blog' and status = 'published'
      order by md5(slug) limit 50`;
    const targets = [
      { key: 'blog-page', label: 'GET /blog/{slug} (HTML)', paths: slugs.map((s) => `/blog/${s.slug}`) },
      { key: 'list', label: 'GET /api/v1/articles p1–5', paths: articleListPaths },
      {
        key: 'list-filtered',
        label: 'GET /api/v1/articles ?category= ?tag= ?query=',
        paths: articleFilteredPaths,
      },
    ];

    // Every path alone once: a 200 each, and the slowest printed.
    const alone: { path: string; ms: number; body: string }[] = [];
    for (const target of targets) {
      for (const p of target.paths) {
        const t = performance.now();
        const response = await fetch(`${server.baseUrl}${p}`);
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${p}: HTTP ${response.status} ${body.slice(0, 300)}`);
        alone.push({ path: p, ms: performance.now() - t, body });
      }
    }
    const slowest = [...alone].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `  each path alone: slowest ${slowest.map((s) => `${s.path} ${s.ms.toFixed(1)} ms`).join(', ')}`,
    );

    const results: ArticlesTargetResult[] = [];
    for (const target of targets) {
      const first = alone.find((a) => a.path === target.paths[0])!;
      const run = (seconds: number) =>
        loadMix({
          baseUrl: server!.baseUrl,
          paths: target.paths,
          headers: {},
          connections,
          seconds,
          pid: server!.pid,
          timeoutSeconds: 30,
        });
      await run(config.warmup);
      const figures = await run(config.duration);
      problems.check(`articles ${target.key}`, figures, server);
      // The physical ceiling: node:http alone sending the same bytes.
      bare = await startBareServer(first.body);
      const bareRun = (seconds: number) =>
        loadMix({
          baseUrl: bare!.url,
          paths: ['/'],
          headers: {},
          connections,
          seconds,
          pid: bare!.pid,
          timeoutSeconds: 30,
        });
      await bareRun(config.warmup);
      const ceiling = await bareRun(config.duration);
      await bare.stop(2_000);
      bare = null;
      results.push({
        key: target.key,
        label: target.label,
        bytes: Buffer.byteLength(first.body),
        figures,
        ceiling,
      });
      console.log(
        `  ${target.label.padEnd(46)} p50 ${figures.p50} ms  p99 ${figures.p99} ms  ${int(figures.rps)} req/s  (bare node:http, same ${int(Buffer.byteLength(first.body))} bytes: ${int(ceiling.rps)} req/s, p99 ${ceiling.p99} ms; target p99 ≤ ${ARTICLES_P99_TARGET_MS} ms)`,
      );
    }
    console.log(
      `\n${table(
        ['target', 'bytes', 'p50 ms', 'p99 ms', 'req/s', 'bare req/s', '÷ bare', 'p99 target', 'met'],
        results.map((t) => [
          t.label,
          int(t.bytes),
          String(t.figures.p50),
          String(t.figures.p99),
          int(t.figures.rps),
          int(t.ceiling.rps),
          ratio(t.figures.rps / t.ceiling.rps),
          `≤ ${ARTICLES_P99_TARGET_MS}`,
          t.figures.p99 <= ARTICLES_P99_TARGET_MS ? 'yes' : 'NO',
        ]),
      )}`,
    );
    return { sizes, generateMs, targets: results };
  } finally {
    await sql.end({ timeout: 5 });
    if (bare) await bare.stop(2_000);
    if (server) await server.stop(2_000);
    if (keep) console.log(`  kept database ${created.name} (BENCH_ARTICLES_KEEP=1)`);
    else await created.drop();
    await dir.remove();
  }
}

export function articlesSummary(result: ArticlesResult): SummaryRow[] {
  if (result.skipped) return [{ scenario: 'articles', figure: 'skipped', value: result.skipped }];
  return result.targets.map((t) => ({
    scenario: 'articles',
    figure: `${t.label} p99 (p50, req/s; bare node:http req/s)`,
    value: `${t.figures.p99} ms (${t.figures.p50} ms, ${int(t.figures.rps)}/s; ${int(t.ceiling.rps)}/s)`,
    target: `≤ ${ARTICLES_P99_TARGET_MS} ms`,
    met: t.figures.p99 <= ARTICLES_P99_TARGET_MS,
  }));
}
