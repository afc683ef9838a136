import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedInClient, TestClient, type TestContext } from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** An unsafe call that needs a session: 200 when the CSRF check passes and the user is signed in. */
const updateLocation = (client: TestClient, options?: { csrf?: boolean; headers?: Record<string, string> }) =>
  client.request('PUT', '/api/v1/user', { location: 'Nantes' }, options);

describe('CSRF token bound to the session', () => {
  it('issues a new token at login: the token from before signing in is refused afterwards', async () => {
    const user = await createUser(ctx.app);
    const client = new TestClient(ctx.app);
    await client.get('/api/v1/csrf');
    const anonymousToken = client.cookies['XSRF-TOKEN']!;
    await client.login(user.email);
    const sessionToken = client.cookies['XSRF-TOKEN']!;
    expect(sessionToken).not.toBe(anonymousToken);

    const stale = await updateLocation(client, {
      csrf: false,
      headers: { 'x-xsrf-token': anonymousToken, cookie: `XSRF-TOKEN=${anonymousToken}` },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ code: 'E_BAD_CSRF_TOKEN', message: 'Invalid or missing CSRF token' });
    expect((await updateLocation(client)).statusCode).toBe(200);
  });

  it("refuses one session's token with another session's cookie", async () => {
    const { client: alice } = await signedInClient(ctx.app);
    const { client: bob } = await signedInClient(ctx.app);
    const res = await bob.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      payload: { location: 'Lille' },
      cookies: { closia_session: bob.cookies.closia_session!, 'XSRF-TOKEN': alice.cookies['XSRF-TOKEN']! },
      headers: { 'x-xsrf-token': alice.cookies['XSRF-TOKEN']! },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a token already accepted for its session with any other cookie (the check is remembered per session)', async () => {
    const { client: alice } = await signedInClient(ctx.app);
    const { client: bob } = await signedInClient(ctx.app);
    const token = alice.cookies['XSRF-TOKEN']!;
    expect((await updateLocation(alice)).statusCode).toBe(200);
    expect((await updateLocation(alice)).statusCode).toBe(200);
    const withCookies = (cookies: Record<string, string>) =>
      bob.app.inject({
        method: 'PUT',
        url: '/api/v1/user',
        payload: { location: 'Lille' },
        cookies: { ...cookies, 'XSRF-TOKEN': token },
        headers: { 'x-xsrf-token': token },
      });
    expect((await withCookies({ closia_session: bob.cookies.closia_session! })).statusCode).toBe(403);
    expect((await withCookies({})).statusCode).toBe(403);
    expect((await withCookies({ closia_session: 'not-a-session' })).statusCode).toBe(403);
  });

  it('keeps the token across requests of one session, and renews it at logout', async () => {
    const { client } = await signedInClient(ctx.app);
    const token = client.cookies['XSRF-TOKEN'];
    await client.get('/api/v1/user');
    expect((await updateLocation(client)).statusCode).toBe(200);
    expect(client.cookies['XSRF-TOKEN']).toBe(token);
    await client.post('/api/v1/auth/logout');
    expect(client.cookies['XSRF-TOKEN']).not.toBe(token);
    // The anonymous token that logout handed out works for the next sign-in attempt.
    const user = await createUser(ctx.app);
    expect((await client.login(user.email)).statusCode).toBe(200);
  });

  it('answers 401, not a CSRF error, when the session behind a valid token has ended', async () => {
    const { client } = await signedInClient(ctx.app);
    const copy = new TestClient(ctx.app, client.ip);
    Object.assign(copy.cookies, client.cookies);
    await client.post('/api/v1/auth/logout');
    const res = await updateLocation(copy);
    expect(res.statusCode).toBe(401);
    expect(copy.cookies.closia_session).toBeUndefined();
    expect(copy.cookies['XSRF-TOKEN']).toBeTruthy();
  });
});
