import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { setClock } from '../lib/clock';
import { enqueue, registerJobHandlers } from '../lib/jobs';
import { createTestApp, LogCapture, type TestContext } from '../test/helpers';

const ran: string[] = [];
registerJobHandlers({
  plugin_test: async (job) => {
    ran.push(job.key ?? '');
  },
});

const until = async (check: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

let t: TestContext | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  ran.length = 0;
  setClock(null);
});

// Each test builds its app (slow on a loaded machine).
describe('jobs plugin', { timeout: 90_000 }, () => {
  it('polls the queue once soon after start, then every JOBS_POLL_MS', async () => {
    t = await createTestApp({ jobsPollMs: 60_000 });
    await enqueue(t.app.db, { kind: 'plugin_test', key: 'at-start', runAt: new Date(Date.now() - 1000) });
    // Only the first poll (1 s after start) can run it: the next is a minute away.
    expect(await until(() => ran.length > 0)).toBe(true);
    expect(ran).toEqual(['at-start']);
  });

  it('survives a database outage (logged, retried at the next tick) and stops polling on close', async () => {
    const log = new LogCapture();
    t = await createTestApp({ jobsPollMs: 30, logLevel: 'warn' }, { log });
    const db = t.app.db;
    const transaction = db.transaction.bind(db);
    let calls = 0;
    let down = true;
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      calls++;
      if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return transaction(...args);
    }) as typeof db.transaction;
    expect(await until(() => log.text.includes('jobs poll failed'))).toBe(true);
    const failedPolls = calls;
    expect(await until(() => calls > failedPolls + 2)).toBe(true);

    down = false;
    await enqueue(t.app.db, { kind: 'plugin_test', key: 'after-outage', runAt: new Date(Date.now() - 1000) });
    expect(await until(() => ran.includes('after-outage'))).toBe(true);

    await t.close();
    t = null;
    const afterClose = calls;
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toBe(afterClose);
  });

  it('JOBS_POLL_MS=0: the instance does not poll; app.runDueJobs() still runs them', async () => {
    t = await createTestApp({ jobsPollMs: 0 });
    await enqueue(t.app.db, { kind: 'plugin_test', key: 'manual', runAt: new Date(Date.now() - 1000) });
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).toEqual([]);
    expect(await t.app.runDueJobs()).toBe(1);
    expect(ran).toEqual(['manual']);
  });
});

describe('JOBS_POLL_MS', () => {
  const env = { APP_KEY: 'k'.repeat(32), DATABASE_URL: 'postgres://localhost/x', WEB_DIST: '/nonexistent' };
  it('defaults to 15 s, 0 turns polling off, anything else is refused', () => {
    expect(loadConfig(env).jobsPollMs).toBe(15_000);
    expect(loadConfig({ ...env, JOBS_POLL_MS: '0' }).jobsPollMs).toBe(0);
    expect(loadConfig({ ...env, JOBS_POLL_MS: '2000' }).jobsPollMs).toBe(2000);
    expect(() => loadConfig({ ...env, JOBS_POLL_MS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, JOBS_POLL_MS: 'often' })).toThrow(/JOBS_POLL_MS/);
  });
});
