import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** The latest outgoing e-mails, newest first, to one address or all (without SMTP, they stay here). */
export async function latestMails(db: DbOrTx, query: { to?: string; limit: number }) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(query.to ? eq(mailOutbox.to, query.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(query.limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    link: r.link,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
