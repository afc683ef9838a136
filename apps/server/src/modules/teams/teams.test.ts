import type { AddressInfo } from 'node:net';
import type { Team, TeamInvitation, TeamMember } from '@closia/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../db/schema';
import { teamWithMembers } from '../../test/fixtures';
import {
  createTestApp,
  createUser,
  lastMailTo,
  signedInClient,
  TestClient,
  type TestContext,
  tokenFromLink,
} from '../../test/helpers';
import { eventually, liveClient, nextMessage } from '../../test/live-client';
import { givePlan } from '../../test/plans';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const person = (overrides = {}) => signedInClient(ctx.app, { kind: 'closer', ...overrides });

/** A team with a creator, an admin, a member, and an outsider who is none of them. */
async function crew() {
  const [creator, admin, member, outsider] = await Promise.all([person(), person(), person(), person()]);
  const team = await teamWithMembers(
    ctx.app,
    creator.client,
    { name: 'Les Closers du Sud', description: 'Équipe de vente' },
    [
      { user: admin.user, role: 'admin' },
      { user: member.user, role: 'member' },
    ],
  );
  // A team of three that invites a fourth needs its creator on Équipe (Gratuit and Pro: 3 people).
  await givePlan(ctx.app.db, creator.user.id, 'equipe');
  return { team, creator, admin, member, outsider };
}

const statusOf = async (p: Promise<{ statusCode: number }>) => (await p).statusCode;

describe('teams', () => {
  it('creates a team with me as creator and a "Général" chat; refuses bad input and anonymous callers', async () => {
    const { client } = await person();
    const res = await client.post('/api/v1/teams', {
      name: 'Équipe A',
      avatar: 'https://cdn.example.com/a.png',
    });
    expect(res.statusCode).toBe(201);
    const team = res.json() as Team;
    expect(team).toMatchObject({
      name: 'Équipe A',
      myRole: 'creator',
      memberCount: 1,
      avatar: 'https://cdn.example.com/a.png',
    });
    const chats = (await client.get(`/api/v1/teams/${team.id}/chats`)).json().data;
    expect(chats).toEqual([
      expect.objectContaining({ id: team.defaultChatId, name: 'Général', isDefault: true }),
    ]);

    const bad = await client.post('/api/v1/teams', {
      name: 'A',
      avatar: 'pas une url',
      description: 'x'.repeat(2501),
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`)
        .sort(),
    ).toEqual(['avatar:url', 'description:maxLength', 'name:minLength']);
    expect(await statusOf(new TestClient(ctx.app).post('/api/v1/teams', { name: 'Équipe B' }))).toBe(401);
  });

  it('lists my teams only, searchable, and hides a team from non-members (404)', async () => {
    const { team, member, outsider } = await crew();
    const mine = (await member.client.get('/api/v1/teams')).json();
    expect(mine.data.map((t: Team) => t.id)).toEqual([team.id]);
    expect(mine.data[0]).toMatchObject({ myRole: 'member', memberCount: 3 });
    expect((await member.client.get('/api/v1/teams?query=closers sud')).json().data).toHaveLength(1);
    expect((await member.client.get('/api/v1/teams?query=marketing')).json().data).toHaveLength(0);
    expect((await outsider.client.get('/api/v1/teams')).json().data).toEqual([]);
    for (const path of ['', '/members', '/chats', '/events']) {
      expect(await statusOf(outsider.client.get(`/api/v1/teams/${team.id}${path}`))).toBe(404);
    }
  });

  it('lets only the creator change the settings; bad input loses nothing', async () => {
    const { team, creator, admin, member, outsider } = await crew();
    expect(await statusOf(admin.client.put(`/api/v1/teams/${team.id}`, { name: 'Renommée' }))).toBe(403);
    expect(await statusOf(member.client.put(`/api/v1/teams/${team.id}`, { name: 'Renommée' }))).toBe(403);
    expect(await statusOf(outsider.client.put(`/api/v1/teams/${team.id}`, { name: 'Renommée' }))).toBe(404);
    const bad = await creator.client.put(`/api/v1/teams/${team.id}`, { name: '' });
    expect(bad.statusCode).toBe(422);
    expect((await creator.client.get(`/api/v1/teams/${team.id}`)).json().name).toBe('Les Closers du Sud');
    const ok = await creator.client.put(`/api/v1/teams/${team.id}`, { name: 'Renommée', description: null });
    expect(ok.json()).toMatchObject({ name: 'Renommée', description: null });
  });

  it('uploads a team picture (creator), served to its members', async () => {
    const { team, creator, member } = await crew();
    const photo = {
      name: 'team.png',
      type: 'image/png',
      data: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1c7ed6' } })
        .png()
        .toBuffer(),
    };
    expect(await statusOf(member.client.upload(`/api/v1/teams/${team.id}/avatar`, 'photo', photo))).toBe(403);
    const res = await creator.client.upload(`/api/v1/teams/${team.id}/avatar`, 'photo', photo);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar).toMatch(new RegExp(`^/api/v1/teams/${team.id}/avatar\\?v=[a-f0-9]{32}\\.webp$`));
    const served = await member.client.get(avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await creator.client.delete(`/api/v1/teams/${team.id}/avatar`)).json().avatar).toBeNull();
    expect(await statusOf(member.client.get(avatar))).toBe(404);
  });

  it('serves the team picture to members, pending invitees and admins only; others get 404', async () => {
    const { team, creator, member, outsider } = await crew();
    const photo = {
      name: 'team.png',
      type: 'image/png',
      data: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e8590c' } })
        .png()
        .toBuffer(),
    };
    const avatar = (await creator.client.upload(`/api/v1/teams/${team.id}/avatar`, 'photo', photo)).json()
      .avatar as string;
    const byUser = await person();
    const byEmail = await person();
    const invited = async (body: Record<string, unknown>) => {
      const res = await creator.client.post(`/api/v1/teams/${team.id}/invitations`, body);
      expect(res.statusCode).toBe(201);
      return res.json() as TeamInvitation;
    };
    const invitation = await invited({ userId: byUser.user.id });
    await invited({ email: byEmail.user.email });
    const { client: closiaAdmin } = await signedInClient(ctx.app, { admin: true });

    for (const client of [creator.client, member.client, byUser.client, byEmail.client, closiaAdmin]) {
      expect(await statusOf(client.get(avatar))).toBe(200);
    }
    // The outsider sees neither the team nor its picture.
    expect(await statusOf(outsider.client.get(`/api/v1/teams/${team.id}`))).toBe(404);
    const refused = await outsider.client.get(avatar);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'E_NOT_FOUND', message: 'File not found' });
    expect(refused.headers['content-type']).not.toContain('image');
    // An invitation answered no longer shows it.
    await byUser.client.post(`/api/v1/team-invitations/${invitation.id}/decline`);
    expect(await statusOf(byUser.client.get(avatar))).toBe(404);
  });

  it('lets only the creator delete the team; members are told live and cut off', async () => {
    const { team, creator, admin, member } = await crew();
    expect(await statusOf(admin.client.delete(`/api/v1/teams/${team.id}`))).toBe(403);
    expect(await statusOf(member.client.delete(`/api/v1/teams/${team.id}`))).toBe(403);
    const transmit = liveClient(baseUrl, member.client.cookies);
    try {
      const sub = transmit.subscription(`teams/${team.id}`);
      await sub.create();
      const told = nextMessage(sub);
      expect(await statusOf(creator.client.delete(`/api/v1/teams/${team.id}`))).toBe(204);
      expect(await told).toEqual({ type: 'team.changed', teamId: team.id, what: 'deleted' });
      await eventually(() => ctx.app.realtime.hub.subscriberCount(`teams/${team.id}`) === 0);
      expect(await statusOf(member.client.get(`/api/v1/teams/${team.id}`))).toBe(404);
    } finally {
      transmit.close();
    }
  });
});

describe('invitations', () => {
  it('creator and admins invite a user; members may not; the invitee is notified and e-mailed', async () => {
    const { team, creator, admin, member, outsider } = await crew();
    const invitee = await person({ firstName: 'Inès' });
    const other = await createUser(ctx.app, { kind: 'setter' });
    expect(
      await statusOf(member.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: invitee.user.id })),
    ).toBe(403);
    expect(
      await statusOf(
        outsider.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: invitee.user.id }),
      ),
    ).toBe(404);
    const res = await creator.client.post(`/api/v1/teams/${team.id}/invitations`, {
      userId: invitee.user.id,
    });
    expect(res.statusCode).toBe(201);
    const invitation = res.json() as TeamInvitation;
    expect(invitation).toMatchObject({
      status: 'pending',
      invitee: { id: invitee.user.id },
      team: { id: team.id },
    });
    expect(
      await statusOf(admin.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: other.id })),
    ).toBe(201);

    // Invited twice, or a member already: 409.
    expect(
      await statusOf(admin.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: invitee.user.id })),
    ).toBe(409);
    const again = await admin.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: member.user.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'E_CONFLICT', reason: 'ALREADY_IN_TEAM' });
    expect(
      await statusOf(admin.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: 2_000_000 })),
    ).toBe(404);
    const neither = await admin.client.post(`/api/v1/teams/${team.id}/invitations`, {});
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors[0]).toMatchObject({ field: 'userId', rule: 'required' });

    const notified = (await invitee.client.get('/api/v1/notifications')).json().data[0];
    expect(notified).toMatchObject({
      type: 'team_invitation',
      link: `/dashboard/team?invitation=${invitation.id}`,
    });
    expect((await lastMailTo(ctx.app, invitee.user.email))?.subject).toBe(
      "Invitation à rejoindre l'équipe Les Closers du Sud sur Closia",
    );
    expect((await member.client.get(`/api/v1/teams/${team.id}/invitations`)).statusCode).toBe(403);
    expect((await admin.client.get(`/api/v1/teams/${team.id}/invitations`)).json().data).toHaveLength(2);
  });

  it('the invitee accepts and becomes a member; nobody else can answer; an answer is final', async () => {
    const { team, creator, outsider } = await crew();
    const invitee = await person();
    const invitation = (
      await creator.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: invitee.user.id })
    ).json() as TeamInvitation;
    expect(
      (await invitee.client.get('/api/v1/team-invitations')).json().data.map((i: TeamInvitation) => i.id),
    ).toEqual([invitation.id]);
    expect(await statusOf(outsider.client.post(`/api/v1/team-invitations/${invitation.id}/accept`))).toBe(
      404,
    );
    expect(await statusOf(outsider.client.get(`/api/v1/team-invitations/${invitation.id}`))).toBe(404);
    const accepted = await invitee.client.post(`/api/v1/team-invitations/${invitation.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: team.id, myRole: 'member', memberCount: 4 });
    expect(await statusOf(invitee.client.post(`/api/v1/team-invitations/${invitation.id}/decline`))).toBe(
      409,
    );
    expect((await creator.client.get('/api/v1/notifications')).json().data[0]).toMatchObject({
      type: 'team_invitation_accepted',
    });
  });

  it('declines and cancels', async () => {
    const { team, creator, admin } = await crew();
    const [a, b] = await Promise.all([person(), person()]);
    const first = (
      await creator.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: a.user.id })
    ).json();
    const declined = await a.client.post(`/api/v1/team-invitations/${first.id}/decline`);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(await statusOf(a.client.get(`/api/v1/teams/${team.id}`))).toBe(404);
    const second = (
      await creator.client.post(`/api/v1/teams/${team.id}/invitations`, { userId: b.user.id })
    ).json();
    expect(await statusOf(admin.client.delete(`/api/v1/teams/${team.id}/invitations/${second.id}`))).toBe(
      204,
    );
    const late = await b.client.post(`/api/v1/team-invitations/${second.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().reason).toBe('INVITATION_ANSWERED');
  });

  it('invites an e-mail without an account: mailed, then waiting for the verified account registered with it', async () => {
    const { team, creator } = await crew();
    const email = `nouvelle.recrue.${Date.now()}@example.com`;
    const res = await creator.client.post(`/api/v1/teams/${team.id}/invitations`, {
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, invitee: null });
    const mail = await lastMailTo(ctx.app, email);
    expect(mail?.text).toContain('/auth/sign-up');
    expect(await statusOf(creator.client.post(`/api/v1/teams/${team.id}/invitations`, { email }))).toBe(409);

    // Registered but not verified yet: the invitation is not theirs yet.
    const newcomer = await signedInClient(ctx.app, { kind: 'setter', email, emailVerifiedAt: null });
    expect((await newcomer.client.get('/api/v1/team-invitations')).json().data).toEqual([]);
    await ctx.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, newcomer.user.id));
    await ctx.app.sessions.invalidateUser(newcomer.user.id);
    const mine = (await newcomer.client.get('/api/v1/team-invitations')).json().data;
    expect(mine).toHaveLength(1);
    expect((await newcomer.client.post(`/api/v1/team-invitations/${mine[0].id}/accept`)).statusCode).toBe(
      200,
    );
  });

  it('mails a sign-up link carrying the invitation; the account that verifies the address finds it', async () => {
    const { team, creator } = await crew();
    const email = `lien.invitation.${Date.now()}@example.com`;
    const invited = await creator.client.post(`/api/v1/teams/${team.id}/invitations`, { email });
    const invitation = invited.json() as TeamInvitation;
    const mail = await lastMailTo(ctx.app, email);
    const link = new URL(mail!.link!);
    expect(link.pathname).toBe('/auth/sign-up');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('invitation')!;
    expect(token).toMatch(new RegExp(`^${invitation.id}\\.[\\w-]+$`));
    expect(mail!.text).toContain(mail!.link!);

    // The sign-up page reads who invites to what, before there is an account.
    const visitor = new TestClient(ctx.app);
    const preview = (value: string) =>
      visitor.get(`/api/v1/team-invitations/preview?token=${encodeURIComponent(value)}`);
    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      team: { name: team.name },
      invitedBy: `${creator.user.firstName} ${creator.user.lastName}`,
      email,
    });
    // A forged token, or one moved to another invitation: 404, like a malformed one.
    const signature = token.split('.')[1]!;
    const forged = `${invitation.id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, `${invitation.id + 1}.${signature}`, 'abc', '']) {
      const res = await preview(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'Invitation not found' });
    }

    // Signed up with the address: the invitation waits for its verification, then is theirs.
    const newcomer = new TestClient(ctx.app);
    const registered = await newcomer.post('/api/v1/auth/register', {
      email,
      password: 'un-mot-de-passe-solide',
      firstName: 'Nina',
      lastName: 'Recrue',
      role: 'setter',
    });
    expect(registered.statusCode).toBe(201);
    expect((await newcomer.get('/api/v1/team-invitations')).json().data).toEqual([]);
    const verification = await lastMailTo(ctx.app, email);
    const verified = await newcomer.post('/api/v1/auth/verify-email', {
      token: tokenFromLink(verification?.link),
    });
    expect(verified.statusCode).toBe(200);
    const mine = (await newcomer.get('/api/v1/team-invitations')).json().data;
    expect(mine).toMatchObject([{ id: invitation.id, team: { name: team.name }, status: 'pending' }]);
    // Once answered, the link shows it no more.
    expect((await newcomer.post(`/api/v1/team-invitations/${invitation.id}/accept`)).statusCode).toBe(200);
    expect((await preview(token)).statusCode).toBe(404);
  });
});

describe('roles, removal, leaving and transfer', () => {
  it('only the creator changes roles; the creator role is transferred, not assigned', async () => {
    const { team, creator, admin, member } = await crew();
    const url = `/api/v1/teams/${team.id}/members/${member.user.id}`;
    expect(await statusOf(admin.client.put(url, { role: 'admin' }))).toBe(403);
    expect(await statusOf(member.client.put(url, { role: 'admin' }))).toBe(403);
    const bad = await creator.client.put(url, { role: 'creator' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'role', rule: 'enum' });
    const ok = await creator.client.put(url, { role: 'admin' });
    expect(ok.json()).toMatchObject({ role: 'admin', user: { id: member.user.id } });
    expect((await member.client.get('/api/v1/notifications')).json().data[0].type).toBe('team_role_changed');
    expect(
      await statusOf(
        creator.client.put(`/api/v1/teams/${team.id}/members/${creator.user.id}`, { role: 'member' }),
      ),
    ).toBe(409);
  });

  it('an admin removes members but not admins nor the creator; a member removes nobody', async () => {
    const { team, creator, admin, member } = await crew();
    const other = await person();
    await ctx.app.db.insert(teamMembers).values({ teamId: team.id, userId: other.user.id, role: 'member' });
    expect(await statusOf(member.client.delete(`/api/v1/teams/${team.id}/members/${other.user.id}`))).toBe(
      403,
    );
    expect(await statusOf(admin.client.delete(`/api/v1/teams/${team.id}/members/${creator.user.id}`))).toBe(
      403,
    );
    const secondAdmin = await person();
    await ctx.app.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: secondAdmin.user.id, role: 'admin' });
    expect(
      await statusOf(admin.client.delete(`/api/v1/teams/${team.id}/members/${secondAdmin.user.id}`)),
    ).toBe(403);
    expect(await statusOf(admin.client.delete(`/api/v1/teams/${team.id}/members/${other.user.id}`))).toBe(
      204,
    );
    expect(
      await statusOf(creator.client.delete(`/api/v1/teams/${team.id}/members/${secondAdmin.user.id}`)),
    ).toBe(204);
    expect(await statusOf(creator.client.delete(`/api/v1/teams/${team.id}/members/${other.user.id}`))).toBe(
      404,
    );
    expect((await other.client.get('/api/v1/notifications')).json().data[0].type).toBe('team_member_removed');
  });

  it('a removed member loses access at once, live subscriptions included', async () => {
    const { team, creator, member } = await crew();
    const chat = `teams/${team.id}/chats/${team.defaultChatId}`;
    const transmit = liveClient(baseUrl, member.client.cookies);
    try {
      const sub = transmit.subscription(chat);
      await sub.create();
      expect(ctx.app.realtime.hub.subscriberCount(chat)).toBe(1);
      expect(
        await statusOf(creator.client.delete(`/api/v1/teams/${team.id}/members/${member.user.id}`)),
      ).toBe(204);
      expect(ctx.app.realtime.hub.subscriberCount(chat)).toBe(0);
      const received: unknown[] = [];
      sub.onMessage((m) => received.push(m));
      await creator.client.post(`/api/v1/teams/${team.id}/chats/${team.defaultChatId}/messages`, {
        body: 'Après son départ',
      });
      expect(
        await statusOf(member.client.get(`/api/v1/teams/${team.id}/chats/${team.defaultChatId}/messages`)),
      ).toBe(404);
      // Subscribing again is refused too.
      const again = await member.client.post('/api/v1/__transmit/subscribe', {
        uid: transmit.uid,
        channel: chat,
      });
      expect(again.statusCode).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([]);
    } finally {
      transmit.close();
    }
  });

  it('members leave; the creator must transfer first, to a member only', async () => {
    const { team, creator, admin, member, outsider } = await crew();
    expect(await statusOf(member.client.delete(`/api/v1/teams/${team.id}/members/${member.user.id}`))).toBe(
      204,
    );
    expect(await statusOf(member.client.get(`/api/v1/teams/${team.id}`))).toBe(404);
    const leave = await creator.client.delete(`/api/v1/teams/${team.id}/members/${creator.user.id}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().reason).toBe('CREATOR_CANNOT_LEAVE');
    const notCreator = await admin.client.post(`/api/v1/teams/${team.id}/transfer`, {
      userId: admin.user.id,
    });
    expect(notCreator.statusCode).toBe(403);
    expect(notCreator.json().reason).toBe('ROLE_REQUIRED');
    const notMember = await creator.client.post(`/api/v1/teams/${team.id}/transfer`, {
      userId: outsider.user.id,
    });
    expect(notMember.statusCode).toBe(422);
    expect(notMember.json().errors[0]).toMatchObject({ field: 'userId', rule: 'exists' });
    const moved = await creator.client.post(`/api/v1/teams/${team.id}/transfer`, { userId: admin.user.id });
    expect(moved.json()).toMatchObject({ myRole: 'admin', creator: { id: admin.user.id } });
    const roles = (await admin.client.get(`/api/v1/teams/${team.id}/members`)).json().data as TeamMember[];
    expect(roles.map((m) => [m.user.id, m.role])).toEqual([
      [admin.user.id, 'creator'],
      [creator.user.id, 'admin'],
    ]);
    expect(await statusOf(creator.client.delete(`/api/v1/teams/${team.id}/members/${creator.user.id}`))).toBe(
      204,
    );
  });
});

describe('team chats', () => {
  it('admins manage chats, members write, the default chat stays', async () => {
    const { team, admin, member, outsider } = await crew();
    expect(await statusOf(member.client.post(`/api/v1/teams/${team.id}/chats`, { name: 'Closing' }))).toBe(
      403,
    );
    const created = await admin.client.post(`/api/v1/teams/${team.id}/chats`, { name: 'Closing' });
    expect(created.statusCode).toBe(201);
    const chatId = created.json().id as number;
    expect(await statusOf(admin.client.post(`/api/v1/teams/${team.id}/chats`, { name: 'x' }))).toBe(422);
    expect(
      (await admin.client.put(`/api/v1/teams/${team.id}/chats/${chatId}`, { name: 'Objections' })).json()
        .name,
    ).toBe('Objections');
    expect(
      await statusOf(member.client.put(`/api/v1/teams/${team.id}/chats/${chatId}`, { name: 'Autre' })),
    ).toBe(403);
    const general = await admin.client.delete(`/api/v1/teams/${team.id}/chats/${team.defaultChatId}`);
    expect(general.statusCode).toBe(409);
    expect(general.json()).toEqual({
      code: 'E_CONFLICT',
      message: 'The default chat cannot be deleted',
      reason: 'DEFAULT_CHAT',
    });

    const posted = await member.client.post(`/api/v1/teams/${team.id}/chats/${chatId}/messages`, {
      body: 'Bonjour équipe',
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      chatId,
      conversationId: null,
      body: 'Bonjour équipe',
      sender: { id: member.user.id },
    });
    const long = await member.client.post(`/api/v1/teams/${team.id}/chats/${chatId}/messages`, {
      body: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0]).toMatchObject({ field: 'body', rule: 'maxLength' });
    expect(
      await statusOf(
        outsider.client.post(`/api/v1/teams/${team.id}/chats/${chatId}/messages`, { body: 'Intrus' }),
      ),
    ).toBe(404);
    // A chat of another team through this team's path: 404.
    const other = (await outsider.client.post('/api/v1/teams', { name: 'Autre équipe' })).json() as Team;
    expect(
      await statusOf(member.client.get(`/api/v1/teams/${team.id}/chats/${other.defaultChatId}/messages`)),
    ).toBe(404);
    const page = (await admin.client.get(`/api/v1/teams/${team.id}/chats/${chatId}/messages`)).json();
    expect(page.data.map((m: { body: string }) => m.body)).toEqual(['Bonjour équipe']);
    expect(await statusOf(admin.client.delete(`/api/v1/teams/${team.id}/chats/${chatId}`))).toBe(204);
  });

  it('delivers chat messages live to members and refuses a non-member subscription', async () => {
    const { team, member, admin, outsider } = await crew();
    const channel = `teams/${team.id}/chats/${team.defaultChatId}`;
    const failures: number[] = [];
    const memberLive = liveClient(baseUrl, member.client.cookies);
    const outsiderLive = liveClient(baseUrl, outsider.client.cookies, {
      onSubscribeFailed: (r) => failures.push(r.status),
    });
    try {
      const sub = memberLive.subscription(channel);
      await sub.create();
      const arrived = nextMessage(sub);
      await admin.client.post(`/api/v1/teams/${team.id}/chats/${team.defaultChatId}/messages`, {
        body: 'Réunion à 14 h',
      });
      expect(await arrived).toMatchObject({ type: 'message.created', message: { body: 'Réunion à 14 h' } });
      const spy = outsiderLive.subscription(channel);
      await spy.create();
      expect(spy.isCreated).toBe(false);
      const teamSpy = outsiderLive.subscription(`teams/${team.id}`);
      await teamSpy.create();
      expect(teamSpy.isCreated).toBe(false);
      expect(failures).toEqual([404, 404]);
    } finally {
      memberLive.close();
      outsiderLive.close();
    }
  });
});

describe('team events', () => {
  const tomorrow = (hours: number) => new Date(Date.now() + 24 * 3600_000 + hours * 3600_000).toISOString();

  it('any member adds an event, the others are notified; its author, the creator and admins change it', async () => {
    const { team, creator, admin, member, outsider } = await crew();
    const body = {
      name: 'Point hebdo',
      startTime: tomorrow(0),
      endTime: tomorrow(1),
      location: 'Visio',
      link: 'https://meet.example.com/x',
    };
    expect(await statusOf(outsider.client.post(`/api/v1/teams/${team.id}/events`, body))).toBe(404);
    const res = await member.client.post(`/api/v1/teams/${team.id}/events`, body);
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({ name: 'Point hebdo', createdBy: { id: member.user.id } });
    for (const other of [creator, admin]) {
      expect((await other.client.get('/api/v1/notifications')).json().data[0]).toMatchObject({
        type: 'team_event',
      });
    }
    expect((await member.client.get('/api/v1/notifications')).json().data).toEqual([]);

    const backwards = await member.client.post(`/api/v1/teams/${team.id}/events`, {
      ...body,
      endTime: tomorrow(-1),
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors[0]).toMatchObject({ field: 'endTime', rule: 'after' });
    const url = `/api/v1/teams/${team.id}/events/${event.id}`;
    const badMove = await member.client.put(url, { endTime: tomorrow(-2) });
    expect(badMove.statusCode).toBe(422);
    expect((await member.client.get(url)).json().endTime).toBe(event.endTime);

    const anotherMember = await person();
    await ctx.app.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: anotherMember.user.id, role: 'member' });
    const notMine = await anotherMember.client.put(url, { name: 'Pas à moi' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().reason).toBe('ROLE_REQUIRED');
    expect((await admin.client.put(url, { name: 'Point hebdo (décalé)' })).json().name).toBe(
      'Point hebdo (décalé)',
    );
    expect(await statusOf(anotherMember.client.delete(url))).toBe(403);

    const ics = await member.client.get(`${url}/event.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.body).toContain('SUMMARY:Point hebdo (décalé)');
    expect(ics.body).toContain(`UID:team-event-${event.id}@localhost`);
    expect(await statusOf(outsider.client.get(`${url}/event.ics`))).toBe(404);

    expect((await member.client.get(`/api/v1/teams/${team.id}/events`)).json().data).toHaveLength(1);
    const past = `/api/v1/teams/${team.id}/events?to=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`;
    expect((await member.client.get(past)).json().data).toEqual([]);
    expect(await statusOf(member.client.delete(url))).toBe(204);
  });
});

describe('admin teams', () => {
  it('lists, opens and deletes any team for admins only', async () => {
    const { team, creator } = await crew();
    const admin = await signedInClient(ctx.app, { admin: true });
    expect(await statusOf(creator.client.get('/api/v1/admin/teams'))).toBe(403);
    expect(await statusOf(creator.client.delete(`/api/v1/admin/teams/${team.id}`))).toBe(403);
    const list = (await admin.client.get('/api/v1/admin/teams?query=closers')).json();
    expect(list.data.map((t: Team) => t.id)).toContain(team.id);
    const detail = (await admin.client.get(`/api/v1/admin/teams/${team.id}`)).json();
    expect(detail).toMatchObject({ id: team.id, myRole: null, memberCount: 3 });
    expect(detail.members).toHaveLength(3);
    expect(await statusOf(admin.client.delete(`/api/v1/admin/teams/${team.id}`))).toBe(204);
    expect(await statusOf(creator.client.get(`/api/v1/teams/${team.id}`))).toBe(404);
    expect(await statusOf(admin.client.get(`/api/v1/admin/teams/${team.id}`))).toBe(404);
  });
});
