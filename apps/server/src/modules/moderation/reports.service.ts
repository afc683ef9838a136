/**
 * Reports of content (issue 21 §3): a member reports a post or a comment they can see (once;
 * never their own), an admin lists them and resolves each — `dismiss` closes it, `hide` hides the
 * target from everyone but its author and admins and closes every open report on it the same way.
 * Each reporter whose report is closed is told; the admin's decision is audited. The kinds are
 * resolved by `report-targets.ts`.
 */
import type {
  Paginated,
  Report,
  ReportInput,
  ReportKind,
  ReportListQuery,
  ReportResolveInput,
} from '@closia/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { contentReports, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { now } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { type ReportTarget, targetResolvers } from './report-targets';

/** Reports the target of `kind` and `targetId`: 404 when the caller cannot see it, 403 for one's own, 409 twice. */
export async function reportContent(
  db: Db,
  viewer: Viewer,
  kind: ReportKind,
  targetId: number,
  input: ReportInput,
): Promise<Report> {
  const target = await targetResolvers[kind].authorOf(db, viewer, targetId);
  if (!target) throw notFound(kind === 'post' ? 'Post' : 'Comment');
  if (target.authorId === viewer.id) throw forbidden('You cannot report your own content');
  const [row] = await db
    .insert(contentReports)
    .values({ reporterId: viewer.id, kind, targetId, reason: input.reason })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (!row) throw conflict('You already reported this content', 'CONTENT_ALREADY_REPORTED');
  return reportOf(db, row.id);
}

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');

function reportsQuery(db: DbOrTx) {
  return db
    .select({
      id: contentReports.id,
      kind: contentReports.kind,
      targetId: contentReports.targetId,
      reason: contentReports.reason,
      status: contentReports.status,
      createdAt: contentReports.createdAt,
      resolvedAt: contentReports.resolvedAt,
      reporter: { id: reporter.id, firstName: reporter.firstName, lastName: reporter.lastName },
      resolvedBy: { id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName },
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(contentReports)
    .leftJoin(reporter, eq(reporter.id, contentReports.reporterId))
    .leftJoin(resolver, eq(resolver.id, contentReports.resolvedById));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportsQuery>['execute']>>[number];

const person = (row: { id: number | null; firstName: string | null; lastName: string | null } | null) =>
  row?.id == null ? null : { id: row.id, fullName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() };

/** The rows with their targets' previews (one query per kind on the page). */
async function present(db: DbOrTx, rows: ReportRow[]): Promise<Report[]> {
  const previews = new Map<string, Map<number, ReportTarget>>();
  for (const kind of new Set(rows.map((row) => row.kind as ReportKind))) {
    const resolverOfKind = targetResolvers[kind];
    if (!resolverOfKind) continue;
    const ids = rows.filter((row) => row.kind === kind).map((row) => row.targetId);
    previews.set(kind, await resolverOfKind.previews(db, ids));
  }
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ReportKind,
    targetId: row.targetId,
    reason: row.reason,
    status: row.status as Report['status'],
    reporter: person(row.reporter),
    createdAt: new Date(row.createdAt).toISOString(),
    resolvedAt: row.resolvedAt ? new Date(row.resolvedAt).toISOString() : null,
    resolvedBy: person(row.resolvedBy),
    target: previews.get(row.kind)?.get(row.targetId) ?? null,
  }));
}

async function reportOf(db: DbOrTx, id: number): Promise<Report> {
  const rows = await reportsQuery(db).where(eq(contentReports.id, id));
  if (rows.length === 0) throw notFound('Report');
  return (await present(db, rows))[0]!;
}

/** The moderation list (admins): open ones oldest first (a queue), closed ones latest first. */
export async function listReports(db: DbOrTx, query: ReportListQuery): Promise<Paginated<Report>> {
  const conditions = [eq(contentReports.status, query.status)];
  if (query.kind) conditions.push(eq(contentReports.kind, query.kind));
  const order =
    query.status === 'open'
      ? [asc(contentReports.createdAt), asc(contentReports.id)]
      : [desc(contentReports.resolvedAt), desc(contentReports.id)];
  const rows = await reportsQuery(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.perPage)
    .offset(offsetOf(query));
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return { data: await present(db, rows), meta: paginationMeta(total, query) };
}

/** Resolves an open report (admins): 404 unknown, 409 `REPORT_ALREADY_RESOLVED` once closed. */
export async function resolveReport(
  db: Db,
  work: UnitOfWork,
  admin: Viewer,
  id: number,
  input: ReportResolveInput,
  ip: string | null,
): Promise<Report> {
  const { kind, hidden } = await db.transaction(async (tx) => {
    const [report] = await tx
      .select({ kind: contentReports.kind, targetId: contentReports.targetId, status: contentReports.status })
      .from(contentReports)
      .where(eq(contentReports.id, id))
      .for('update');
    if (!report) throw notFound('Report');
    if (report.status !== 'open')
      throw conflict('This report is already resolved', 'REPORT_ALREADY_RESOLVED');
    const reportKind = report.kind as ReportKind;
    const targets = targetResolvers[reportKind];
    const at = now();
    const status = input.action === 'hide' ? 'hidden' : 'dismissed';
    // Hiding settles every open report on the target; dismissing, this one.
    const closing =
      input.action === 'hide'
        ? and(
            eq(contentReports.kind, report.kind),
            eq(contentReports.targetId, report.targetId),
            eq(contentReports.status, 'open'),
          )
        : eq(contentReports.id, id);
    if (input.action === 'hide') await targets.hide(tx, report.targetId, at);
    const closed = await tx
      .update(contentReports)
      .set({ status, resolvedById: admin.id, resolvedAt: at })
      .where(closing)
      .returning({ id: contentReports.id, reporterId: contentReports.reporterId });
    const link = input.action === 'hide' ? await targets.linkAfterHiding(tx, report.targetId) : null;
    for (const { reporterId } of closed) {
      if (reporterId === null) continue;
      await notifyReporter(tx, work, reporterId, reportKind, input.action, link);
    }
    await audit(tx, {
      actorId: admin.id,
      action: `report.${input.action}`,
      target: { kind: 'report', id },
      before: { status: 'open' },
      after: { status, kind: report.kind, targetId: report.targetId, reports: closed.map((r) => r.id) },
      ip,
    });
    return { kind: reportKind, hidden: input.action === 'hide' };
  });
  const afterHiding = targetResolvers[kind].afterHiding;
  if (hidden && afterHiding) work.afterCommit(() => afterHiding(db));
  return reportOf(db, id);
}

/** What the reporter reads, per kind and decision. */
const outcome: Record<ReportKind, Record<ReportResolveInput['action'], string>> = {
  post: {
    hide: 'Après examen, la publication que vous avez signalée a été masquée. Merci de votre vigilance.',
    dismiss:
      'Après examen, la publication que vous avez signalée reste en ligne : elle respecte les règles de la communauté.',
  },
  comment: {
    hide: 'Après examen, le commentaire que vous avez signalé a été masqué. Merci de votre vigilance.',
    dismiss:
      'Après examen, le commentaire que vous avez signalé reste en ligne : il respecte les règles de la communauté.',
  },
};

async function notifyReporter(
  tx: DbOrTx,
  work: UnitOfWork,
  userId: number,
  kind: ReportKind,
  action: ReportResolveInput['action'],
  link: string | null,
) {
  const body = outcome[kind][action];
  await work.notify(tx, {
    userId,
    type: 'report_resolved',
    title: 'Votre signalement a été traité',
    body,
    link,
    mail: {
      subject: 'Votre signalement a été traité',
      text: `Bonjour,\n\n${body}\n\nL'équipe Closia`,
      ...(link ? { link: `${work.appUrl}${link}` } : {}),
    },
  });
}
