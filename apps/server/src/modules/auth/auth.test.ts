import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, profiles, sessions, tokens, userActivities, users } from '../../db/schema';
import { afterReplySettled } from '../../lib/after-reply';
import {
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  lastMailTo,
  signedInClient,
  TestClient,
  type TestContext,
  tokenFromLink,
} from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ipSeq = 0;
/** A client from its own IP, so per-IP rate limits of one test never touch another. */
const freshClient = () => new TestClient(ctx.app, `10.0.0.${++ipSeq}`);

const validRegistration = (over: Record<string, unknown> = {}) => ({
  email: `new${Math.random().toString(36).slice(2)}@example.com`,
  password: 'motdepasse-solide',
  firstName: 'Jeanne',
  lastName: 'Martin',
  ...over,
});

const activities = async (userId: number) =>
  (await ctx.app.db.select().from(userActivities).where(eq(userActivities.userId, userId))).map(
    (a) => a.action,
  );

describe('POST /api/v1/auth/register', () => {
  it('creates the account, signs the user in, sends the verification mail and logs the activity', async () => {
    const client = freshClient();
    const input = validRegistration({ email: 'Nouvelle.Setter@Example.com', role: 'setter-closer' });
    const res = await client.post('/api/v1/auth/register', input);

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      email: 'nouvelle.setter@example.com',
      firstName: 'Jeanne',
      lastName: 'Martin',
      fullName: 'Jeanne Martin',
      emailVerified: false,
      admin: false,
      role: 'setter-closer',
      setter: null,
      closer: null,
      infopreneur: null,
      setterCloser: { finishedProfileSetup: false },
    });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|googleAccessToken|argon2/);

    const cookie = res.cookies.find((c) => c.name === 'closia_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await client.get('/api/v1/user')).json().id).toBe(body.id);

    const mail = await lastMailTo(ctx.app, 'nouvelle.setter@example.com');
    expect(mail?.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/auth\/verify-email\?token=/);
    expect(await activities(body.id)).toEqual(['register']);
  });

  it('answers 422 with one entry per failing field and the rule catalogue messages', async () => {
    const res = await freshClient().post('/api/v1/auth/register', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      errors: [
        { field: 'email', rule: 'required', message: 'The email field must be defined' },
        { field: 'password', rule: 'required', message: 'The password field must be defined' },
        { field: 'firstName', rule: 'required', message: 'The firstName field must be defined' },
        { field: 'lastName', rule: 'required', message: 'The lastName field must be defined' },
      ],
    });
  });

  it.each([
    [
      { email: 'not-an-email' },
      { field: 'email', rule: 'email', message: 'The email field must be a valid email address' },
    ],
    [{ email: `${'a'.repeat(65)}@example.com` }, { field: 'email', rule: 'email' }],
    [
      { password: '1234567' },
      {
        field: 'password',
        rule: 'minLength',
        message: 'The password field must have at least 8 characters',
        meta: { min: 8 },
      },
    ],
    [
      { firstName: ' J ' },
      {
        field: 'firstName',
        rule: 'minLength',
        message: 'The firstName field must have at least 2 characters',
      },
    ],
    [
      { lastName: 'x'.repeat(51) },
      {
        field: 'lastName',
        rule: 'maxLength',
        message: 'The lastName field must not be greater than 50 characters',
      },
    ],
    [{ role: 'admin' }, { field: 'role', rule: 'enum', message: 'The selected role is invalid' }],
  ])('rejects %j', async (override, expected) => {
    const res = await freshClient().post('/api/v1/auth/register', validRegistration(override));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining(expected)]);
  });

  it('accepts names at the boundaries (2 and 50 characters, trimmed)', async () => {
    const res = await freshClient().post(
      '/api/v1/auth/register',
      validRegistration({ firstName: '  Li  ', lastName: 'x'.repeat(50), password: '12345678' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().firstName).toBe('Li');
  });

  it('refuses an e-mail already taken, whatever its case, and keeps the first account intact', async () => {
    const existing = await createUser(ctx.app, { email: 'taken@example.com' });
    const res = await freshClient().post(
      '/api/v1/auth/register',
      validRegistration({ email: 'TAKEN@example.com' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'email', rule: 'unique', message: 'The email has already been taken' },
    ]);
    const [still] = await ctx.app.db.select().from(users).where(eq(users.id, existing.id));
    expect(still?.passwordHash).toBe(existing.passwordHash);
  });

  it('links the referrer from an affiliation code and refuses an unknown one', async () => {
    const referrer = await createUser(ctx.app, { affiliationCode: 'PARRAIN1' });
    const ok = await freshClient().post(
      '/api/v1/auth/register',
      validRegistration({ affiliationCode: 'parrain1' }),
    );
    expect(ok.json().referrerId).toBe(referrer.id);

    const bad = await freshClient().post(
      '/api/v1/auth/register',
      validRegistration({ affiliationCode: 'NOPE' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { field: 'affiliationCode', rule: 'exists', message: 'The selected affiliationCode is invalid' },
    ]);
  });

  it('requires the CSRF header', async () => {
    const client = freshClient();
    await client.get('/api/v1/csrf');
    const res = await client.post('/api/v1/auth/register', validRegistration(), { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'E_BAD_CSRF_TOKEN', message: 'Invalid or missing CSRF token' });
  });

  it('refuses a forged CSRF token that matches a forged cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: validRegistration(),
      cookies: { 'XSRF-TOKEN': 'forged.value' },
      headers: { 'x-xsrf-token': 'forged.value' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits sign-ups per IP (429 with Retry-After)', async () => {
    const client = freshClient();
    for (let i = 0; i < 30; i++) await client.post('/api/v1/auth/register', { email: 'bad' });
    const res = await client.post('/api/v1/auth/register', validRegistration());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'E_TOO_MANY_REQUESTS',
      message: 'Too many requests. Please try again later.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/v1/auth/login', () => {
  it('signs in, rotates the session id and logs the activity', async () => {
    const user = await createUser(ctx.app);
    const client = freshClient();
    await client.login(user.email);
    const first = client.cookies.closia_session;
    const res = await client.login(user.email.toUpperCase());
    expect(res.json()).toMatchObject({ id: user.id, email: user.email });
    expect(client.cookies.closia_session).not.toBe(first);

    // The previous session is gone: only the rotated one remains.
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    const stale = new TestClient(ctx.app);
    stale.cookies.closia_session = first!;
    expect((await stale.get('/api/v1/user')).statusCode).toBe(401);
    expect(await activities(user.id)).toEqual(['login', 'login']);
  });

  it('answers the same 400 for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(ctx.app);
    const wrong = await freshClient().post('/api/v1/auth/login', {
      email: user.email,
      password: 'wrong-password',
    });
    const unknown = await freshClient().post('/api/v1/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'E_INVALID_CREDENTIALS', message: 'Invalid user credentials' });
      expect(res.cookies.find((c) => c.name === 'closia_session')).toBeUndefined();
    }
  });

  it('answers 422 for missing fields', async () => {
    const res = await freshClient().post('/api/v1/auth/login', { email: 'a@b.fr' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'password', rule: 'required', message: 'The password field must be defined' },
    ]);
  });

  it('requires the CSRF header', async () => {
    const client = freshClient();
    await client.get('/api/v1/csrf');
    const res = await client.post('/api/v1/auth/login', { email: 'a@b.fr', password: 'x' }, { csrf: false });
    expect(res.statusCode).toBe(403);
  });

  const attempt = (client: TestClient, email: string, password = 'wrong-password') =>
    client.post('/api/v1/auth/login', { email, password });

  /** Moves the clock the limits read (Date only: timers, the database and argon2 keep real time). */
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('slows a source down after 5 wrong passwords with a growing wait, at most 5 minutes, never a lock-out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = await createUser(ctx.app);
      const guesser = freshClient();
      for (let i = 0; i < 5; i++) expect((await attempt(guesser, user.email)).statusCode).toBe(400);
      const waits: number[] = [];
      // 10 rounds: under the 30 attempts a minute of one address (a Redis window keeps real time).
      for (let i = 0; i < 10; i++) {
        const slowed = await attempt(guesser, user.email, DEFAULT_PASSWORD);
        expect(slowed.statusCode).toBe(429);
        expect(slowed.json()).toEqual({
          code: 'E_TOO_MANY_REQUESTS',
          message: 'Too many requests. Please try again later.',
        });
        const wait = Number(slowed.headers['retry-after']);
        waits.push(wait);
        later(wait * 1000);
        expect((await attempt(guesser, user.email)).statusCode).toBe(400);
      }
      // 1 s, 2 s, 4 s … doubling, capped at 5 minutes.
      expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
      expect(Math.max(...waits)).toBe(300);
      // The owner behind the same address waits at most those 5 minutes for the right password.
      const lastWait = Number((await attempt(guesser, user.email, DEFAULT_PASSWORD)).headers['retry-after']);
      expect(lastWait).toBeLessThanOrEqual(300);
      later(lastWait * 1000);
      expect((await attempt(guesser, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
      // From another address nothing waited at all.
      expect((await attempt(freshClient(), user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('slows guessing from many addresses per account (at most 15 minutes), warns the owner, never locks out their browser', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = await createUser(ctx.app);
      const owner = freshClient();
      await owner.login(user.email);
      expect(owner.cookies.closia_device).toBeTruthy();
      await owner.post('/api/v1/auth/logout');

      // 20 failures over 4 addresses, each under its own free failures: the account's are used up.
      for (let source = 0; source < 4; source++) {
        const botnet = freshClient();
        for (let i = 0; i < 5; i++) expect((await attempt(botnet, user.email)).statusCode).toBe(400);
      }
      const warning = await lastMailTo(ctx.app, user.email);
      expect(warning?.subject).toBe('Tentatives de connexion inhabituelles sur votre compte');

      // The attack goes on from ever new addresses: each try waits longer, up to 15 minutes.
      let wait = 0;
      for (let i = 0; i < 14; i++) {
        const stranger = await attempt(freshClient(), user.email, DEFAULT_PASSWORD);
        expect(stranger.statusCode).toBe(429);
        wait = Number(stranger.headers['retry-after']);
        expect(wait).toBeLessThanOrEqual(15 * 60);
        later(wait * 1000);
        expect((await attempt(freshClient(), user.email)).statusCode).toBe(400);
      }
      expect(wait).toBe(15 * 60);
      // One warning, not one per guess.
      const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
      expect(mails.filter((m) => m.subject.startsWith('Tentatives'))).toHaveLength(1);

      // The owner's browser signs in at once; a new device of theirs after at most 15 minutes.
      expect((await attempt(owner, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
      const newDevice = freshClient();
      const slowed = await attempt(newDevice, user.email, DEFAULT_PASSWORD);
      expect(slowed.statusCode).toBe(429);
      later(Number(slowed.headers['retry-after']) * 1000);
      expect((await attempt(newDevice, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);

      // A device cookie is signed for one e-mail: it gives nothing for another account.
      const other = await createUser(ctx.app);
      const borrowed = freshClient();
      borrowed.cookies.closia_device = owner.cookies.closia_device!;
      for (let i = 0; i < 5; i++) await attempt(borrowed, other.email);
      expect((await attempt(borrowed, other.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits attempts per IP', async () => {
    const client = freshClient();
    for (let i = 0; i < 30; i++)
      await client.post('/api/v1/auth/login', { email: `x${i}@example.com`, password: 'p' });
    const res = await client.post('/api/v1/auth/login', { email: 'y@example.com', password: 'p' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a suspended account', async () => {
    const user = await createUser(ctx.app, { suspendedAt: new Date() });
    const res = await freshClient().post('/api/v1/auth/login', {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E_FORBIDDEN');
    expect(res.json().reason).toBe('ACCOUNT_SUSPENDED');
  });
});

describe('POST /api/v1/auth/logout and GET /api/v1/user', () => {
  it('answers 401 in the error envelope when anonymous', async () => {
    const res = await freshClient().get('/api/v1/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'E_UNAUTHORIZED_ACCESS', message: 'Unauthorized access' });
  });

  it('ends the session and clears the cookie', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const res = await client.post('/api/v1/auth/logout');
    expect(res.statusCode).toBe(204);
    expect(client.cookies.closia_session).toBeUndefined();
    expect((await client.get('/api/v1/user')).statusCode).toBe(401);
    expect(await activities(user.id)).toEqual(['login', 'logout']);
  });

  it('requires the CSRF header, so another site cannot sign a user out', async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post('/api/v1/auth/logout', undefined, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await client.get('/api/v1/user')).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  /** Asks for a reset link, and waits for what is done after the answer (the e-mail). */
  const forgot = async (client: TestClient, email: string) => {
    const res = await client.post('/api/v1/auth/forgot-password', { email });
    await afterReplySettled();
    return res;
  };

  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const user = await createUser(ctx.app);
    const known = await forgot(freshClient(), user.email);
    const unknown = await forgot(freshClient(), 'ghost@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect((await lastMailTo(ctx.app, user.email))?.subject).toBe('Réinitialisation de votre mot de passe');
    expect(await lastMailTo(ctx.app, 'ghost@example.com')).toBeNull();
    expect(await activities(user.id)).toEqual(['forgot-password']);
  });

  it('takes the same steps for an unknown address as for a known one: the answer comes before any lookup', async () => {
    const user = await createUser(ctx.app);
    // The mail server hangs: a known address's answer must not wait for its e-mail.
    let release = () => {};
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = vi.spyOn(ctx.app.mailer, 'send').mockImplementation(() => hanging);
    let mailed: string[] = [];
    try {
      const ask = (email: string) => freshClient().post('/api/v1/auth/forgot-password', { email });
      const timeout = new Promise<never>((_resolve, reject) => {
        setTimeout(() => reject(new Error('the answer waited for the e-mail')), 5000).unref();
      });
      const [known, unknown] = await Promise.race([
        Promise.all([ask(user.email), ask('nobody-here@example.com')]),
        timeout,
      ]);
      // One answer, byte for byte and header for header (the date and the new CSRF token aside).
      const comparable = (res: typeof known) => {
        const { date: _date, 'set-cookie': _cookie, ...headers } = res.headers;
        return { status: res.statusCode, body: res.body, headers };
      };
      expect(comparable(known)).toEqual(comparable(unknown));
      expect(known.statusCode).toBe(202);
    } finally {
      release();
      await afterReplySettled();
      mailed = send.mock.calls.map(([mail]) => mail.to);
      send.mockRestore();
    }
    // After the answers, the work ran for both: only the real account was mailed.
    expect(mailed).toEqual([user.email]);
    expect(await activities(user.id)).toEqual(['forgot-password']);
  });

  it('answers 422 for a malformed e-mail and 403 without CSRF', async () => {
    const res = await forgot(freshClient(), 'nope');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'email', rule: 'email' });
    const client = freshClient();
    await client.get('/api/v1/csrf');
    expect(
      (await client.post('/api/v1/auth/forgot-password', { email: 'a@b.fr' }, { csrf: false })).statusCode,
    ).toBe(403);
  });

  it('limits requests per e-mail', async () => {
    const user = await createUser(ctx.app);
    for (let i = 0; i < 5; i++) expect((await forgot(freshClient(), user.email)).statusCode).toBe(202);
    expect((await forgot(freshClient(), user.email)).statusCode).toBe(429);
  });

  it('limits requests per IP', async () => {
    const client = freshClient();
    for (let i = 0; i < 10; i++) await forgot(client, `someone${i}@example.com`);
    expect((await forgot(client, 'another@example.com')).statusCode).toBe(429);
  });

  it('resets with the mailed token once, ends every session, and the old password stops working', async () => {
    const { user, client: otherDevice } = await signedInClient(ctx.app);
    await forgot(freshClient(), user.email);
    const token = tokenFromLink((await lastMailTo(ctx.app, user.email))?.link);

    const body = { token, password: 'un-nouveau-mot', passwordConfirmation: 'un-nouveau-mot' };
    const res = await freshClient().post('/api/v1/auth/reset-password', body);
    expect(res.statusCode).toBe(200);
    expect((await otherDevice.get('/api/v1/user')).statusCode).toBe(401);

    const old = await freshClient().post('/api/v1/auth/login', {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(old.statusCode).toBe(400);
    await freshClient().login(user.email, 'un-nouveau-mot');

    const again = await freshClient().post('/api/v1/auth/reset-password', body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'E_INVALID_TOKEN', message: 'Invalid or expired token' });
    expect(await activities(user.id)).toContain('reset-password');
  });

  it('refuses a token older than one hour', async () => {
    const user = await createUser(ctx.app);
    await forgot(freshClient(), user.email);
    const token = tokenFromLink((await lastMailTo(ctx.app, user.email))?.link);
    await ctx.app.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.userId, user.id));
    const res = await freshClient().post('/api/v1/auth/reset-password', {
      token,
      password: 'un-nouveau-mot',
      passwordConfirmation: 'un-nouveau-mot',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 422 when the confirmation differs or the password is short, and keeps the token usable', async () => {
    const user = await createUser(ctx.app);
    await forgot(freshClient(), user.email);
    const token = tokenFromLink((await lastMailTo(ctx.app, user.email))?.link);
    const res = await freshClient().post('/api/v1/auth/reset-password', {
      token,
      password: 'court',
      passwordConfirmation: 'autre',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'password', rule: 'minLength' }),
      expect.objectContaining({ field: 'passwordConfirmation', rule: 'sameAs' }),
    ]);
    const ok = await freshClient().post('/api/v1/auth/reset-password', {
      token,
      password: 'assez-long',
      passwordConfirmation: 'assez-long',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/change-password', () => {
  const body = {
    currentPassword: DEFAULT_PASSWORD,
    password: 'tout-nouveau',
    passwordConfirmation: 'tout-nouveau',
  };

  it('is refused when anonymous', async () => {
    const res = await freshClient().post('/api/v1/auth/change-password', body);
    expect(res.statusCode).toBe(401);
  });

  it('requires the current password', async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post('/api/v1/auth/change-password', { ...body, currentPassword: 'wrong-one' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'currentPassword', rule: 'currentPassword', message: 'The current password is incorrect' },
    ]);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const other = freshClient();
    await other.login(user.email);
    expect((await client.post('/api/v1/auth/change-password', body)).statusCode).toBe(200);
    expect((await client.get('/api/v1/user')).statusCode).toBe(200);
    expect((await other.get('/api/v1/user')).statusCode).toBe(401);
    await freshClient().login(user.email, 'tout-nouveau');
    expect(await activities(user.id)).toContain('change_password');
  });

  it('answers 422 for a short new password and 403 without CSRF', async () => {
    const { client } = await signedInClient(ctx.app);
    const short = await client.post('/api/v1/auth/change-password', {
      ...body,
      password: 'x',
      passwordConfirmation: 'x',
    });
    expect(short.statusCode).toBe(422);
    expect((await client.post('/api/v1/auth/change-password', body, { csrf: false })).statusCode).toBe(403);
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed token, once', async () => {
    const client = freshClient();
    const reg = await client.post('/api/v1/auth/register', validRegistration());
    const { id, email } = reg.json();
    const token = tokenFromLink((await lastMailTo(ctx.app, email))?.link);

    const res = await freshClient().post('/api/v1/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/v1/user')).json().emailVerified).toBe(true);
    expect(await activities(id)).toContain('email-verified');

    const again = await freshClient().post('/api/v1/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('E_INVALID_TOKEN');
  });

  it('answers 400 for an unknown token and 422 without one', async () => {
    expect((await freshClient().post('/api/v1/auth/verify-email', { token: 'nope' })).statusCode).toBe(400);
    const res = await freshClient().post('/api/v1/auth/verify-email', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'token', rule: 'required', message: 'The token field must be defined' },
    ]);
  });

  it('resends to an unverified signed-in user only; the older link stops working', async () => {
    expect((await freshClient().post('/api/v1/auth/verify-email/resend')).statusCode).toBe(401);

    const client = freshClient();
    const { email } = (await client.post('/api/v1/auth/register', validRegistration())).json();
    const first = tokenFromLink((await lastMailTo(ctx.app, email))?.link);
    expect((await client.post('/api/v1/auth/verify-email/resend')).statusCode).toBe(202);
    const second = tokenFromLink((await lastMailTo(ctx.app, email))?.link);
    expect(second).not.toBe(first);
    expect((await freshClient().post('/api/v1/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await freshClient().post('/api/v1/auth/verify-email', { token: second })).statusCode).toBe(200);
    expect((await client.post('/api/v1/auth/verify-email/resend')).json()).toEqual({
      message: 'Email already verified',
    });
  });
});

describe('registration roles', () => {
  it.each([
    ['setter', 'setter'],
    ['closer', 'closer'],
    ['infopreneur', 'infopreneur'],
    ['setter-closer', 'setter_closer'],
  ])('role %s creates an unfinished %s profile', async (role, kind) => {
    const res = await freshClient().post('/api/v1/auth/register', validRegistration({ role }));
    const [profile] = await ctx.app.db.select().from(profiles).where(eq(profiles.userId, res.json().id));
    expect(profile).toMatchObject({ kind, finishedProfileSetup: false });
  });

  it('without a role creates no profile (user type unknown)', async () => {
    const res = await freshClient().post('/api/v1/auth/register', validRegistration());
    expect(res.json()).toMatchObject({
      role: null,
      setter: null,
      closer: null,
      setterCloser: null,
      infopreneur: null,
    });
  });
});
