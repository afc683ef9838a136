/** The bench's settings, read once from the environment; a bad value stops the run before anything starts. */

export const scenarioNames = [
  'ratio',
  'sustained',
  'startup',
  'search',
  'crm',
  'realtime',
  'dbpath',
  'pages',
  'community',
  'articles',
] as const;
export type ScenarioName = (typeof scenarioNames)[number];

export const databaseKinds = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export interface BenchConfig {
  /** Seconds per measured run of the ratio scenario (each target, each round). */
  duration: number;
  /** Rounds of the ratio scenario; the order of the targets rotates every round. */
  rounds: number;
  /** Seconds of warm-up per target before the first round (not measured). */
  warmup: number;
  connections: number;
  /** Length of the sustained scenario, in seconds. */
  sustainedSeconds: number;
  /** Fresh and warm start-ups measured in the startup scenario. */
  startupRuns: number;
  /** Connections of the search scenario (issue 7 sets its target at 10). */
  searchConnections: number;
  /** Size of the search scenario's generated marketplace: 1 is 100,000 missions and 50,000 freelancers. */
  searchScale: number;
  /** PGlite's search marketplace is searchScale × this (the embedded default is held at one tenth). */
  searchPgliteFactor: number;
  /** Connections of the crm scenario (issue 8 sets its target at 10). */
  crmConnections: number;
  /**
   * Size of the crm scenario's generated CRM: 1 is 10,000 prospects and 20,000 deals among 200 sellers,
   * and as much for the heavy user alone; PGlite gets a tenth of it.
   */
  crmScale: number;
  /** Connections of the dbpath scenario (issue 19 measures at 10). */
  dbpathConnections: number;
  /** Event streams held open by one server in the realtime scenario (issue 9: 10,000). */
  rtStreams: number;
  /** Subscribers of the broadcast in the realtime scenario (issue 9: 1,000). */
  rtSubscribers: number;
  /** Messages broadcast to them, one at a time. */
  rtMessages: number;
  /** Redis for the realtime scenario's fan-out lane (BENCH_REDIS_URL, else REDIS_URL, else 127.0.0.1:6379 when it answers). */
  redisUrl: string | null;
  /** How long a server may take to answer its first `/health`, in ms. */
  startTimeoutMs: number;
  scenarios: ReadonlySet<ScenarioName>;
  databases: ReadonlySet<DatabaseKind>;
  /** `auto`: build the server when dist/main.js is missing or older than its sources. */
  build: 'auto' | 'always' | 'never';
  /** Explicit PostgreSQL server (BENCH_DATABASE_URL, else DATABASE_URL); null: probe 127.0.0.1:5432. */
  postgresUrl: { url: string; source: string } | null;
}

export class BenchConfigError extends Error {}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, { integer = true } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new BenchConfigError(`${name}=${raw}: expected a positive ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

function subset<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[]): Set<T> {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return new Set(allowed);
  const picked = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = picked.filter((s) => !(allowed as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new BenchConfigError(`${name}: unknown ${unknown.join(', ')} (allowed: ${allowed.join(', ')})`);
  }
  return new Set(picked as T[]);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const build = env.BENCH_BUILD ?? 'auto';
  const builds = { auto: 'auto', '1': 'always', always: 'always', '0': 'never', never: 'never' } as const;
  if (!(build in builds)) throw new BenchConfigError(`BENCH_BUILD=${build}: expected auto, 1 or 0`);

  const explicit = env.BENCH_DATABASE_URL
    ? { url: env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL' }
    : env.DATABASE_URL
      ? { url: env.DATABASE_URL, source: 'DATABASE_URL' }
      : null;

  return {
    duration: positive(env, 'BENCH_DURATION', 10),
    rounds: positive(env, 'BENCH_ROUNDS', 3),
    warmup: positive(env, 'BENCH_WARMUP', 2),
    connections: positive(env, 'BENCH_CONNECTIONS', 50),
    sustainedSeconds: positive(env, 'BENCH_SUSTAINED_SECONDS', 300),
    startupRuns: positive(env, 'BENCH_STARTUP_RUNS', 3),
    searchConnections: positive(env, 'BENCH_SEARCH_CONNECTIONS', 10),
    searchScale: positive(env, 'BENCH_SEARCH_SCALE', 1, { integer: false }),
    searchPgliteFactor: positive(env, 'BENCH_SEARCH_PGLITE_FACTOR', 0.1, { integer: false }),
    crmConnections: positive(env, 'BENCH_CRM_CONNECTIONS', 10),
    crmScale: positive(env, 'BENCH_CRM_SCALE', 1, { integer: false }),
    dbpathConnections: positive(env, 'BENCH_DBPATH_CONNECTIONS', 10),
    rtStreams: positive(env, 'BENCH_RT_STREAMS', 10_000),
    rtSubscribers: positive(env, 'BENCH_RT_SUBSCRIBERS', 1_000),
    rtMessages: positive(env, 'BENCH_RT_MESSAGES', 50),
    redisUrl: env.BENCH_REDIS_URL || env.REDIS_URL || null,
    startTimeoutMs: positive(env, 'BENCH_START_TIMEOUT', 120, { integer: false }) * 1000,
    scenarios: subset(env, 'BENCH_SCENARIOS', scenarioNames),
    databases: subset(env, 'BENCH_DATABASES', databaseKinds),
    build: builds[build as keyof typeof builds],
    postgresUrl: explicit,
  };
}
