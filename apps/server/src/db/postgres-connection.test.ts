import { EventEmitter } from 'node:events';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';

// postgres.js 3.4.9 connection.js, patched (patches/postgres@3.4.9, ADR 013): these run the real
// driver against sockets the test controls (its `socket` option), with no database.

interface FakeSocket extends EventEmitter {
  readyState: string;
  written: Buffer[];
  setKeepAlive(): void;
  write(buffer: Buffer, fn?: () => void): boolean;
  destroy(): void;
  end(): void;
}

function fakeSocket(): FakeSocket {
  const socket = new EventEmitter() as FakeSocket;
  socket.readyState = 'open';
  socket.written = [];
  socket.setKeepAlive = () => {};
  socket.write = (buffer: Buffer) => {
    socket.written.push(Buffer.from(buffer));
    return true;
  };
  socket.destroy = () => {
    socket.readyState = 'closed';
  };
  socket.end = () => {
    socket.readyState = 'closed';
  };
  return socket;
}

/** A pool of one connection whose sockets come from `open(attempt)`. */
function driver(open: (socket: FakeSocket, attempt: number) => void, fetchTypes = false) {
  const sockets: FakeSocket[] = [];
  const sql = postgres({
    host: 'closia.invalid',
    database: 'closia',
    user: 'closia',
    max: 1,
    connect_timeout: 1,
    backoff: () => 0,
    fetch_types: fetchTypes,
    // `socket` is a real option of postgres.js, missing from its types.
    ...({
      socket: () => {
        const socket = fakeSocket();
        sockets.push(socket);
        open(socket, sockets.length);
        return socket;
      },
    } as object),
  });
  return { sql, sockets };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Waits until `done()` holds, up to 2 s: the driver reconnects on timers that a busy machine delays. */
async function until(done: () => boolean) {
  const deadline = Date.now() + 2_000;
  while (!done() && Date.now() < deadline) await settle();
}

describe('postgres.js connection (patched)', () => {
  it('a socket that closes while a small write waits for its flush leaves the connection able to write again', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // The first socket closes before the driver's deferred write (the StartupMessage) runs.
      const { sql, sockets } = driver((socket, attempt) => {
        if (attempt === 1) setImmediate(() => socket.emit('close', false));
      });
      const query = sql`select 1`.execute().catch((error: unknown) => error);
      await until(() => sockets.length >= 2 && sockets[1]!.written.length > 0);
      expect(uncaught).toEqual([]);
      // It connected again and the new StartupMessage reached the new socket: the connection is not
      // left unable to write (upstream: nextWriteTimer stayed set and every reconnect timed out).
      expect(sockets.length).toBeGreaterThanOrEqual(2);
      expect(sockets[1]!.written.length).toBeGreaterThan(0);
      await sql.end({ timeout: 0 });
      await query;
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('a connection ended while it fetches the array types leaves no unhandled rejection', async () => {
    // Upstream dropped the promise of that fetch: ending the connection then (a failover, a
    // shutdown, pg_terminate_backend) rejected it with no handler, and Node ended the process.
    // Vitest fails a run with an unhandled rejection: this test passing is the assertion.
    const { sql, sockets } = driver(() => {}, true);
    const query = sql`select 1`.execute().catch((error: unknown) => error);
    await until(() => sockets.length > 0 && sockets[0]!.written.length > 0);
    const socket = sockets[sockets.length - 1]!;
    // AuthenticationOk, then ReadyForQuery: the driver asks for the array types…
    socket.emit('data', Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]));
    socket.emit('data', Buffer.from([0x5a, 0, 0, 0, 5, 0x49]));
    await tick();
    // …and the connection ends before the answer.
    await sql.end({ timeout: 0 });
    socket.emit('close', false);
    await settle();
    expect(await query).toMatchObject({ code: 'CONNECTION_DESTROYED' });
  });
});
