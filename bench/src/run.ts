/**
 * `npm run bench`: measures the app on loopback with autocannon and prints figures, never asserts.
 * Scenario 1: authenticated GET /api/v1/user (session lookup + user + profile + unread count)
 * against a bare node:http server answering a fixed JSON body of the same size: the ratio says
 * what the framework, session and database cost over the wire floor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@closia/server/app';
import { hashPassword } from '@closia/server/auth';
import { loadConfig } from '@closia/server/config';
import { users } from '@closia/server/db/schema';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // Warm-up, then the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2, workers: 1 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, workers: 1 });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'closia-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
  });
  const app = await buildApp({
    ...config,
    ...(process.env.BENCH_MEMORY ? { database: { kind: 'pglite' as const, dataDir: 'memory' } } : {}),
    rateLimit: false,
    webDist: null,
  });
  await app.db.insert(users).values({
    email: 'bench@example.com',
    firstName: 'Bench',
    lastName: 'User',
    passwordHash: await hashPassword('bench-password'),
    emailVerifiedAt: new Date(),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const csrf = await fetch(`${base}/api/v1/csrf`);
  const xsrf = csrf.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!;
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': xsrf.split('=')[1]! },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const session = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('closia_session='))!
    .split(';')[0]!;
  const cookie = `${session}; ${xsrf}`;
  const body = await (await fetch(`${base}/api/v1/user`, { headers: { cookie } })).text();

  const bare = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  const barePort = await listen(bare);

  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per scenario, loopback, load generated in a worker thread\n`,
  );
  const floor = await measure('bare node:http, fixed JSON', `http://127.0.0.1:${barePort}/`);
  const user = await measure('GET /api/v1/user (authenticated)', `${base}/api/v1/user`, { cookie });

  const rows = [floor, user].map((f) => ({
    scenario: f.name,
    'req/s': Math.round(f.rps),
    'p50 ms': f.p50,
    'p99 ms': f.p99,
    'errors/non-2xx': `${f.errors}/${f.non2xx}`,
  }));
  console.table(rows);
  console.log(
    `ratio GET /api/v1/user ÷ bare: ${(user.rps / floor.rps).toFixed(3)} (response ${body.length} bytes)`,
  );
  console.log(
    `rss after run: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB (server and bare server process)`,
  );

  // Let the load generator's last in-flight requests finish before the database closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  bare.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
