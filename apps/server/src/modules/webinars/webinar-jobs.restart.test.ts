/**
 * The reminders with the real app polling its queue and a real SMTP server receiving the mails:
 * scheduled before a restart, sent after it; two instances on one PostgreSQL database send each
 * mail once.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { testConfig } from '../../config';
import { jobs, webinarRegistrations, webinars } from '../../db/schema';
import { setClock } from '../../lib/clock';
import { createUser } from '../../test/helpers';
import { type SharedTestDatabase, sharedTestDatabase } from '../../test/shared-db';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { scheduleWebinarJobs } from './webinar-jobs';

const HOUR = 3600_000;
const T0 = new Date('2026-12-01T09:00:00.000Z');
const clockAt = (ms: number) => setClock(() => new Date(T0.getTime() + ms));

let sink: SmtpSink;
let shared: SharedTestDatabase;
const apps: App[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  shared = await sharedTestDatabase();
}, 60_000);
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  setClock(null);
  sink.mails.length = 0;
});
afterAll(async () => {
  await sink.close();
  await shared.drop();
});

/** The real app on the shared database, polling every 100 ms and mailing through SMTP. */
async function start(): Promise<App> {
  const config = testConfig({
    smtpUrl: sink.url,
    jobsPollMs: 100,
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  });
  const app = await buildApp(config, { database: await shared.open() });
  await app.ready();
  apps.push(app);
  return app;
}

async function webinarsWithRegistrants(app: App, count: number, registrants: number) {
  const owner = await createUser(app, { kind: 'infopreneur' });
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const [w] = await app.db
      .insert(webinars)
      .values({
        userId: owner.id,
        title: `Closer en une semaine n°${i + 1}`,
        startTime: new Date(T0.getTime() + 30 * HOUR),
        durationMinutes: 60,
        description: 'Les scripts et les objections des closers qui signent, en une heure.',
      })
      .returning();
    for (let r = 0; r < registrants; r++) {
      const user = await createUser(app);
      emails.push(user.email);
      await app.db
        .insert(webinarRegistrations)
        .values({ webinarId: w!.id, userId: user.id, joinToken: randomBytes(16).toString('hex') });
    }
    await app.db.transaction((tx) => scheduleWebinarJobs(tx, w!, { timeChanged: false }));
  }
  return emails;
}

async function mailsArrive(count: number) {
  const deadline = Date.now() + 20_000;
  while (sink.mails.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // A few more polls: nothing more may come.
  await new Promise((r) => setTimeout(r, 600));
}

const perRecipient = (subject: string) => {
  const counts = new Map<string, number>();
  for (const mail of sink.mails.filter((m) => m.subject.includes(subject)))
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
};

describe('webinar reminders with the real server', () => {
  it('a reminder scheduled before a restart goes after it, once to each registrant', async () => {
    clockAt(0);
    const first = await start();
    const emails = await webinarsWithRegistrants(first, 1, 3);
    await first.close();
    apps.length = 0;
    expect(sink.mails).toHaveLength(0);

    // Down while the 24 h reminder fell due; the first poll after the start sends it.
    clockAt(6 * HOUR + 60_000);
    await start();
    await mailsArrive(3);
    const counts = perRecipient('Rappel');
    expect([...counts.keys()].sort()).toEqual([...emails].sort());
    expect([...counts.values()]).toEqual([1, 1, 1]);
    expect(sink.mails).toHaveLength(3);
    expect(sink.mails[0]!.raw).toContain('/w/');
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'two instances on one database send each reminder once to each registrant',
    async () => {
      clockAt(0);
      const a = await start();
      await start();
      await a.db.delete(jobs); // the previous test's webinar is not this one's
      const emails = await webinarsWithRegistrants(a, 6, 4);
      clockAt(6 * HOUR + 60_000);
      await mailsArrive(24);
      const day = perRecipient('Rappel');
      expect(day.size).toBe(24);
      expect([...day.values()].every((n) => n === 1)).toBe(true);

      clockAt(29 * HOUR + 60_000);
      await mailsArrive(48);
      const hour = perRecipient('commence dans 1 heure');
      expect([...hour.keys()].sort()).toEqual([...emails].sort());
      expect([...hour.values()].every((n) => n === 1)).toBe(true);
      expect(sink.mails).toHaveLength(48);
    },
    120_000,
  );
});
