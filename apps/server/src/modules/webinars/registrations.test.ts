import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  deals,
  missions,
  notifications,
  prospectActivities,
  prospects,
  services,
  webinarRegistrations,
} from '../../db/schema';
import { setClock } from '../../lib/clock';
import { createTestApp, signedInClient, type TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => setClock(null));

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const validWebinar = (patch: Record<string, unknown> = {}) => ({
  title: 'Les appels de découverte',
  startTime: inHours(48),
  durationMinutes: 60,
  description: 'Une heure pour apprendre à mener un appel de découverte qui qualifie vraiment le prospect.',
  platform: 'google_meet',
  platformUrl: 'https://meet.google.com/abc-defg-hij',
  language: 'fr',
  price: 0,
  ...patch,
});

const infopreneur = () => signedInClient(ctx.app, { kind: 'infopreneur' });
const member = () => signedInClient(ctx.app, { kind: 'closer' });

async function created(client: TestClient, patch: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/webinars', validWebinar(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string };
}

const registrationRow = async (webinarId: number, userId: number) =>
  (
    await ctx.app.db
      .select()
      .from(webinarRegistrations)
      .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, userId)))
  )[0];

describe('POST /api/v1/webinars/{id}/registrations', () => {
  it('registers with a personal join link and the platform link; twice is 409', async () => {
    const { client: owner } = await infopreneur();
    const webinar = await created(owner);
    const { client } = await member();
    const res = await client.post(`/api/v1/webinars/${webinar.id}/registrations`, {
      consentToContact: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      webinarId: webinar.id,
      consentToContact: false,
      platformUrl: 'https://meet.google.com/abc-defg-hij',
      attendedAt: null,
    });
    expect(res.json().joinUrl).toMatch(/\/w\/[\w-]{20,}$/);
    const again = await client.post(`/api/v1/webinars/${webinar.id}/registrations`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('WEBINAR_ALREADY_REGISTERED');
    expect((await client.get(`/api/v1/webinars/${webinar.id}`)).json()).toMatchObject({
      registered: true,
      registrationCount: 1,
    });
  });

  it('refuses with the reason: registration closed, full, over, paid', async () => {
    const { user, client: owner } = await infopreneur();
    const closed = await created(owner, { isRegistrationOpen: false });
    const full = await created(owner, { capacity: 1 });
    const soon = await created(owner, { startTime: inHours(1) });
    const { client } = await member();
    const { client: second } = await member();
    const reasonOf = async (c: TestClient, id: number) => {
      const res = await c.post(`/api/v1/webinars/${id}/registrations`, {});
      expect(res.statusCode).toBe(422);
      return res.json().reason;
    };
    expect(await reasonOf(client, closed.id)).toBe('WEBINAR_REGISTRATION_CLOSED');
    expect((await client.post(`/api/v1/webinars/${full.id}/registrations`, {})).statusCode).toBe(201);
    expect(await reasonOf(second, full.id)).toBe('WEBINAR_FULL');
    setClock(() => new Date(Date.now() + 3 * HOUR));
    expect(await reasonOf(client, soon.id)).toBe('WEBINAR_OVER');
    setClock(null);
    const { givePlan } = await import('../../test/plans');
    await givePlan(ctx.app.db, user.id, 'pro');
    const paid = await created(owner, { price: 49 });
    expect(await reasonOf(client, paid.id)).toBe('WEBINAR_PAYMENT_REQUIRED');
    expect((await client.post('/api/v1/webinars/999999/registrations', {})).statusCode).toBe(404);
  });

  it('unregisters (204), then 404 with its reason', async () => {
    const { client: owner } = await infopreneur();
    const webinar = await created(owner);
    const { client } = await member();
    await client.post(`/api/v1/webinars/${webinar.id}/registrations`, {});
    expect((await client.delete(`/api/v1/webinars/${webinar.id}/registrations`)).statusCode).toBe(204);
    const again = await client.delete(`/api/v1/webinars/${webinar.id}/registrations`);
    expect(again.statusCode).toBe(404);
    expect(again.json().reason).toBe('WEBINAR_NOT_REGISTERED');
  });
});

describe('★ registrants become leads', () => {
  it('without consent nothing reaches the owner: no prospect, no e-mail in the list', async () => {
    const { user: owner, client: ownerClient } = await infopreneur();
    const webinar = await created(ownerClient);
    const { user, client } = await member();
    await client.post(`/api/v1/webinars/${webinar.id}/registrations`, { consentToContact: false });
    expect(await ctx.app.db.select().from(prospects).where(eq(prospects.ownerId, owner.id))).toEqual([]);
    const list = (await ownerClient.get(`/api/v1/webinars/${webinar.id}/registrations`)).json();
    expect(list.data).toEqual([expect.objectContaining({ consentToContact: false, prospectId: null })]);
    expect(list.data[0].user).toMatchObject({ id: user.id, email: null });
  });

  it('with consent the owner (keep) gets a prospect with the field, an activity due the day after, and a live notification', async () => {
    const { user: owner, client: ownerClient } = await infopreneur();
    const webinar = await created(ownerClient);
    const { user, client } = await member();
    await client.post(`/api/v1/webinars/${webinar.id}/registrations`, { consentToContact: true });
    const [prospect] = await ctx.app.db.select().from(prospects).where(eq(prospects.ownerId, owner.id));
    expect(prospect).toMatchObject({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      customFields: { Webinaire: webinar.title },
    });
    const [activity] = await ctx.app.db
      .select()
      .from(prospectActivities)
      .where(eq(prospectActivities.prospectId, prospect!.id));
    expect(activity!.title).toBe(`Inscrit au webinaire « ${webinar.title} »`);
    const end = new Date(validWebinar().startTime).getTime() + HOUR;
    expect(Math.abs(activity!.dueAt.getTime() - (end + 24 * HOUR))).toBeLessThan(60_000);
    const [note] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'webinar_lead')));
    expect(note?.link).toBe(`/dashboard/prospects/${prospect!.id}`);
    const list = (await ownerClient.get(`/api/v1/webinars/${webinar.id}/registrations`)).json();
    expect(list.data[0]).toMatchObject({
      prospectId: prospect!.id,
      user: { email: user.email },
      leadOwner: { id: owner.id },
    });
  });

  it('round robin shares the leads among the setters accepted on the offer’s missions, fewest first', async () => {
    const { user: owner, client: ownerClient } = await infopreneur();
    const [service] = await ctx.app.db
      .insert(services)
      .values({
        infopreneurId: owner.id,
        name: 'Formation prospection',
        description: 'Une formation à la prospection',
        price: 997,
        commissionRate: 20,
        link: 'https://exemple.fr/formation',
        duration: 10,
        locationType: 'online',
        validationStatus: 'approved',
      })
      .returning();
    const [mission] = await ctx.app.db
      .insert(missions)
      .values({
        infopreneurId: owner.id,
        serviceId: service!.id,
        title: 'Setter pour ma formation',
        missionType: 'setter',
        status: 'published',
      })
      .returning();
    const { user: setterA } = await signedInClient(ctx.app, { kind: 'setter' });
    const { user: setterB } = await signedInClient(ctx.app, { kind: 'setter_closer' });
    const { user: closer } = await signedInClient(ctx.app, { kind: 'closer' });
    const { user: pending } = await signedInClient(ctx.app, { kind: 'setter' });
    await ctx.app.db.insert(applications).values([
      { missionId: mission!.id, userId: setterA.id, status: 'accepted' },
      { missionId: mission!.id, userId: setterB.id, status: 'accepted' },
      { missionId: mission!.id, userId: closer.id, status: 'accepted' },
      { missionId: mission!.id, userId: pending.id, status: 'pending' },
    ]);
    const webinar = await created(ownerClient, { serviceId: service!.id, leadMode: 'round_robin' });
    for (let i = 0; i < 4; i++) {
      const { client } = await member();
      expect(
        (await client.post(`/api/v1/webinars/${webinar.id}/registrations`, { consentToContact: true }))
          .statusCode,
      ).toBe(201);
    }
    const owners = (
      await ctx.app.db
        .select({ ownerId: prospects.ownerId })
        .from(webinarRegistrations)
        .innerJoin(prospects, eq(prospects.id, webinarRegistrations.prospectId))
        .where(eq(webinarRegistrations.webinarId, webinar.id))
    ).map((r) => r.ownerId);
    expect(owners.sort()).toEqual([setterA.id, setterA.id, setterB.id, setterB.id].sort());
  });

  it('withdrawing consent or unregistering removes the prospect while it has no deal; with a deal it stays', async () => {
    const { user: owner, client: ownerClient } = await infopreneur();
    const webinar = await created(ownerClient);
    const { user, client } = await member();
    await client.post(`/api/v1/webinars/${webinar.id}/registrations`, { consentToContact: true });
    const first = (await registrationRow(webinar.id, user.id))!.prospectId!;
    const withdrawn = await client.patch(`/api/v1/webinars/${webinar.id}/registrations`, {
      consentToContact: false,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await ctx.app.db.select().from(prospects).where(eq(prospects.id, first))).toEqual([]);

    await client.patch(`/api/v1/webinars/${webinar.id}/registrations`, { consentToContact: true });
    const second = (await registrationRow(webinar.id, user.id))!.prospectId!;
    await ctx.app.db.insert(deals).values({ title: 'Vente', prospectId: second, ownerId: owner.id });
    expect((await client.delete(`/api/v1/webinars/${webinar.id}/registrations`)).statusCode).toBe(204);
    expect(await ctx.app.db.select().from(prospects).where(eq(prospects.id, second))).toHaveLength(1);
  });
});

describe('the owner’s registrants and their CSV', () => {
  it('only the owner or an admin sees them; the CSV has a BOM, `;` and neutralised formulas', async () => {
    const { client: ownerClient } = await infopreneur();
    const webinar = await created(ownerClient);
    const { client } = await signedInClient(ctx.app, { kind: 'closer', firstName: '=HYPERLINK("x")' });
    await client.post(`/api/v1/webinars/${webinar.id}/registrations`, { consentToContact: true });
    expect((await client.get(`/api/v1/webinars/${webinar.id}/registrations`)).statusCode).toBe(403);
    const { client: stranger } = await infopreneur();
    expect((await stranger.get(`/api/v1/webinars/${webinar.id}/registrations?format=csv`)).statusCode).toBe(
      403,
    );
    const csv = await ownerClient.get(`/api/v1/webinars/${webinar.id}/registrations?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFNom;E-mail;')).toBe(true);
    expect(csv.body).toContain(`'=HYPERLINK`);
    const { client: admin } = await signedInClient(ctx.app, { admin: true });
    expect((await admin.get(`/api/v1/webinars/${webinar.id}/registrations`)).json().meta.total).toBe(1);
  });
});

describe('join link, calendar and replay', () => {
  it('/w/{token} records the first join near the start, adds the activity to the lead and redirects to the platform', async () => {
    const { client: ownerClient } = await infopreneur();
    const webinar = await created(ownerClient, { startTime: inHours(2) });
    const { user, client } = await member();
    const joinUrl = (
      await client.post(`/api/v1/webinars/${webinar.id}/registrations`, { consentToContact: true })
    ).json().joinUrl as string;
    const path = new URL(joinUrl).pathname;
    const early = await ctx.app.inject({ method: 'GET', url: path });
    expect(early.statusCode).toBe(302);
    expect(early.headers.location).toContain(`/app/our-webinars/${webinar.id}`);
    expect((await registrationRow(webinar.id, user.id))!.attendedAt).toBeNull();

    setClock(() => new Date(Date.now() + 2 * HOUR + 5 * 60_000));
    const live = await ctx.app.inject({ method: 'GET', url: path });
    expect(live.headers.location).toBe('https://meet.google.com/abc-defg-hij');
    const row = await registrationRow(webinar.id, user.id);
    expect(row!.attendedAt).not.toBeNull();
    const activities = await ctx.app.db
      .select()
      .from(prospectActivities)
      .where(eq(prospectActivities.prospectId, row!.prospectId!));
    expect(activities.map((a) => a.title)).toContain('A assisté au webinaire');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/w/not-a-real-token-at-all' })).headers.location,
    ).toContain('/app/our-webinars');
  });

  it('calendar.ics: the platform link only for registrants', async () => {
    const { client: ownerClient } = await infopreneur();
    const webinar = await created(ownerClient);
    const { client } = await member();
    const { client: other } = await member();
    await client.post(`/api/v1/webinars/${webinar.id}/registrations`, {});
    const mine = await client.get(`/api/v1/webinars/${webinar.id}/calendar.ics`);
    expect(mine.headers['content-type']).toContain('text/calendar');
    expect(mine.body).toContain('BEGIN:VEVENT');
    expect(mine.body).toMatch(/LOCATION:.*\/w\//);
    const theirs = await other.get(`/api/v1/webinars/${webinar.id}/calendar.ics`);
    expect(theirs.body).not.toContain('meet.google.com');
  });

  it('replay: registrants and the owner after the end, embedded privately; others 403, before the end 404', async () => {
    const { client: ownerClient } = await infopreneur();
    const webinar = await created(ownerClient, {
      startTime: inHours(1),
      hasReplay: true,
      replayUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const { client } = await member();
    const { client: other } = await member();
    await client.post(`/api/v1/webinars/${webinar.id}/registrations`, {});
    const early = await client.get(`/api/v1/webinars/${webinar.id}/replay`);
    expect(early.statusCode).toBe(404);
    expect(early.json().reason).toBe('WEBINAR_REPLAY_UNAVAILABLE');
    setClock(() => new Date(Date.now() + 3 * HOUR));
    expect((await client.get(`/api/v1/webinars/${webinar.id}/replay`)).json()).toMatchObject({
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    const refused = await other.get(`/api/v1/webinars/${webinar.id}/replay`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('WEBINAR_REPLAY_REGISTRANTS_ONLY');
    expect((await ownerClient.get(`/api/v1/webinars/${webinar.id}/replay`)).statusCode).toBe(200);
    expect((await other.get(`/api/v1/webinars/${webinar.id}`)).json().replayUrl).toBeNull();
  });
});
