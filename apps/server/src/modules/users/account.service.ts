import type { EmailChangeInput, UserUpdateInput } from '@closia/shared';
import { verify } from '@node-rs/argon2';
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import * as schema from '../../db/schema';
import { logActivity } from '../../lib/activity';
import { fieldError } from '../../lib/errors';
import type { Mailer } from '../../plugins/mailer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { findUserByEmail, invalidToken, normalizeEmail } from '../auth/auth.service';
import { emailChangeMail, emailChangeNoticeMail } from '../auth/mails';
import { consumeToken, issueToken } from '../auth/tokens';
import { pictureKey } from '../pictures/pictures.service';
import { storedCoverKey } from '../posts/posts.service';
import { deleteVisitorTicketsOf, exportTicketsOf } from '../support/tickets.service';

const { users } = schema;

/** PUT /user: identity and public presentation. The activity names what changed when it is a name. */
export async function updateAccount(
  db: Db,
  work: UnitOfWork,
  user: UserRow,
  input: UserUpdateInput,
  request?: FastifyRequest,
) {
  const changed = Object.entries(input).filter(([, v]) => v !== undefined);
  if (changed.length === 0) return user;
  const [updated] = await db
    .update(users)
    .set(Object.fromEntries(changed))
    .where(eq(users.id, user.id))
    .returning();
  const keys = changed.map(([k]) => k);
  const action =
    keys.length === 1 && keys[0] === 'firstName'
      ? 'update-first-name'
      : keys.length === 1 && keys[0] === 'lastName'
        ? 'update-last-name'
        : 'update';
  await logActivity(db, user.id, action, request);
  work.forget({ user: user.id });
  return updated!;
}

/** Sends a confirmation link to the new address (and a notice to the old one); nothing changes until it is followed. */
export async function requestEmailChange(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  user: UserRow,
  input: EmailChangeInput,
) {
  if (!user.passwordHash || !(await verify(user.passwordHash, input.password))) {
    throw fieldError('password', 'currentPassword', 'The current password is incorrect');
  }
  const email = normalizeEmail(input.email);
  if (email === user.email) {
    throw fieldError('email', 'notSameAs', 'The email field and current email field must be different');
  }
  if (await findUserByEmail(deps.db, email))
    throw fieldError('email', 'unique', 'The email has already been taken');
  const token = await issueToken(deps.db, user.id, 'email_change', { email });
  const link = `${deps.appUrl}/auth/verify-email?token=${encodeURIComponent(token)}&type=email-change`;
  await deps.mailer.send(emailChangeMail(email, user.firstName, link));
  await deps.mailer.send(emailChangeNoticeMail(user.email, user.firstName, email));
}

/** Applies an e-mail change from its token: the new address becomes the login and is verified. */
export async function confirmEmailChange(db: Db, work: UnitOfWork, token: string, request?: FastifyRequest) {
  const userId = await db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'email_change');
    const email = row?.payload?.email;
    if (!row || typeof email !== 'string') throw invalidToken();
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw fieldError('email', 'unique', 'The email has already been taken');
    await tx.update(users).set({ email, emailVerifiedAt: new Date() }).where(eq(users.id, row.userId));
    await logActivity(tx, row.userId, 'update-email', request);
    return row.userId;
  });
  work.forget({ user: userId });
  return userId;
}

/**
 * Deletes the account and its personal data (RGPD): the row cascades to the profile, sessions,
 * tokens, activities, favorites, prospects, deals, posts…; stored pictures are removed too
 * (the avatar, the banner, the posts' covers). Support tickets go with the account, and so do those a
 * visitor opened with its verified e-mail.
 */
export async function deleteAccount(db: Db, work: UnitOfWork, user: UserRow) {
  const covers = await db
    .select({ name: schema.posts.coverImage })
    .from(schema.posts)
    .where(eq(schema.posts.authorId, user.id));
  await db.transaction(async (tx) => {
    // Only a verified address proves the visitor's tickets were this person's.
    if (user.emailVerifiedAt) await deleteVisitorTicketsOf(tx, user.email);
    await tx.delete(users).where(eq(users.id, user.id));
  });
  for (const key of [pictureKey('profile', user.profilePicture), pictureKey('banner', user.banner)]) {
    if (key) work.deleteFile(key);
  }
  for (const { name } of covers) {
    const key = storedCoverKey(name);
    if (key) work.deleteFile(key);
  }
  work.forget({ user: user.id });
}

const omit = <T extends object, K extends keyof T>(row: T, ...keys: K[]) => {
  const copy = { ...row };
  for (const k of keys) delete copy[k];
  return copy as Omit<T, K>;
};

/** Everything stored about the user (RGPD export), secrets excluded (password hash, token hashes, session ids). */
export async function exportAccount(db: Db, user: UserRow) {
  const s = schema;
  const mine = <T extends { userId: unknown }>(t: T) => eq(t.userId as never, user.id);
  const queries = {
    profile: db.select().from(s.profiles).where(mine(s.profiles)),
    activities: db
      .select()
      .from(s.userActivities)
      .where(mine(s.userActivities))
      .orderBy(desc(s.userActivities.createdAt)),
    sessions: db
      .select({
        ip: s.sessions.ip,
        userAgent: s.sessions.userAgent,
        createdAt: s.sessions.createdAt,
        lastSeenAt: s.sessions.lastSeenAt,
        expiresAt: s.sessions.expiresAt,
      })
      .from(s.sessions)
      .where(mine(s.sessions)),
    favorites: db.select().from(s.favorites).where(mine(s.favorites)),
    services: db.select().from(s.services).where(eq(s.services.infopreneurId, user.id)),
    missions: db.select().from(s.missions).where(eq(s.missions.infopreneurId, user.id)),
    applications: db.select().from(s.applications).where(mine(s.applications)),
    prospects: db.select().from(s.prospects).where(eq(s.prospects.ownerId, user.id)),
    deals: db.select().from(s.deals).where(eq(s.deals.ownerId, user.id)),
    posts: db.select().from(s.posts).where(eq(s.posts.authorId, user.id)),
    postComments: db.select().from(s.postComments).where(eq(s.postComments.authorId, user.id)),
    postLikes: db.select().from(s.postLikes).where(mine(s.postLikes)),
    contentReports: db.select().from(s.contentReports).where(eq(s.contentReports.reporterId, user.id)),
    webinars: db.select().from(s.webinars).where(mine(s.webinars)),
    webinarRegistrations: db.select().from(s.webinarRegistrations).where(mine(s.webinarRegistrations)),
    teamMemberships: db.select().from(s.teamMembers).where(mine(s.teamMembers)),
    messages: db.select().from(s.messages).where(eq(s.messages.senderId, user.id)),
    conversations: db.select().from(s.conversationParticipants).where(mine(s.conversationParticipants)),
    subscriptions: db.select().from(s.subscriptions).where(mine(s.subscriptions)),
    invoices: db.select().from(s.invoices).where(mine(s.invoices)),
    supportTickets: exportTicketsOf(db, user),
    roadMapVotes: db.select().from(s.roadMapVotes).where(mine(s.roadMapVotes)),
    roadMapSuggestions: db.select().from(s.roadMapItems).where(eq(s.roadMapItems.suggestedById, user.id)),
    advertisements: db.select().from(s.advertisements).where(eq(s.advertisements.infopreneurId, user.id)),
    mails: db
      .select({
        subject: s.mailOutbox.subject,
        createdAt: s.mailOutbox.createdAt,
        sentAt: s.mailOutbox.sentAt,
      })
      .from(s.mailOutbox)
      .where(eq(s.mailOutbox.to, user.email)),
    proposedWorkSectors: db.select().from(s.workSectors).where(eq(s.workSectors.proposedById, user.id)),
    proposedSkills: db.select().from(s.skills).where(eq(s.skills.proposedById, user.id)),
  };
  const results = Object.fromEntries(
    await Promise.all(Object.entries(queries).map(async ([key, query]) => [key, await query] as const)),
  ) as { [K in keyof typeof queries]: Awaited<(typeof queries)[K]> };
  const { profile, proposedWorkSectors, proposedSkills, ...lists } = results;
  return {
    exportedAt: new Date().toISOString(),
    user: omit(user, 'passwordHash', 'googleAccessToken'),
    profile: profile[0] ?? null,
    ...lists,
    proposals: { workSectors: proposedWorkSectors, skills: proposedSkills },
  };
}
