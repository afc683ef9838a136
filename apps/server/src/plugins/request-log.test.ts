import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, LogCapture, signedInClient, type TestContext } from '../test/helpers';

describe('request log', () => {
  const log = new LogCapture();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ logLevel: 'info' }, { log });
  });
  afterAll(() => ctx.close());

  it('writes one line per API request with method, path, status, duration and user; nothing else at info', async () => {
    const { user, client } = await signedInClient(ctx.app);
    log.lines.length = 0;
    await client.get('/api/v1/user?token=secret-value');
    await ctx.app.inject({ url: '/health' });
    await ctx.app.inject({ url: '/assets/index-abc.js' });

    const requests = log.lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/user', status: 200, userId: user.id });
    expect(typeof requests[0]!.durationMs).toBe('number');
    expect(log.text).not.toContain('secret-value');
    expect(log.lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual(
      [],
    );
  });
});

describe('request log at debug', () => {
  const log = new LogCapture();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ logLevel: 'debug' }, { log });
  });
  afterAll(() => ctx.close());

  it('also lists probes and static files, one line each', async () => {
    log.lines.length = 0;
    await ctx.app.inject({ url: '/health' });
    const requests = log.lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ path: '/health', status: 200, level: 20, userId: null });
  });
});
