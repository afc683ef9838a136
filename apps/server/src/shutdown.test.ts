import { type AddressInfo, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase } from './db/client';

// On an embedded database of its own whatever the suite's: the PostgreSQL lane (DATABASE_URL set)
// would repeat it unchanged.
describe.skipIf(Boolean(process.env.DATABASE_URL))('graceful shutdown', () => {
  it('lets a running request finish, using the database, before the database closes', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await database.migrate();
    const app = await buildApp(testConfig(), { database });
    app.get('/slow', async () => {
      await database.rows('select pg_sleep(0.3)');
      const [row] = await database.rows<{ n: number }>('select 41 + 1 as n');
      return { n: row?.n };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 42 });
    await closing;
    // Closed afterwards: new connections are refused and the database is shut.
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    await expect(database.rows('select 1')).rejects.toThrow();
  });

  it('a busy keep-alive client gets answers or 503 while closing, never a database error', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await database.migrate();
    const app = await buildApp(testConfig(), { database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const statuses: number[] = [];
    const refusals: unknown[] = [];
    let stop = false;
    const client = (async () => {
      while (!stop) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/missions`);
          statuses.push(res.status);
          const body = await res.json();
          if (res.status === 503) refusals.push(body);
        } catch {
          break; // connection refused once closed
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await app.close();
    const closeMs = Date.now() - started;
    stop = true;
    await client;

    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // The refusals of a server shutting down are in the envelope, like every other answer.
    for (const body of refusals) expect(body).toMatchObject({ code: 'E_SERVICE_UNAVAILABLE' });
    expect(closeMs).toBeLessThan(10_000);
  });

  it('a request that arrives while the server closes gets the 503 envelope, with Connection: close', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await database.migrate();
    const app = await buildApp(testConfig(), { database });
    let release = () => {};
    app.get('/hold', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { held: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // One kept-alive connection: /hold is running when the close begins, and the next request
    // comes on the same connection during the close, as a browser's would.
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /hold HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('GET /api/v1/missions HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await ended;
    const [first, second] = answer.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'E_SERVICE_UNAVAILABLE',
      message: 'Le serveur redémarre : réessayez dans quelques instants.',
    });
    await closing;
  });
});
