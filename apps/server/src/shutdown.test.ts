import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase } from './db/client';

describe('graceful shutdown', () => {
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
    let stop = false;
    const client = (async () => {
      while (!stop) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/health`);
          statuses.push(res.status);
          await res.arrayBuffer();
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
    expect(closeMs).toBeLessThan(10_000);
  });
});
