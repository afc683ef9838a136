/**
 * The webinar's timed work (issue 21): reminders 24 h and 1 h before the start and the replay
 * e-mail after the end, on the durable job queue (`lib/jobs.ts`, polled by `plugins/jobs.ts`).
 *
 * Jobs, one of each per webinar (by key, so that scheduling again moves them):
 * - `webinar:{id}:reminder24h` at start − 24 h. Scheduled later than that (a webinar created or
 *   moved less than 24 h ahead), it goes at once while more than 3 h remain, and not at all
 *   closer to the start: the 1 h reminder is then enough (a webinar created 3 h ahead gets only
 *   the 1 h reminder).
 * - `webinar:{id}:reminder1h` at start − 1 h, or at once when that is past and the webinar has not
 *   started yet.
 * - `webinar:{id}:replay` at the end (start + duration); the e-mail goes only if the webinar has
 *   `hasReplay` and a `replayUrl` when the job runs (an edit that adds the replay after the end
 *   schedules again, so the job runs at once).
 *
 * Each registrant gets each of them once: the job writes `reminded24hAt`, `reminded1hAt` or
 * `replaySentAt` of the registrations it served, in the transaction that writes the notifications
 * (and queues their e-mails); running a job again serves only those not served yet (registered
 * since), and a new time (`timeChanged`) clears the reminders' columns so that they go again.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, webinarRegistrations, webinars } from '../../db/schema';
import { now } from '../../lib/clock';
import { dropJobs, enqueue, type Job, type JobRun } from '../../lib/jobs';
import type { AppJobHandler, AppJobsContext } from '../../plugins/jobs';
import type { NotificationInput, WrittenNotification } from '../../plugins/notifier';
import { webinarPath } from './webinars.presenter';

export interface ScheduledWebinar {
  id: number;
  startTime: Date;
  durationMinutes: number;
  hasReplay: boolean;
  replayUrl: string | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A late "24 h" reminder goes at once only while more than this remains before the start. */
export const LATE_24H_REMINDER_MIN_LEAD_MS = 3 * HOUR;
/** Registrants served per transaction; a larger webinar goes on in the next ones. */
const BATCH = 200;

export const WEBINAR_JOB_KINDS = {
  reminder24h: 'webinar_reminder_24h',
  reminder1h: 'webinar_reminder_1h',
  replay: 'webinar_replay',
} as const;
type Which = keyof typeof WEBINAR_JOB_KINDS;

export const webinarJobKey = (webinarId: number, which: Which) => `webinar:${webinarId}:${which}`;

/** When each job should run, seen from `at` (null: not at all). */
export function planWebinarJobs(
  webinar: Pick<ScheduledWebinar, 'startTime' | 'durationMinutes'>,
  at: Date,
): Record<Which, Date | null> {
  const start = webinar.startTime.getTime();
  const lead = start - at.getTime();
  const due = (offset: number, minLead: number) => {
    const runAt = start - offset;
    if (runAt >= at.getTime()) return new Date(runAt);
    return lead > minLead ? at : null;
  };
  return {
    reminder24h: due(24 * HOUR, LATE_24H_REMINDER_MIN_LEAD_MS),
    reminder1h: due(HOUR, 0),
    replay: new Date(start + webinar.durationMinutes * MINUTE),
  };
}

/**
 * Schedules (or moves) the webinar's reminders and replay e-mail, in the caller's transaction.
 * `timeChanged`: the start moved, so reminders already sent go again for the new time. `at`: the
 * instant they are planned from (the clock's now; the demo's "now" when it is seeded or moved).
 */
export async function scheduleWebinarJobs(
  tx: DbOrTx,
  webinar: ScheduledWebinar,
  options: { timeChanged: boolean; at?: Date },
): Promise<void> {
  if (options.timeChanged) {
    await tx
      .update(webinarRegistrations)
      .set({ reminded24hAt: null, reminded1hAt: null })
      .where(eq(webinarRegistrations.webinarId, webinar.id));
  }
  const plan = planWebinarJobs(webinar, options.at ?? now());
  for (const which of Object.keys(WEBINAR_JOB_KINDS) as Which[]) {
    const key = webinarJobKey(webinar.id, which);
    const runAt = plan[which];
    if (runAt) {
      await enqueue(tx, { kind: WEBINAR_JOB_KINDS[which], key, runAt, payload: { webinarId: webinar.id } });
    } else {
      await dropJobs(tx, [key]);
    }
  }
}

/** Drops the webinar's pending jobs (it is cancelled), in the caller's transaction. */
export async function cancelWebinarJobs(tx: DbOrTx, webinarId: number): Promise<void> {
  await dropJobs(tx, `webinar:${webinarId}:`);
}

/** "mardi 3 décembre 2026 à 18:00 (heure de Paris)", in the webinar's time zone. */
export function formatWebinarStart(start: Date, timeZone: string): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: zone });
  } catch {
    zone = 'Europe/Paris';
  }
  const day = new Intl.DateTimeFormat('fr-FR', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
  const time = new Intl.DateTimeFormat('fr-FR', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(start);
  const place = zone.includes('/')
    ? `heure de ${zone.split('/').pop()!.replace(/_/g, ' ')}`
    : `heure ${zone}`;
  return `${day} à ${time} (${place})`;
}

/** "dans 1 heure", "dans 35 minutes", "dans 23 heures": how far the start is. */
function timeUntil(lead: number): string {
  if (lead >= 55 * MINUTE && lead < 90 * MINUTE) return 'dans 1 heure';
  if (lead < 55 * MINUTE) {
    const minutes = Math.max(1, Math.round(lead / MINUTE));
    return minutes === 1 ? 'dans 1 minute' : `dans ${minutes} minutes`;
  }
  return `dans ${Math.round(lead / HOUR)} heures`;
}

type WebinarRow = typeof webinars.$inferSelect;
interface Registrant {
  userId: number;
  firstName: string;
  joinToken: string;
}

const replayPath = (id: number) => `/app/our-webinars/replay/${id}`;

function reminderNotification(
  which: 'reminder24h' | 'reminder1h',
  w: WebinarRow,
  r: Registrant,
  at: Date,
  appUrl: string,
): NotificationInput {
  const when = formatWebinarStart(w.startTime, w.timezone);
  const until = timeUntil(w.startTime.getTime() - at.getTime());
  const joinLink = `${appUrl}/w/${r.joinToken}`;
  const title =
    which === 'reminder1h' ? `« ${w.title} » commence ${until}` : `Rappel : « ${w.title} » a lieu ${until}`;
  const body = `Le ${when}. Votre lien personnel pour le rejoindre est dans l’e-mail et sur la page du webinaire.`;
  const text = [
    `Bonjour ${r.firstName},`,
    '',
    `Le webinaire « ${w.title} » auquel vous êtes inscrit commence ${until} : le ${when}.`,
    '',
    `Rejoindre le webinaire : ${joinLink}`,
    'Ce lien vous est personnel : ne le partagez pas.',
    '',
    `Le programme et les intervenants : ${appUrl}${webinarPath(w.id)}`,
    '',
    'L’équipe Closia',
  ].join('\n');
  return {
    userId: r.userId,
    type: 'webinar_reminder',
    title,
    body,
    link: webinarPath(w.id),
    mail: { subject: title, text, link: joinLink },
  };
}

function replayNotification(w: WebinarRow, r: Registrant, appUrl: string): NotificationInput {
  const link = `${appUrl}${replayPath(w.id)}`;
  const title = `Le replay de « ${w.title} » est disponible`;
  const text = [
    `Bonjour ${r.firstName},`,
    '',
    `Merci de votre inscription au webinaire « ${w.title} » du ${formatWebinarStart(w.startTime, w.timezone)}.`,
    'Le replay est disponible : revoyez-le quand vous voulez.',
    '',
    `Voir le replay : ${link}`,
    '',
    'L’équipe Closia',
  ].join('\n');
  return {
    userId: r.userId,
    type: 'webinar_replay',
    title,
    body: 'Revoyez le webinaire quand vous voulez.',
    link: replayPath(w.id),
    mail: { subject: title, text, link },
  };
}

const sentColumn = {
  reminder24h: webinarRegistrations.reminded24hAt,
  reminder1h: webinarRegistrations.reminded1hAt,
  replay: webinarRegistrations.replaySentAt,
} as const;
const sentField = {
  reminder24h: 'reminded24hAt',
  reminder1h: 'reminded1hAt',
  replay: 'replaySentAt',
} as const;

/** Re-arms this job at `runAt` (it then stays pending instead of being marked done). */
async function again(job: Job, run: JobRun<AppJobsContext>, which: Which, runAt: Date) {
  // Another time than the claimed one, or the runner would mark it done.
  const at = runAt.getTime() === job.runAt.getTime() ? new Date(runAt.getTime() - 1) : runAt;
  await enqueue(run.tx, {
    kind: WEBINAR_JOB_KINDS[which],
    key: job.key ?? undefined,
    runAt: at,
    payload: job.payload,
  });
}

function handler(which: Which): AppJobHandler {
  return async (job, run) => {
    const { tx } = run;
    const webinarId = Number(job.payload.webinarId);
    const [w] = await tx.select().from(webinars).where(eq(webinars.id, webinarId));
    if (!w) return;
    const at = now();
    if (which === 'replay') {
      const end = w.startTime.getTime() + w.durationMinutes * MINUTE;
      // Moved later without being scheduled again: wait for the new end.
      if (end > at.getTime()) return again(job, run, which, new Date(end));
      if (!w.hasReplay || !w.replayUrl) return;
    } else {
      if (w.startTime.getTime() <= at.getTime()) return;
      const planned = planWebinarJobs(w, at)[which];
      if (!planned) return;
      if (planned.getTime() > at.getTime() + MINUTE) return again(job, run, which, planned);
    }
    const column = sentColumn[which];
    const registrants = await tx
      .select({
        userId: webinarRegistrations.userId,
        joinToken: webinarRegistrations.joinToken,
        firstName: users.firstName,
      })
      .from(webinarRegistrations)
      .innerJoin(users, eq(users.id, webinarRegistrations.userId))
      .where(and(eq(webinarRegistrations.webinarId, webinarId), isNull(column)))
      .orderBy(asc(webinarRegistrations.userId))
      .limit(BATCH);
    if (registrants.length === 0) return;
    const written: WrittenNotification[] = [];
    for (const r of registrants) {
      const input =
        which === 'replay'
          ? replayNotification(w, r, run.appUrl)
          : reminderNotification(which, w, r, at, run.appUrl);
      written.push(await run.notifier.write(tx, input));
    }
    await tx
      .update(webinarRegistrations)
      .set({ [sentField[which]]: at })
      .where(
        and(
          eq(webinarRegistrations.webinarId, webinarId),
          inArray(
            webinarRegistrations.userId,
            registrants.map((r) => r.userId),
          ),
        ),
      );
    run.afterCommit(() => run.notifier.push(written));
    // More registrants than one batch: the next transaction goes on.
    if (registrants.length === BATCH) await again(job, run, which, at);
  };
}

/** The handlers, by job kind (registered by `app.ts` through the jobs plugin). */
export const webinarJobHandlers: Record<string, AppJobHandler> = {
  [WEBINAR_JOB_KINDS.reminder24h]: handler('reminder24h'),
  [WEBINAR_JOB_KINDS.reminder1h]: handler('reminder1h'),
  [WEBINAR_JOB_KINDS.replay]: handler('replay'),
};
