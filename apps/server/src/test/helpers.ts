import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { mailOutbox, profiles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.service';
import { withDatabase } from './global-setup';

/** Opens this test file's own copy of the migrated database. */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `closia_test_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url });
    await admin.rows(`create database ${name} template ${template}`);
    await admin.close();
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
    return {
      database,
      drop: async () => {
        const again = await openDatabase({ kind: 'postgres', url });
        await again.rows(`drop database if exists ${name} with (force)`);
        await again.close();
      },
    };
  }
  const dump = new Blob([readFileSync(template)]);
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, { loadDataDir: dump });
  return { database, drop: async () => {} };
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** Log lines written by a test app, parsed (pass `logLevel` in the overrides to see them). */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  write(line: string) {
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  get text() {
    return this.lines.map((l) => JSON.stringify(l)).join('\n');
  }
}

/** Builds the real app on a fresh migrated database (PGlite in memory, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { log?: LogCapture } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = testConfig({
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    ...overrides,
  });
  const app = await buildApp(config, { database, ...(options.log ? { logStream: options.log } : {}) });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

type Body = InjectOptions['payload'];

let clientSequence = 0;
/** Each client comes from its own address, like separate users: per-IP limits apply per client. */
const nextIp = () => {
  clientSequence += 1;
  return `10.${200 + ((clientSequence >> 16) & 0x1f)}.${(clientSequence >> 8) & 0xff}.${clientSequence & 0xff}`;
};

/** A browser-like client: keeps cookies and sends the CSRF header on unsafe methods. */
export class TestClient {
  readonly cookies: Record<string, string> = {};
  constructor(
    readonly app: App,
    readonly ip = nextIp(),
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: Body,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    if (options.csrf !== false && method !== 'GET' && !this.cookies['XSRF-TOKEN'])
      await this.get('/api/v1/csrf');
    const headers: Record<string, string> = { ...options.headers };
    if (options.csrf !== false && this.cookies['XSRF-TOKEN'])
      headers['x-xsrf-token'] = this.cookies['XSRF-TOKEN'];
    const response = await this.app.inject({
      method,
      url,
      payload,
      headers,
      cookies: this.cookies,
      remoteAddress: this.ip,
    });
    this.keepCookies(response);
    return response;
  }

  private keepCookies(response: LightMyRequestResponse) {
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
  }

  get = (url: string) => this.request('GET', url);
  /** Sends one file as multipart/form-data. */
  upload = (
    url: string,
    field: string,
    file: { name: string; type: string; data: Buffer },
    options?: { csrf?: boolean },
  ) => {
    const boundary = `----closia${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request('POST', url, payload, {
      ...options,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  post = (url: string, payload?: Body, options?: { csrf?: boolean }) =>
    this.request('POST', url, payload, options);
  put = (url: string, payload?: Body, options?: { csrf?: boolean }) =>
    this.request('PUT', url, payload, options);
  patch = (url: string, payload?: Body, options?: { csrf?: boolean }) =>
    this.request('PATCH', url, payload, options);
  delete = (url: string, payload?: Body, options?: { csrf?: boolean }) =>
    this.request('DELETE', url, payload, options);

  async login(email: string, password = DEFAULT_PASSWORD) {
    const response = await this.post('/api/v1/auth/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}

export const DEFAULT_PASSWORD = 'correct horse battery';
let sequence = 0;
let defaultHash: Promise<string> | null = null;
/** Hashing costs ~50 ms; the default password is hashed once per test file. */
function hashOfDefault() {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return defaultHash;
}

export interface UserFactoryInput extends Partial<typeof users.$inferInsert> {
  password?: string;
  /** Creates the matching sub-profile. */
  kind?: 'setter' | 'closer' | 'setter_closer' | 'infopreneur';
  finishedProfileSetup?: boolean;
}

/** Inserts a user straight into the database (verified e-mail unless told otherwise). */
export async function createUser(app: App, input: UserFactoryInput = {}) {
  const { password, kind, finishedProfileSetup, ...attrs } = input;
  sequence += 1;
  const passwordHash = await (password ? hashPassword(password) : hashOfDefault());
  const [user] = await app.db
    .insert(users)
    .values({
      email: `user${sequence}-${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Test',
      lastName: `User${sequence}`,
      emailVerifiedAt: new Date(),
      passwordHash,
      ...attrs,
    })
    .returning();
  if (kind) {
    await app.db
      .insert(profiles)
      .values({ userId: user!.id, kind, finishedProfileSetup: finishedProfileSetup ?? true });
  }
  return user!;
}

/** Creates a user and returns a client signed in as them. */
export async function signedInClient(app: App, input: UserFactoryInput = {}) {
  const user = await createUser(app, input);
  const client = new TestClient(app);
  await client.login(user.email, input.password ?? DEFAULT_PASSWORD);
  return { user, client };
}

/** The latest mail sent to an address, with its link. */
export async function lastMailTo(app: App, to: string) {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(mailOutbox.id)
    .then((rows) => rows.slice(-1));
  return mail ?? null;
}

export const tokenFromLink = (link: string | null | undefined) =>
  new URL(link ?? 'http://x').searchParams.get('token') ?? '';
