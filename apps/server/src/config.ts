import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const demoSeller: SellerIdentity = {
  name: 'Closia SAS',
  legalForm: 'SAS au capital de 10 000 €',
  address: '12 rue de la Chaussée d’Antin, 75009 Paris, France',
  siren: '912345675',
  siret: '91234567500017',
  rcs: 'RCS Paris',
  vatNumber: 'FR65912345675',
  email: 'facturation@closia.fr',
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Public address used in e-mail links; defaults to http://localhost:$PORT. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  REDIS_URL: z.string().startsWith('redis').optional(),
  REDIS_PREFIX: z.string().default('closia:'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Closia <no-reply@closia.fr>'),
  SUPPORT_EMAIL: z.email().default('support@closia.fr'),
  APP_KEY: z.string().min(32).optional(),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT: flag.default(true),
  /** How long a session's user may be served from memory; 0 turns the cache off. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  CRM_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** Event streams one user may hold on one instance (tabs); past it the oldest is closed. */
  REALTIME_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  /** How often the durable job queue is polled (reminders, replay e-mails); 0: this instance does not poll. */
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Where the preview mode sends an admin who asks for the staging site (`?staging=1`); optional. */
  PREVIEW_STAGING_URL: z.url().optional(),
  /** Bearer token that `/metrics` requires; without it `/metrics` is not served. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Stripe (sk_live_…, sk_test_… or a restricted rk_… key); unset → the embedded sandbox provider. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/)
    .optional(),
  /** The webhook endpoint's signing secret (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Stripe Tax computes the VAT (needs Stripe Tax set up); else a fixed 20 % tax rate. */
  STRIPE_AUTOMATIC_TAX: flag.default(false),
  /** The seller printed on invoices. */
  SELLER_NAME: z.string().min(1).max(120).default(demoSeller.name),
  SELLER_LEGAL_FORM: z.string().min(1).max(120).default(demoSeller.legalForm),
  SELLER_ADDRESS: z.string().min(1).max(300).default(demoSeller.address),
  SELLER_SIREN: z
    .string()
    .regex(/^[0-9]{9}$/)
    .default(demoSeller.siren),
  SELLER_SIRET: z
    .string()
    .regex(/^[0-9]{14}$/)
    .default(demoSeller.siret),
  SELLER_RCS: z.string().min(1).max(60).default(demoSeller.rcs),
  SELLER_VAT_NUMBER: z
    .string()
    .regex(/^[A-Z]{2}[0-9A-Z]{2,18}$/)
    .default(demoSeller.vatNumber),
  SELLER_EMAIL: z.email().default(demoSeller.email),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** Cookies get the Secure flag when the app is served over HTTPS. */
  secureCookies: boolean;
  dataDir: string;
  /** `memory` runs PGlite in memory (tests); a path runs it on disk; a URL uses PostgreSQL. */
  database: { kind: 'pglite'; dataDir: string | 'memory' } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so that several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  appKey: string;
  seedDemo: boolean;
  logLevel: string;
  /** Built web app to serve, or null to serve the API only. */
  webDist: string | null;
  trustProxy: boolean;
  rateLimit: boolean;
  /** Session → user cache lifetime in ms (0: every request reads the database). */
  sessionCacheTtlMs: number;
  /** How long a search's ids, totals and facets are reused (ms; 0: never). */
  searchCacheTtlMs: number;
  crmCacheTtlMs: number;
  /** Event streams per user and instance; the oldest is closed past it. */
  realtimeMaxStreamsPerUser: number;
  /** Poll interval of the job queue in ms (0: this instance runs no jobs). */
  jobsPollMs: number;
  /** `/metrics` answers only `Authorization: Bearer <token>`; null turns it off. */
  metricsToken: string | null;
  /** The staging address the article preview mode offers with `?staging=1` (null: none). */
  previewStagingUrl: string | null;
  /** Stripe's keys, or null: the embedded sandbox provider. */
  stripe: { secretKey: string; webhookSecret: string; automaticTax: boolean } | null;
  /** Who the invoices are from. */
  seller: SellerIdentity;
}

/** The seller printed on every invoice (French legal identity). */
export interface SellerIdentity {
  name: string;
  legalForm: string;
  address: string;
  siren: string;
  siret: string;
  rcs: string;
  vatNumber: string;
  email: string;
}

export class ConfigError extends Error {}

/** Reads the environment once, lists every bad key, and fills the embedded defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means unset.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const database: Config['database'] = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  const webDist = e.WEB_DIST ?? defaultWebDist();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dataDir,
    database,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    appKey: e.APP_KEY ?? readOrCreateAppKey(dataDir),
    // Demo accounts on the embedded default; never on PostgreSQL unless asked for.
    seedDemo: e.SEED_DEMO ?? database.kind === 'pglite',
    logLevel: e.LOG_LEVEL,
    webDist: webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    searchCacheTtlMs: e.SEARCH_CACHE_TTL_MS,
    crmCacheTtlMs: e.CRM_CACHE_TTL_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
    previewStagingUrl: e.PREVIEW_STAGING_URL?.replace(/\/$/, '') ?? null,
    jobsPollMs: e.JOBS_POLL_MS,
    realtimeMaxStreamsPerUser: e.REALTIME_MAX_STREAMS_PER_USER,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            automaticTax: e.STRIPE_AUTOMATIC_TAX,
          }
        : null,
    seller: {
      name: e.SELLER_NAME,
      legalForm: e.SELLER_LEGAL_FORM,
      address: e.SELLER_ADDRESS,
      siren: e.SELLER_SIREN,
      siret: e.SELLER_SIRET,
      rcs: e.SELLER_RCS,
      vatNumber: e.SELLER_VAT_NUMBER,
      email: e.SELLER_EMAIL,
    },
  };
}

function defaultWebDist(): string {
  // Works from src/ (tsx, vitest) and from dist/ (the bundle): both sit two levels under apps/.
  return path.resolve(import.meta.dirname, '../../web/dist');
}

function readOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A configuration for tests: in-memory PGlite (or DATABASE_URL), no web, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    appUrl: 'http://localhost:3000',
    secureCookies: false,
    // Each test app gets its own directory for uploads.
    dataDir: mkdtempSync(path.join(tmpdir(), 'closia-test-data-')),
    database: { kind: 'pglite', dataDir: 'memory' },
    redisUrl: undefined,
    redisPrefix: `closia-test-${randomBytes(4).toString('hex')}:`,
    smtpUrl: undefined,
    mailFrom: 'Closia <no-reply@closia.fr>',
    supportEmail: 'support@closia.fr',
    appKey: 'test-app-key-test-app-key-test-app-key',
    seedDemo: false,
    logLevel: 'silent',
    webDist: null,
    trustProxy: false,
    rateLimit: true,
    sessionCacheTtlMs: 10_000,
    searchCacheTtlMs: 10_000,
    crmCacheTtlMs: 10_000,
    metricsToken: null,
    previewStagingUrl: null,
    // Tests run the queue themselves (`app.runDueJobs()`) unless they turn polling on.
    jobsPollMs: 0,
    realtimeMaxStreamsPerUser: 20,
    stripe: null,
    seller: demoSeller,
    ...overrides,
  };
}
