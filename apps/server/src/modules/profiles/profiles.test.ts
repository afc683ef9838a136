import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missions, profiles, services, skills, userActivities, users, workSectors } from '../../db/schema';
import { createTestApp, createUser, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let sectorA: number;
let sectorB: number;
let pendingOfOther: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const other = await createUser(ctx.app);
  const rows = await ctx.app.db
    .insert(workSectors)
    .values([
      { name: 'Zz Immobilier test', approved: true },
      { name: 'Zz Coaching test', approved: true },
      { name: 'Zz Proposé par un autre', approved: false, proposedById: other.id },
    ])
    .returning();
  [sectorA, sectorB, pendingOfOther] = rows.map((r) => r.id) as [number, number, number];
});
afterAll(() => ctx.close());

const complete = () => ({
  description: 'Closer depuis 3 ans sur des formations business.',
  experience: '2021-09-01',
  conversionRate: 4.5,
  skills: ['Closing téléphonique', 'Écoute active'],
  workSectors: [sectorA],
});

const profileOf = async (userId: number) =>
  (await ctx.app.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];

describe('PUT /api/v1/user/{setter,closer,setter-closer}', () => {
  it.each([
    ['setter', 'newSetter', 'setter'],
    ['closer', 'newCloser', 'closer'],
    ['setter-closer', 'newSetterCloser', 'setter_closer'],
  ])('/%s answers %s and saves the fields sent', async (path, key, kind) => {
    const { user, client } = await signedInClient(ctx.app, {
      kind: kind as 'setter',
      finishedProfileSetup: false,
    });
    const res = await client.put(`/api/v1/user/${path}`, { ...complete(), onboardingStep: 'conversion' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[key]).toMatchObject({
      userId: user.id,
      description: 'Closer depuis 3 ans sur des formations business.',
      experience: '2021-09-01',
      conversionRate: 4.5,
      workSectors: [sectorA],
      onboardingStep: 'conversion',
      finishedProfileSetup: false,
    });
    expect(Object.keys(res.json())).toEqual([key]);
  });

  it('updates only the fields sent (one onboarding step at a time) and resumes from onboardingStep', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter', finishedProfileSetup: false });
    await client.put('/api/v1/user/setter', {
      description: 'Première version',
      onboardingStep: 'description',
    });
    await client.put('/api/v1/user/setter', { experience: '2020-01-01', onboardingStep: 'experience' });
    const me = (await client.get('/api/v1/user')).json();
    expect(me.setter).toMatchObject({
      description: 'Première version',
      experience: '2020-01-01',
      onboardingStep: 'experience',
    });
    expect((await profileOf(user.id))?.conversionRate).toBeNull();
  });

  it('creates the profile when the user has none yet, and the role follows', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const res = await client.put('/api/v1/user/closer', { description: 'Nouveau closer' });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(user.id))?.kind).toBe('closer');
    expect((await client.get('/api/v1/user')).json()).toMatchObject({
      role: 'closer',
      closer: { description: 'Nouveau closer' },
    });
  });

  it('answers "User type not found" for a call that does not match the user type, and changes nothing', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    const before = await profileOf(user.id);
    for (const path of ['closer', 'setter-closer', 'infopreneur']) {
      const res = await client.put(`/api/v1/user/${path}`, { description: 'Autre type' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'User type not found' });
    }
    expect(await profileOf(user.id)).toEqual(before);
  });

  it('finishes the onboarding only with a complete profile, listing what is missing', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter', finishedProfileSetup: false });
    const early = await client.put('/api/v1/user/setter', {
      description: 'Assez',
      finishedProfileSetup: true,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual([
      { field: 'experience', rule: 'required', message: 'The experience field must be defined' },
      { field: 'conversionRate', rule: 'required', message: 'The conversionRate field must be defined' },
      { field: 'skills', rule: 'required', message: 'The skills field must be defined' },
      { field: 'workSectors', rule: 'required', message: 'The workSectors field must be defined' },
    ]);
    // The refused request saved nothing.
    expect((await profileOf(user.id))?.description).toBeNull();

    const done = await client.put('/api/v1/user/setter', { ...complete(), finishedProfileSetup: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().newSetter.finishedProfileSetup).toBe(true);
    const actions = await ctx.app.db.select().from(userActivities).where(eq(userActivities.userId, user.id));
    expect(actions.map((a) => a.action)).toContain('update');
  });

  it.each([
    [{ conversionRate: 10.5 }, 'conversionRate', 'range'],
    [{ conversionRate: -1 }, 'conversionRate', 'range'],
    [{ experience: 'hier' }, 'experience', 'date'],
    [{ description: 'x'.repeat(2501) }, 'description', 'maxLength'],
    [{ skills: ['x'.repeat(256)] }, 'skills.0', 'maxLength'],
    [{ formations: [{ name: 'x'.repeat(256) }] }, 'formations.0.name', 'maxLength'],
    [{ formations: [{ name: 'Ok', link: 'pas-une-url' }] }, 'formations.0.link', 'url'],
    [{ socialLinks: [`https://a.fr/${'x'.repeat(4084)}`] }, 'socialLinks.0', 'maxLength'],
    [{ socialLinks: ['javascript:alert(1)'] }, 'socialLinks.0', 'url'],
    [{ skills: ['Closing', 'closing'] }, 'skills.1', 'distinct'],
    [{ skills: Array.from({ length: 5000 }, (_, i) => `s${i}`) }, 'skills', 'arrayMaxLength'],
    [{ videoUrl: 'video' }, 'videoUrl', 'url'],
    [{ onboardingStep: 'nope' }, 'onboardingStep', 'enum'],
  ])('rejects %j with 422 and keeps the saved profile', async (input, field, rule) => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'closer', finishedProfileSetup: false });
    await client.put('/api/v1/user/closer', { description: 'Gardée' });
    const res = await client.put('/api/v1/user/closer', input);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ field, rule })]);
    expect((await profileOf(user.id))?.description).toBe('Gardée');
  });

  it('accepts the boundaries: conversion 0 and 10, description of 2500, a 255-character skill', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'closer', finishedProfileSetup: false });
    for (const body of [
      { conversionRate: 0 },
      { conversionRate: 10 },
      { description: 'x'.repeat(2500) },
      { skills: ['s'.repeat(255)] },
    ]) {
      expect((await client.put('/api/v1/user/closer', body)).statusCode).toBe(200);
    }
  });

  it('accepts approved work sectors and the user’s own proposals; refuses another user’s proposal and unknown ids', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'closer', finishedProfileSetup: false });
    const [own] = await ctx.app.db
      .insert(workSectors)
      .values({ name: `Zz Mon secteur ${user.id}`, approved: false, proposedById: user.id })
      .returning();
    const ok = await client.put('/api/v1/user/closer', { workSectors: { a: sectorB, b: own!.id } });
    expect(ok.json().newCloser.workSectors).toEqual([sectorB, own!.id]);

    const res = await client.put('/api/v1/user/closer', { workSectors: [sectorA, pendingOfOther, 999_999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'workSectors.1', rule: 'exists', index: 1 });
    expect((await profileOf(user.id))?.workSectorIds).toEqual([sectorB, own!.id]);
  });

  it('adds unknown skills as the user’s proposals, usable at once', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter', finishedProfileSetup: false });
    const name = `Setting sur Threads ${user.id}`;
    const res = await client.put('/api/v1/user/setter', { skills: [name] });
    expect(res.json().newSetter.skills).toEqual([name]);
    const [skill] = await ctx.app.db.select().from(skills).where(eq(skills.name, name));
    expect(skill).toMatchObject({ isValidated: false, proposedById: user.id });
  });

  it('is refused when anonymous and without CSRF', async () => {
    expect((await new TestClient(ctx.app).put('/api/v1/user/setter', {})).statusCode).toBe(401);
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    expect((await client.put('/api/v1/user/setter', {}, { csrf: false })).statusCode).toBe(403);
  });
});

describe('PUT /api/v1/user/infopreneur', () => {
  it('saves description and work sectors, and finishes with both', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'infopreneur', finishedProfileSetup: false });
    const missing = await client.put('/api/v1/user/infopreneur', { finishedProfileSetup: true });
    expect(missing.json(), missing.body).toHaveProperty('errors');
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'description',
      'workSectors',
    ]);
    const res = await client.put('/api/v1/user/infopreneur', {
      description: 'Je vends une formation en immobilier locatif.',
      workSectors: [sectorA],
      finishedProfileSetup: 'on',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().newInfopreneur).toMatchObject({ workSectors: [sectorA], finishedProfileSetup: true });
    expect(Object.keys(res.json().newInfopreneur)).not.toContain('conversionRate');
  });

  it('logs a description-only edit of a finished profile as update-bio', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    await client.put('/api/v1/user/infopreneur', { description: 'Nouvelle bio' });
    const rows = await ctx.app.db.select().from(userActivities).where(eq(userActivities.userId, user.id));
    expect(rows.map((a) => a.action)).toContain('update-bio');
  });

  it('ignores sales-only fields', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const res = await client.put('/api/v1/user/infopreneur', { description: 'Ok', conversionRate: 5 });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(user.id))?.conversionRate).toBeNull();
  });
});

describe('POST /api/v1/user/change-account', () => {
  it('clears the sub-profile (all four null) and lets the user pick again', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter', role: 'setter' });
    const res = await client.post('/api/v1/user/change-account', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      setter: null,
      closer: null,
      setterCloser: null,
      infopreneur: null,
      role: null,
    });
    expect(await profileOf(user.id)).toBeUndefined();
    expect((await client.put('/api/v1/user/infopreneur', { description: 'Nouveau départ' })).statusCode).toBe(
      200,
    );
  });

  it('with a role, starts an empty profile of the new type', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    const res = await client.post('/api/v1/user/change-account', { role: 'setter-closer' });
    expect(res.json()).toMatchObject({
      setter: null,
      role: 'setter-closer',
      setterCloser: { finishedProfileSetup: false },
    });
  });

  it('answers 422 for an unknown role, 401 anonymous, 403 without CSRF', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    const bad = await client.post('/api/v1/user/change-account', { role: 'admin' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'role', rule: 'enum' });
    expect((await client.get('/api/v1/user')).json().setter).not.toBeNull();
    expect((await new TestClient(ctx.app).post('/api/v1/user/change-account', {})).statusCode).toBe(401);
    expect((await client.post('/api/v1/user/change-account', {}, { csrf: false })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('shows the public profile with work sector names and experience in years, without private data', async () => {
    const { user: viewer, client } = await signedInClient(ctx.app);
    const { user, client: owner } = await signedInClient(ctx.app, {
      kind: 'closer',
      location: 'Lyon',
      googleAccessToken: 'secret-google-token',
    });
    await owner.put('/api/v1/user/closer', complete());
    const res = await client.get(`/api/v1/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      fullName: `${user.firstName} ${user.lastName}`,
      location: 'Lyon',
      closer: {
        workSectors: [{ id: sectorA, name: 'Zz Immobilier test' }],
        conversionRate: 4.5,
        experience: '2021-09-01',
        skills: ['Closing téléphonique', 'Écoute active'],
      },
      setter: null,
      services: [],
      missions: [],
    });
    expect(body.closer.experienceYears).toBeGreaterThanOrEqual(5);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain(user.email);
    expect(raw).not.toContain('secret-google-token');
    expect(raw).not.toMatch(/passwordHash|affiliationCode|emailVerified/);
    expect(viewer.id).not.toBe(user.id);
  });

  it('lists an infopreneur’s approved active offers and open published missions only', async () => {
    const { client } = await signedInClient(ctx.app);
    const info = await createUser(ctx.app, { kind: 'infopreneur' });
    const base = {
      infopreneurId: info.id,
      description: 'Une formation complète',
      price: 1490,
      commissionRate: 15,
      link: 'https://example.com',
      duration: 20,
      locationType: 'online',
    };
    const [approved, pending] = await ctx.app.db
      .insert(services)
      .values([
        { ...base, name: 'Offre approuvée', validationStatus: 'approved' },
        { ...base, name: 'Offre en attente', validationStatus: 'pending_review' },
      ])
      .returning();
    await ctx.app.db.insert(missions).values([
      {
        infopreneurId: info.id,
        serviceId: approved!.id,
        title: 'Closer recherché',
        missionType: 'closer',
        status: 'published',
      },
      {
        infopreneurId: info.id,
        serviceId: pending!.id,
        title: 'Brouillon',
        missionType: 'setter',
        status: 'draft',
      },
    ]);
    const body = (await client.get(`/api/v1/users/${info.id}`)).json();
    expect(body.services.map((s: { name: string }) => s.name)).toEqual(['Offre approuvée']);
    expect(body.services[0]).toMatchObject({ price: 1490, commissionRate: 15 });
    expect(body.missions.map((m: { title: string }) => m.title)).toEqual(['Closer recherché']);
  });

  it('refuses javascript:, data: and vbscript: social links (422 on the link), and never shows one saved before', async () => {
    const { user, client: owner } = await signedInClient(ctx.app, { kind: 'setter' });
    for (const link of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      for (const path of ['/api/v1/user/setter', '/api/v1/user']) {
        const res = await owner.put(path, { socialLinks: ['https://www.linkedin.com/in/moi', link] });
        expect(res.statusCode, `${path} ${link}`).toBe(422);
        expect(res.json().errors).toEqual([
          {
            field: 'socialLinks.1',
            rule: 'url',
            message: 'The socialLinks field must be a valid URL',
            index: 1,
          },
        ]);
      }
    }
    expect((await profileOf(user.id))!.socialLinks).toEqual([]);

    // Saved before the rule: the public profile leaves them out.
    await ctx.app.db
      .update(profiles)
      .set({ socialLinks: ['javascript:alert(1)', 'https://www.linkedin.com/in/moi'] })
      .where(eq(profiles.userId, user.id));
    await ctx.app.db
      .update(users)
      .set({ socialLinks: ['data:text/html,x', 'https://exemple.fr/'] })
      .where(eq(users.id, user.id));
    const { client } = await signedInClient(ctx.app);
    const body = (await client.get(`/api/v1/users/${user.id}`)).json();
    expect(body.setter.socialLinks).toEqual(['https://www.linkedin.com/in/moi']);
    expect(body.socialLinks).toEqual(['https://exemple.fr/']);
  });

  it('answers 404 for an unknown or suspended user, 422 for a bad id, 401 anonymous', async () => {
    const { client } = await signedInClient(ctx.app);
    const suspended = await createUser(ctx.app, { suspendedAt: new Date() });
    expect((await client.get('/api/v1/users/999999')).statusCode).toBe(404);
    expect((await client.get(`/api/v1/users/${suspended.id}`)).json()).toEqual({
      code: 'E_NOT_FOUND',
      message: 'User not found',
    });
    expect((await client.get('/api/v1/users/abc')).statusCode).toBe(422);
    expect((await new TestClient(ctx.app).get(`/api/v1/users/${suspended.id}`)).statusCode).toBe(401);
  });
});
