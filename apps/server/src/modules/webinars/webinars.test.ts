import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, services, webinars } from '../../db/schema';
import { setClock } from '../../lib/clock';
import {
  createTestApp,
  lastMailTo,
  signedInClient,
  type TestClient,
  type TestContext,
} from '../../test/helpers';
import { givePlan } from '../../test/plans';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => setClock(null));

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const validWebinar = (patch: Record<string, unknown> = {}) => ({
  title: 'Réussir ses appels de closing',
  startTime: inHours(48),
  durationMinutes: 60,
  timezone: 'Europe/Paris',
  description:
    'Une heure pour apprendre à conduire un appel de closing du début à la fin, avec des exemples.',
  platform: 'zoom',
  platformUrl: 'https://zoom.us/j/123456789',
  language: 'fr',
  price: 0,
  speakers: [{ name: 'Claire Martin', bio: 'Closeuse depuis 8 ans' }],
  agenda: [{ title: 'Accueil', duration: 10 }],
  resources: [{ title: 'Support', url: 'https://exemple.fr/support.pdf', type: 'pdf' }],
  interactiveElements: ['Questions-réponses'],
  ...patch,
});

const offer = {
  description: 'Une formation au closing',
  price: 997,
  commissionRate: 20,
  link: 'https://exemple.fr/formation',
  duration: 10,
  locationType: 'online',
  validationStatus: 'approved',
};

const infopreneur = () => signedInClient(ctx.app, { kind: 'infopreneur' });
const setter = () => signedInClient(ctx.app, { kind: 'setter' });

async function created(client: TestClient, patch: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/webinars', validWebinar(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/v1/webinars', () => {
  it('creates a webinar with every field; the owner sees the platform link', async () => {
    const { user, client } = await infopreneur();
    const body = await created(client, { capacity: 50 });
    expect(body).toMatchObject({
      userId: user.id,
      owner: { id: user.id },
      title: 'Réussir ses appels de closing',
      phase: 'upcoming',
      platform: 'zoom',
      platformUrl: 'https://zoom.us/j/123456789',
      capacity: 50,
      placesLeft: 50,
      registrationCount: 0,
      registered: false,
      canManage: true,
      leadMode: 'keep',
      speakers: [{ name: 'Claire Martin', bio: 'Closeuse depuis 8 ans', photoUrl: null }],
    });
    expect(new Date(body.endTime).getTime() - new Date(body.startTime).getTime()).toBe(60 * 60_000);
  });

  it('refuses freelancers (403), a start in the past, an unknown time zone and too short a description (422)', async () => {
    const { client: freelancer } = await setter();
    expect((await freelancer.post('/api/v1/webinars', validWebinar())).json().reason).toBe(
      'INFOPRENEUR_ONLY',
    );
    const { client } = await infopreneur();
    const past = await client.post('/api/v1/webinars', validWebinar({ startTime: inHours(-1) }));
    expect(past.statusCode).toBe(422);
    expect(past.json().reason).toBe('WEBINAR_IN_PAST');
    const zone = await client.post('/api/v1/webinars', validWebinar({ timezone: 'Europe/Atlantide' }));
    expect(zone.statusCode).toBe(422);
    expect(zone.json().errors[0].field).toBe('timezone');
    expect(
      (await client.post('/api/v1/webinars', validWebinar({ description: 'Trop court' }))).statusCode,
    ).toBe(422);
    expect((await client.post('/api/v1/webinars', validWebinar({ durationMinutes: 500 }))).statusCode).toBe(
      422,
    );
  });

  it('sells only an approved offer of the owner, and round-robin leads need one', async () => {
    const { user, client } = await infopreneur();
    const { user: other } = await infopreneur();
    const [mine, theirs] = await ctx.app.db
      .insert(services)
      .values([
        { ...offer, infopreneurId: user.id, name: 'Ma formation' },
        { ...offer, infopreneurId: other.id, name: 'Autre' },
      ])
      .returning();
    expect((await created(client, { serviceId: mine!.id })).service).toEqual({
      id: mine!.id,
      name: 'Ma formation',
    });
    const foreign = await client.post('/api/v1/webinars', validWebinar({ serviceId: theirs!.id }));
    expect(foreign.json().reason).toBe('WEBINAR_SERVICE_NOT_OWNED');
    const noOffer = await client.post('/api/v1/webinars', validWebinar({ leadMode: 'round_robin' }));
    expect(noOffer.statusCode).toBe(422);
    expect(noOffer.json().errors[0].field).toBe('serviceId');
  });

  it('a paid webinar needs a plan with paid webinars (402 on Gratuit)', async () => {
    const { user, client } = await infopreneur();
    const refused = await client.post('/api/v1/webinars', validWebinar({ price: 49 }));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().meta).toMatchObject({ limit: 'paidWebinars', planId: 'gratuit' });
    await givePlan(ctx.app.db, user.id, 'pro');
    expect((await created(client, { price: 49 })).price).toBe(49);
    const billing = await client.get('/api/v1/billing');
    expect(billing.json().usage).toContainEqual({ limit: 'paidWebinars', current: 1, max: null });
  });
});

describe('GET /api/v1/webinars', () => {
  it('lists upcoming soonest first and past latest first, with the caller’s registration and the count', async () => {
    const { client: owner } = await infopreneur();
    const later = await created(owner, { title: 'Webinaire lointain pour le tri', startTime: inHours(72) });
    const sooner = await created(owner, { title: 'Webinaire proche pour le tri', startTime: inHours(2) });
    const { client: member } = await setter();
    expect((await member.post(`/api/v1/webinars/${later.id}/registrations`, {})).statusCode).toBe(201);
    const upcoming = (await member.get('/api/v1/webinars?when=upcoming&perPage=50')).json();
    const ids = upcoming.data.map((w: { id: number }) => w.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    const row = upcoming.data.find((w: { id: number }) => w.id === later.id);
    expect(row).toMatchObject({ registered: true, registrationCount: 1, canManage: false });
    expect(row.platformUrl).toBe('https://zoom.us/j/123456789');
    expect(upcoming.data.find((w: { id: number }) => w.id === sooner.id).platformUrl).toBeNull();

    const registered = (await member.get('/api/v1/webinars?when=registered')).json();
    expect(registered.data.map((w: { id: number }) => w.id)).toEqual([later.id]);
    const mine = (await owner.get('/api/v1/webinars?when=mine')).json();
    expect(mine.meta.total).toBe(2);

    setClock(() => new Date(Date.now() + 100 * HOUR));
    const past = (await member.get('/api/v1/webinars?when=past&perPage=50')).json();
    const pastIds = past.data.map((w: { id: number }) => w.id);
    expect(pastIds.indexOf(later.id)).toBeLessThan(pastIds.indexOf(sooner.id));
  });

  it('counts each tab’s total, on every page and past the last one', async () => {
    const { client: owner } = await infopreneur();
    const [first, , third] = [
      await created(owner, { title: 'Premier webinaire à compter', startTime: inHours(30) }),
      await created(owner, { title: 'Deuxième webinaire à compter', startTime: inHours(31) }),
      await created(owner, { title: 'Troisième webinaire à compter', startTime: inHours(32) }),
    ];
    const { client: member } = await setter();
    for (const webinar of [first, third])
      expect((await member.post(`/api/v1/webinars/${webinar.id}/registrations`, {})).statusCode).toBe(201);
    const page = async (client: typeof owner, tab: string, n: number) =>
      (await client.get(`/api/v1/webinars?when=${tab}&perPage=2&page=${n}`)).json();

    for (const n of [1, 2, 3]) expect((await page(owner, 'mine', n)).meta.total).toBe(3);
    expect((await page(owner, 'mine', 2)).data.map((w: { id: number }) => w.id)).toEqual([first.id]);
    expect((await page(owner, 'mine', 3)).data).toEqual([]);
    expect((await page(member, 'registered', 1)).meta.total).toBe(2);
    expect((await page(member, 'registered', 2)).meta.total).toBe(2);
    expect((await page(member, 'mine', 1)).meta.total).toBe(0);
    const searched = (await member.get('/api/v1/webinars?when=upcoming&query=compter&perPage=1')).json();
    expect(searched.meta.total).toBe(3);
    expect(searched.data.map((w: { id: number }) => w.id)).toEqual([first.id]);
  });

  it('a tab follows its webinars: searched words, moved, language, price, cancelled', async () => {
    const { client: owner } = await infopreneur();
    const { client: member } = await setter();
    const webinar = await created(owner, { title: 'Atelier pipeline commercial', startTime: inHours(40) });
    const ids = async (filter: string) =>
      (await member.get(`/api/v1/webinars?${filter}&perPage=50`))
        .json()
        .data.map((w: { id: number }) => w.id);
    expect(await ids('when=upcoming&query=pipeline')).toEqual([webinar.id]);

    const renamed = { title: 'Atelier tableau de bord commercial' };
    expect((await owner.put(`/api/v1/webinars/${webinar.id}`, renamed)).statusCode).toBe(200);
    expect(await ids('when=upcoming&query=pipeline')).toEqual([]);
    expect(await ids('when=upcoming&query=tableau bord')).toEqual([webinar.id]);

    expect((await owner.put(`/api/v1/webinars/${webinar.id}`, { language: 'en' })).statusCode).toBe(200);
    expect(await ids('when=upcoming&language=en&query=tableau')).toEqual([webinar.id]);
    expect(await ids('when=upcoming&language=fr&query=tableau')).toEqual([]);
    await ctx.app.db.update(webinars).set({ price: 30 }).where(eq(webinars.id, webinar.id));
    expect(await ids('when=upcoming&free=1&query=tableau')).toEqual([]);

    // Over once its end has passed (start + duration), not at its start.
    setClock(() => new Date(Date.now() + 40 * HOUR + 30 * 60_000));
    expect(await ids('when=upcoming&query=tableau')).toEqual([webinar.id]);
    setClock(() => new Date(Date.now() + 40 * HOUR + 2 * HOUR));
    expect(await ids('when=past&query=tableau')).toEqual([webinar.id]);
    setClock(null);

    expect((await owner.delete(`/api/v1/webinars/${webinar.id}`)).statusCode).toBe(204);
    expect(await ids('when=upcoming&query=tableau')).toEqual([]);
  });

  it('searches in French (accents, plurals) and filters by language and free', async () => {
    const { client } = await infopreneur();
    const target = await created(client, {
      title: 'Les objections en téléprospection',
      language: 'en',
      price: 0,
    });
    const { client: member } = await setter();
    const found = (await member.get('/api/v1/webinars?query=objection telepropection')).json();
    expect(found.data.map((w: { id: number }) => w.id)).toContain(target.id);
    const english = (await member.get('/api/v1/webinars?language=en&free=1&query=objections')).json();
    expect(english.data.map((w: { id: number }) => w.id)).toEqual([target.id]);
    expect(
      (await member.get('/api/v1/webinars?language=fr&query=objections téléprospection')).json().data,
    ).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/webinars' })).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/v1/webinars/{id}', () => {
  it('only the owner or an admin changes it; a new time is told to registrants in the centre and by e-mail', async () => {
    const { client: owner } = await infopreneur();
    const webinar = await created(owner);
    const { user: member, client: memberClient } = await setter();
    await memberClient.post(`/api/v1/webinars/${webinar.id}/registrations`, {});
    const { client: stranger } = await infopreneur();
    expect(
      (await stranger.put(`/api/v1/webinars/${webinar.id}`, { title: 'Pris en otage' })).statusCode,
    ).toBe(403);
    expect(
      (await memberClient.put(`/api/v1/webinars/${webinar.id}`, { title: 'Pris en otage' })).statusCode,
    ).toBe(403);

    const moved = await owner.put(`/api/v1/webinars/${webinar.id}`, { startTime: inHours(96) });
    expect(moved.statusCode, moved.body).toBe(200);
    const [note] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'webinar_rescheduled')));
    expect(note?.link).toBe(`/app/our-webinars/${webinar.id}`);
    expect((await lastMailTo(ctx.app, member.email))?.subject).toContain('Nouvel horaire');

    const { client: admin } = await signedInClient(ctx.app, { admin: true });
    expect(
      (await admin.put(`/api/v1/webinars/${webinar.id}`, { isRegistrationOpen: false })).statusCode,
    ).toBe(200);
    expect((await owner.put(`/api/v1/webinars/${webinar.id}`, { startTime: inHours(-2) })).statusCode).toBe(
      422,
    );
  });

  it('cancelling tells the registrants and removes it; strangers get 403, a missing one 404', async () => {
    const { client: owner } = await infopreneur();
    const webinar = await created(owner);
    const { user: member, client: memberClient } = await setter();
    await memberClient.post(`/api/v1/webinars/${webinar.id}/registrations`, {});
    expect((await memberClient.delete(`/api/v1/webinars/${webinar.id}`)).statusCode).toBe(403);
    expect((await owner.delete(`/api/v1/webinars/${webinar.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/v1/webinars/${webinar.id}`)).statusCode).toBe(404);
    const [note] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'webinar_canceled')));
    expect(note?.title).toContain('annulé');
    expect((await owner.delete('/api/v1/webinars/999999')).statusCode).toBe(404);
  });
});
