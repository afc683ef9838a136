import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, notifications, users, webinarRegistrations, webinars } from '../../db/schema';
import { setClock } from '../../lib/clock';
import { createTestApp, createUser, type TestContext } from '../../test/helpers';
import {
  cancelWebinarJobs,
  formatWebinarStart,
  planWebinarJobs,
  scheduleWebinarJobs,
  webinarJobKey,
} from './webinar-jobs';

const HOUR = 3600_000;
const T0 = new Date('2026-12-01T09:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const clockAt = (ms: number) => setClock(() => at(ms));

let t: TestContext;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t.app, { kind: 'infopreneur' })).id;
}, 60_000);
afterAll(() => t.close());
afterEach(() => setClock(null));
// Each test with its own jobs (the clock goes back between tests).
beforeEach(() => t.app.db.delete(jobs));

async function webinarWith(
  registrants: number,
  values: Partial<typeof webinars.$inferInsert> & { startTime: Date },
) {
  const [w] = await t.app.db
    .insert(webinars)
    .values({
      userId: ownerId,
      title: 'Vendre sa formation en 2027',
      durationMinutes: 60,
      description: 'Un webinaire pour apprendre à vendre sa formation à des prospects qualifiés.',
      timezone: 'Europe/Paris',
      ...values,
    })
    .returning();
  const people = [];
  for (let i = 0; i < registrants; i++) people.push(await register(w!.id));
  return { webinar: w!, people };
}

async function register(webinarId: number, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.app, input);
  const joinToken = randomBytes(16).toString('hex');
  await t.app.db.insert(webinarRegistrations).values({ webinarId, userId: user.id, joinToken });
  return { ...user, joinToken };
}

const schedule = (w: typeof webinars.$inferSelect, timeChanged = false) =>
  t.app.db.transaction((tx) => scheduleWebinarJobs(tx, w, { timeChanged }));

const notificationsOf = (userId: number, type: string) =>
  t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
const mailsTo = (email: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('planWebinarJobs', () => {
  const webinar = { startTime: at(48 * HOUR), durationMinutes: 90 };
  it('reminders 24 h and 1 h before, the replay at the end', () => {
    expect(planWebinarJobs(webinar, T0)).toEqual({
      reminder24h: at(24 * HOUR),
      reminder1h: at(47 * HOUR),
      replay: at(49.5 * HOUR),
    });
  });
  it('late: the 24 h reminder goes at once while more than 3 h remain, never closer', () => {
    expect(planWebinarJobs(webinar, at(40 * HOUR)).reminder24h).toEqual(at(40 * HOUR));
    expect(planWebinarJobs(webinar, at(45 * HOUR)).reminder24h).toBeNull(); // created 3 h ahead
    expect(planWebinarJobs(webinar, at(47.5 * HOUR)).reminder1h).toEqual(at(47.5 * HOUR));
    expect(planWebinarJobs(webinar, at(48 * HOUR)).reminder1h).toBeNull(); // started
  });
});

describe('formatWebinarStart', () => {
  it('writes the start in the webinar’s time zone, in French', () => {
    const start = new Date('2026-12-03T17:00:00.000Z');
    expect(formatWebinarStart(start, 'Europe/Paris')).toBe('jeudi 3 décembre 2026 à 18:00 (heure de Paris)');
    expect(formatWebinarStart(start, 'America/New_York')).toBe(
      'jeudi 3 décembre 2026 à 12:00 (heure de New York)',
    );
    expect(formatWebinarStart(start, 'Not/AZone')).toContain('(heure de Paris)');
  });
});

describe('webinar reminders and replay', () => {
  it('each registrant gets one notification and one e-mail per reminder, never twice', async () => {
    clockAt(0);
    const { webinar, people } = await webinarWith(3, { startTime: at(48 * HOUR) });
    await schedule(webinar);
    expect(await t.app.runDueJobs()).toBe(0);

    clockAt(24 * HOUR);
    expect(await t.app.runDueJobs()).toBe(1);
    for (const p of people) {
      const [n] = await notificationsOf(p.id, 'webinar_reminder');
      expect(n).toMatchObject({ link: `/app/our-webinars/${webinar.id}` });
      expect(n!.title).toContain('Vendre sa formation en 2027');
      const mails = await mailsTo(p.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.link).toBe(`http://localhost:3000/w/${p.joinToken}`);
      expect(mails[0]!.text).toContain('jeudi 3 décembre 2026 à 10:00 (heure de Paris)');
      expect(mails[0]!.text).toContain(`/w/${p.joinToken}`);
    }
    // A second run (or another poller) sends nothing more.
    clockAt(25 * HOUR);
    expect(await t.app.runDueJobs()).toBe(0);
    // Scheduled again without a new time (an edit): the late 24 h job runs again, for nobody.
    await schedule(webinar);
    expect(await t.app.runDueJobs()).toBe(1);
    for (const p of people) expect(await mailsTo(p.email)).toHaveLength(1);

    clockAt(47 * HOUR);
    expect(await t.app.runDueJobs()).toBe(1);
    for (const p of people) {
      expect(await notificationsOf(p.id, 'webinar_reminder')).toHaveLength(2);
      const mails = await mailsTo(p.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toContain('commence dans 1 heure');
    }
    clockAt(47.5 * HOUR);
    expect(await t.app.runDueJobs()).toBe(0);
    const [row] = await t.app.db
      .select()
      .from(webinarRegistrations)
      .where(eq(webinarRegistrations.userId, people[0]!.id));
    expect(row!.reminded24hAt?.toISOString()).toBe(at(24 * HOUR).toISOString());
    expect(row!.reminded1hAt?.toISOString()).toBe(at(47 * HOUR).toISOString());
  });

  it('a new time sends the reminders again for it; a registrant who came late gets what is left', async () => {
    clockAt(0);
    const { webinar, people } = await webinarWith(2, { startTime: at(30 * HOUR) });
    await schedule(webinar);
    clockAt(6 * HOUR);
    expect(await t.app.runDueJobs()).toBe(1);
    const late = await register(webinar.id);

    // Moved two days later: reminded again at the new times.
    const [moved] = await t.app.db
      .update(webinars)
      .set({ startTime: at(78 * HOUR) })
      .where(eq(webinars.id, webinar.id))
      .returning();
    await schedule(moved!, true);
    expect(await t.app.runDueJobs()).toBe(0);
    clockAt(54 * HOUR);
    expect(await t.app.runDueJobs()).toBe(1);
    for (const p of [...people, late])
      expect(await notificationsOf(p.id, 'webinar_reminder')).toHaveLength(p === late ? 1 : 2);
    clockAt(77 * HOUR);
    expect(await t.app.runDueJobs()).toBe(1);
    for (const p of people) expect(await mailsTo(p.email)).toHaveLength(3);
    expect(await mailsTo(late.email)).toHaveLength(2);
  });

  it('a webinar created 3 h ahead gets only the 1 h reminder; one created 30 min ahead gets it at once', async () => {
    clockAt(0);
    const soon = await webinarWith(1, { startTime: at(3 * HOUR) });
    await schedule(soon.webinar);
    const [none] = await t.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, webinarJobKey(soon.webinar.id, 'reminder24h')));
    expect(none).toBeUndefined();
    const sooner = await webinarWith(1, { startTime: at(0.5 * HOUR) });
    await schedule(sooner.webinar);
    expect(await t.app.runDueJobs()).toBe(1);
    const [mail] = await mailsTo(sooner.people[0]!.email);
    expect(mail!.subject).toContain('commence dans 30 minutes');
    expect(await mailsTo(soon.people[0]!.email)).toHaveLength(0);
    clockAt(2 * HOUR);
    expect(await t.app.runDueJobs()).toBe(2); // soon's 1 h reminder, sooner's replay job (no replay: nothing)
    expect(await mailsTo(soon.people[0]!.email)).toHaveLength(1);
    expect(await mailsTo(sooner.people[0]!.email)).toHaveLength(1);
  });

  it('the replay e-mail goes after the end, once, only with a replay', async () => {
    clockAt(0);
    const withReplay = await webinarWith(2, {
      startTime: at(2 * HOUR),
      durationMinutes: 90,
      hasReplay: true,
      replayUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const without = await webinarWith(1, { startTime: at(2 * HOUR), durationMinutes: 90 });
    await schedule(withReplay.webinar);
    await schedule(without.webinar);
    clockAt(1.5 * HOUR);
    expect(await t.app.runDueJobs()).toBe(2); // the two 1 h reminders
    clockAt(3.5 * HOUR - 1000);
    expect(await t.app.runDueJobs()).toBe(0);
    clockAt(3.5 * HOUR);
    expect(await t.app.runDueJobs()).toBe(2);
    for (const p of withReplay.people) {
      const [n] = await notificationsOf(p.id, 'webinar_replay');
      expect(n!.link).toBe(`/app/our-webinars/replay/${withReplay.webinar.id}`);
      const mails = await mailsTo(p.email);
      expect(mails.map((m) => m.link)).toContain(
        `http://localhost:3000/app/our-webinars/replay/${withReplay.webinar.id}`,
      );
    }
    expect(await notificationsOf(without.people[0]!.id, 'webinar_replay')).toHaveLength(0);

    // The replay added after the end: scheduling again sends it at once, once.
    const [edited] = await t.app.db
      .update(webinars)
      .set({ hasReplay: true, replayUrl: 'https://vimeo.com/76979871' })
      .where(eq(webinars.id, without.webinar.id))
      .returning();
    await schedule(edited!);
    expect(await t.app.runDueJobs()).toBe(1);
    expect(await notificationsOf(without.people[0]!.id, 'webinar_replay')).toHaveLength(1);
    await schedule(edited!);
    await t.app.runDueJobs();
    expect(await notificationsOf(without.people[0]!.id, 'webinar_replay')).toHaveLength(1);
    for (const p of withReplay.people) expect(await notificationsOf(p.id, 'webinar_replay')).toHaveLength(1);
  });

  it('a cancelled or deleted webinar sends nothing; a suspended registrant gets no e-mail', async () => {
    clockAt(0);
    const cancelled = await webinarWith(1, { startTime: at(30 * HOUR) });
    await schedule(cancelled.webinar);
    await t.app.db.transaction((tx) => cancelWebinarJobs(tx, cancelled.webinar.id));
    const deleted = await webinarWith(1, { startTime: at(30 * HOUR) });
    await schedule(deleted.webinar);
    await t.app.db.delete(webinars).where(eq(webinars.id, deleted.webinar.id));
    const kept = await webinarWith(0, { startTime: at(30 * HOUR) });
    const suspended = await register(kept.webinar.id, { suspendedAt: new Date() });
    await schedule(kept.webinar);
    clockAt(6 * HOUR);
    await t.app.runDueJobs();
    expect(await mailsTo(cancelled.people[0]!.email)).toHaveLength(0);
    expect(await mailsTo(deleted.people[0]!.email)).toHaveLength(0);
    expect(await notificationsOf(suspended.id, 'webinar_reminder')).toHaveLength(1);
    expect(await mailsTo(suspended.email)).toHaveLength(0);
  });

  it('a webinar with many registrants is served in several transactions, each registrant once', async () => {
    clockAt(0);
    const { webinar } = await webinarWith(0, { startTime: at(30 * HOUR) });
    const many = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          email: `many${i}-${randomBytes(3).toString('hex')}@example.com`,
          firstName: 'Inscrit',
          lastName: String(i),
        })),
      )
      .returning({ id: users.id });
    await t.app.db.insert(webinarRegistrations).values(
      many.map((u) => ({
        webinarId: webinar.id,
        userId: u.id,
        joinToken: randomBytes(16).toString('hex'),
      })),
    );
    await schedule(webinar);
    clockAt(6 * HOUR);
    expect(await t.app.runDueJobs()).toBe(3);
    const reminded = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .innerJoin(webinarRegistrations, eq(webinarRegistrations.userId, notifications.userId))
      .where(and(eq(webinarRegistrations.webinarId, webinar.id), eq(notifications.type, 'webinar_reminder')));
    expect(reminded).toHaveLength(450);
    expect(new Set(reminded.map((r) => r.userId)).size).toBe(450);
    expect(await t.app.runDueJobs()).toBe(0);
  }, 60_000);
});
