import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../test/helpers';
import { givePlan } from '../test/plans';
import { setClock } from './clock';
import { graceEndsAt, planGiven, planOf, type SubscriptionState } from './plan';

const DAY = 86_400_000;
const periodEnd = new Date('2026-12-01T00:00:00Z');
const sub = (patch: Partial<SubscriptionState>): SubscriptionState => ({
  planId: 'pro',
  status: 'active',
  provider: 'sandbox',
  pastDueSince: null,
  currentPeriodEnd: periodEnd,
  ...patch,
});

afterEach(() => setClock(null));

describe('the plan a subscription gives', () => {
  const pastDueSince = new Date('2026-11-10T12:00:00Z');

  it('is Gratuit without a subscription, the plan while active', () => {
    expect(planGiven(null)).toBe('gratuit');
    expect(planGiven(undefined)).toBe('gratuit');
    expect(planGiven(sub({ planId: 'pro' }))).toBe('pro');
    expect(planGiven(sub({ planId: 'equipe' }))).toBe('equipe');
  });

  it('keeps the plan for 7 days past due, then falls back to Gratuit', () => {
    const late = sub({ status: 'past_due', pastDueSince });
    expect(graceEndsAt(late)).toEqual(new Date('2026-11-17T12:00:00Z'));
    expect(planGiven(late, new Date(pastDueSince.getTime() + DAY))).toBe('pro');
    expect(planGiven(late, new Date(pastDueSince.getTime() + 7 * DAY - 1))).toBe('pro');
    expect(planGiven(late, new Date(pastDueSince.getTime() + 7 * DAY))).toBe('gratuit');
  });

  it('counts the grace period from the period end when the start of past due is unknown', () => {
    const late = sub({ status: 'past_due', pastDueSince: null });
    expect(graceEndsAt(late)).toEqual(new Date(periodEnd.getTime() + 7 * DAY));
  });

  it('gives nothing once canceled or while incomplete; no grace period unless past due', () => {
    expect(planGiven(sub({ status: 'canceled' }))).toBe('gratuit');
    expect(planGiven(sub({ status: 'incomplete' }))).toBe('gratuit');
    expect(graceEndsAt(sub({ status: 'active' }))).toBeNull();
    expect(graceEndsAt(sub({ status: 'canceled' }))).toBeNull();
  });

  it('ends an admin’s grant at its date, whatever its status', () => {
    const grant = sub({ provider: 'manual', planId: 'equipe' });
    expect(planGiven(grant, new Date(periodEnd.getTime() - 1))).toBe('equipe');
    expect(planGiven(grant, periodEnd)).toBe('gratuit');
    // A provider's period is renewed by its webhooks: its end alone takes nothing away.
    expect(planGiven(sub({}), new Date(periodEnd.getTime() + DAY))).toBe('pro');
  });

  it('reads the injectable clock by default', () => {
    const late = sub({ status: 'past_due', pastDueSince });
    setClock(() => new Date(pastDueSince.getTime() + 6 * DAY));
    expect(planGiven(late)).toBe('pro');
    setClock(() => new Date(pastDueSince.getTime() + 8 * DAY));
    expect(planGiven(late)).toBe('gratuit');
  });
});

describe('planOf, from the stored subscription', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('follows givePlan through active, past due within and after the grace period, and canceled', async () => {
    const user = await createUser(ctx.app);
    expect(await planOf(ctx.app.db, user.id)).toBe('gratuit');
    await givePlan(ctx.app.db, user.id, 'equipe');
    expect(await planOf(ctx.app.db, user.id)).toBe('equipe');

    const since = new Date();
    await givePlan(ctx.app.db, user.id, 'pro', { status: 'past_due', pastDueSince: since });
    expect(await planOf(ctx.app.db, user.id)).toBe('pro');
    setClock(() => new Date(since.getTime() + 7 * DAY + 1000));
    expect(await planOf(ctx.app.db, user.id)).toBe('gratuit');
    setClock(null);

    await givePlan(ctx.app.db, user.id, 'pro', { status: 'canceled', canceledAt: since });
    expect(await planOf(ctx.app.db, user.id)).toBe('gratuit');
    await givePlan(ctx.app.db, user.id, 'gratuit');
    expect(await planOf(ctx.app.db, user.id)).toBe('gratuit');
  });
});
