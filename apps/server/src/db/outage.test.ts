import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, type OwnPostgres, startOwnPostgres } from '../test/own-postgres';
import { HttpClient, type ServerProcess, startServerProcess } from '../test/server-process';

/**
 * The real server on a PostgreSQL of the test's own, under load, while that database drops its
 * connections and then stops: the process stays alive, every answer comes within 2 s as 200 or
 * a 503 envelope (never a 500 or a hang), and everything recovers by itself once it is back.
 */
const bin = findPostgresBin();

type Answer = { status: number; ms: number; code?: string; retryAfter: string | null; path: string };

describe.skipIf(!bin)('database outage (own PostgreSQL, real server process)', () => {
  let pg: OwnPostgres;
  let server: ServerProcess;
  const users: HttpClient[] = [];

  beforeAll(async () => {
    pg = await startOwnPostgres();
    server = await startServerProcess({
      DATABASE_URL: pg.url,
      RATE_LIMIT: '0',
      // Every request goes to the database: no answer kept in memory hides the outage.
      SESSION_CACHE_TTL_MS: '0',
      SEARCH_CACHE_TTL_MS: '0',
      CRM_CACHE_TTL_MS: '0',
    });
    for (let i = 0; i < 4; i++) {
      const client = new HttpClient(server.url);
      const res = await client.request('POST', '/api/v1/auth/register', {
        email: `outage${i}@example.fr`,
        password: 'motdepasse-solide',
        firstName: 'Panne',
        lastName: `Numéro${i}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      users.push(client);
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    pg?.destroy();
  });

  /** `clients` loops of reads and writes for `ms`; every answer recorded. */
  async function load(ms: number, clients = 20): Promise<Answer[]> {
    const answers: Answer[] = [];
    const until = Date.now() + ms;
    let n = 0;
    await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const client = users[i % users.length]!;
        while (Date.now() < until) {
          n += 1;
          const pick = n % 5;
          const [method, path, body] =
            pick === 0
              ? (['PUT', '/api/v1/user', { lastName: `Numéro${n % 97}` }] as const)
              : pick === 1
                ? (['GET', '/health', undefined] as const)
                : pick === 2
                  ? (['GET', '/api/v1/missions?query=vente', undefined] as const)
                  : (['GET', '/api/v1/user', undefined] as const);
          try {
            const res = await client.request(method, path, body);
            answers.push({
              status: res.status,
              ms: res.ms,
              code: (res.body as { code?: string } | null)?.code,
              retryAfter: res.headers.get('retry-after'),
              path: `${method} ${path}`,
            });
          } catch (error) {
            answers.push({
              status: 0,
              ms: 15_000,
              code: String(error),
              retryAfter: null,
              path: `${method} ${path}`,
            });
          }
        }
      }),
    );
    return answers;
  }

  const summary = (answers: Answer[]) =>
    JSON.stringify(
      answers
        .filter((a) => a.status !== 200 && a.status !== 503)
        .slice(0, 5)
        .concat(answers.filter((a) => a.ms >= 2000).slice(0, 5)),
    );

  it('survives its connections being terminated under load: 200 or 503, never 500', async () => {
    const running = load(4000);
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 400));
      pg.terminateConnections();
    }
    const answers = await running;
    expect(server.alive(), server.output()).toBe(true);
    expect(answers.length).toBeGreaterThan(50);
    const bad = answers.filter((a) => a.status !== 200 && a.status !== 503);
    expect(bad, summary(answers)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.code).toBe('E_SERVICE_UNAVAILABLE');
      expect(a.retryAfter).toMatch(/^\d+$/);
    }
    // Most requests found a fresh connection (a dropped one that had not run the query is retried).
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(answers.length / 2);
  });

  it('answers 503 within 2 s while the database is stopped, and recovers within 5 s of its return', async () => {
    const running = load(5000);
    await new Promise((r) => setTimeout(r, 500));
    pg.stop('fast');
    const stoppedAt = Date.now();
    const answers = await running;
    expect(server.alive(), server.output()).toBe(true);
    const during = answers.filter((a) => a.status !== 200);
    expect(during.length).toBeGreaterThan(20);
    expect(
      answers.filter((a) => a.status !== 200 && a.status !== 503),
      summary(answers),
    ).toEqual([]);
    expect(
      answers.filter((a) => a.ms >= 2000),
      summary(answers),
    ).toEqual([]);
    for (const a of during) {
      expect(a.code).toBe('E_SERVICE_UNAVAILABLE');
      expect(a.retryAfter).toMatch(/^\d+$/);
    }

    // /health says so at once, and keeps saying so.
    const client = new HttpClient(server.url);
    for (let i = 0; i < 3; i++) {
      const health = await client.request('GET', '/health');
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(2000);
    }
    // A write while the database is down says that nothing was saved (the connection was refused).
    const write = await users[0]!.request('PUT', '/api/v1/user', { lastName: 'Inchangé' });
    expect(write.status).toBe(503);
    expect(write.ms).toBeLessThan(2000);
    expect(String(write.body.message)).toMatch(/indisponible/i);
    expect(Date.now() - stoppedAt).toBeGreaterThan(1000);
    // A streamed export reads its first lines before it answers: an outage is a 503, not a cut file.
    const exported = await users[0]!.request('GET', '/api/v1/commissions/export');
    expect(exported.status).toBe(503);
    expect(exported.ms).toBeLessThan(2000);

    pg.start();
    const back = Date.now();
    let recovered = -1;
    while (Date.now() - back < 10_000) {
      const [health, me] = await Promise.all([
        client.request('GET', '/health'),
        users[1]!.request('GET', '/api/v1/user'),
      ]);
      if (health.status === 200 && me.status === 200) {
        recovered = Date.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered, server.output()).toBeGreaterThanOrEqual(0);
    expect(recovered).toBeLessThan(5000);
    // And under load: a whole second in which every request succeeds starts within 5 s of the return
    // (the first moments may still meet a connection the stop had cut).
    let steadyFrom = -1;
    let last: Answer[] = [];
    while (Date.now() - back < 10_000) {
      const windowStart = Date.now() - back;
      last = await load(1000, 10);
      if (last.length > 0 && last.every((a) => a.status === 200)) {
        steadyFrom = windowStart;
        break;
      }
    }
    expect(
      steadyFrom,
      summary(last) + JSON.stringify(last.filter((a) => a.status !== 200).slice(0, 5)),
    ).toBeGreaterThanOrEqual(0);
    expect(steadyFrom).toBeLessThan(5000);
    expect(server.alive()).toBe(true);
  });

  it('survives an immediate stop (connections dropped like a crash) and comes back', async () => {
    const running = load(3000);
    await new Promise((r) => setTimeout(r, 500));
    pg.stop('immediate');
    const answers = await running;
    expect(server.alive(), server.output()).toBe(true);
    expect(
      answers.filter((a) => a.status !== 200 && a.status !== 503),
      summary(answers),
    ).toEqual([]);
    expect(
      answers.filter((a) => a.ms >= 2000),
      summary(answers),
    ).toEqual([]);
    pg.start();
    const client = new HttpClient(server.url);
    const back = Date.now();
    while (Date.now() - back < 10_000) {
      if ((await client.request('GET', '/health')).status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Date.now() - back).toBeLessThan(5000);
    expect(server.alive()).toBe(true);
  });
});
