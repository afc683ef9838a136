/**
 * Teams: creation, settings, members and their roles, invitations, transfer of the creator role.
 * Capabilities per role are `teamCapabilities` (shared; ADR 011). A team is visible to its members
 * only: anyone else gets 404. A member who may see the team but not do something gets 403.
 */
import {
  mayRemoveMember,
  type Paginated,
  type Team,
  type TeamCapability,
  type TeamCreateInput,
  type TeamInvitation,
  type TeamInvitationCreateInput,
  type TeamInvitationStatus,
  type TeamListQuery,
  type TeamMember,
  type TeamMemberRole,
  type TeamUpdateInput,
  teamCan,
} from '@closia/shared';
import { and, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { chats, profiles, teamInvitations, teamMembers, teams, users } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { wordsMatch } from '../../lib/name-search';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import {
  participantAlias,
  participantColumns,
  presentOptionalParticipant,
  presentParticipant,
} from '../../lib/participants';
import type { Mailer } from '../../plugins/mailer';
import type { NotificationOutbox } from '../notifications/notifications.service';
import { invitationSignUpLink } from './invitation-links';

export interface TeamActor {
  id: number;
  firstName: string;
  lastName: string;
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** The user's role in the team, or null when not a member. */
export async function roleIn(db: DbOrTx, teamId: number, userId: number): Promise<TeamMemberRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return (row?.role as TeamMemberRole | undefined) ?? null;
}

/** The caller's role; 404 when not a member (the team does not exist for them). */
export async function requireMember(db: DbOrTx, teamId: number, userId: number): Promise<TeamMemberRole> {
  const role = await roleIn(db, teamId, userId);
  if (!role) throw notFound('Team');
  return role;
}

const refusals: Record<TeamCapability, string> = {
  read: 'Only members can see this team',
  writeChats: 'Only members can write in this team',
  createEvents: 'Only members can create events',
  workPipeline: "Only members can work the team's pipeline",
  invite: "Only the team's creator and admins can invite",
  removeMembers: "Only the team's creator and admins can remove members",
  manageChats: "Only the team's creator and admins can manage chats",
  manageEvents: "Only the team's creator and admins can manage other members' events",
  editSettings: "Only the team's creator can change its settings",
  changeRoles: "Only the team's creator can change roles",
  transfer: "Only the team's creator can transfer the team",
  deleteTeam: "Only the team's creator can delete the team",
};

/** The caller's role, checked against a capability: 404 for non-members, 403 for the rest. */
export async function requireCapability(
  db: DbOrTx,
  teamId: number,
  userId: number,
  capability: TeamCapability,
): Promise<TeamMemberRole> {
  const role = await requireMember(db, teamId, userId);
  if (!teamCan(role, capability)) throw forbidden(refusals[capability]);
  return role;
}

// ---------------------------------------------------------------------------------------- read

const creator = participantAlias('creator');

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} tm where tm.team_id = ${teams.id})`;
const defaultChatId = sql<number | null>`(
  select c.id from ${chats} c where c.team_id = ${teams.id} and c.is_default order by c.id limit 1
)`;

function selectTeams(db: DbOrTx, viewerId: number) {
  return db
    .select({
      team: teams,
      creator: creator.columns,
      memberCount,
      defaultChatId,
      myRole: sql<TeamMemberRole | null>`(
        select tm.role from ${teamMembers} tm where tm.team_id = ${teams.id} and tm.user_id = ${viewerId}
      )`,
    })
    .from(teams)
    .leftJoin(creator.user, creator.on(teams.createdById))
    .leftJoin(creator.profile, creator.profileOn);
}
type TeamRow = Awaited<ReturnType<ReturnType<typeof selectTeams>['execute']>>[number];

/** A team's avatar for an <img>: an external URL as is, a stored picture through the API. */
export const teamAvatarUrl = (team: { id: number; avatar: string | null }) =>
  !team.avatar
    ? null
    : team.avatar.startsWith('http')
      ? team.avatar
      : `/api/v1/teams/${team.id}/avatar?v=${team.avatar}`;

function presentTeam(row: TeamRow): Team {
  return {
    id: row.team.id,
    name: row.team.name,
    description: row.team.description,
    avatar: teamAvatarUrl(row.team),
    creator: presentOptionalParticipant(row.creator),
    memberCount: row.memberCount,
    myRole: row.myRole,
    defaultChatId: row.defaultChatId,
    createdAt: row.team.createdAt.toISOString(),
    updatedAt: row.team.updatedAt.toISOString(),
  };
}

/** One team as its member (or an admin of Closia) sees it. */
export async function presentTeamById(db: DbOrTx, viewerId: number, teamId: number): Promise<Team> {
  const [row] = await selectTeams(db, viewerId).where(eq(teams.id, teamId));
  if (!row) throw notFound('Team');
  return presentTeam(row);
}

export async function getTeam(db: DbOrTx, userId: number, teamId: number): Promise<Team> {
  await requireMember(db, teamId, userId);
  return presentTeamById(db, userId, teamId);
}

const isMemberOf = (userId: number) =>
  sql`exists (select 1 from ${teamMembers} tm where tm.team_id = ${teams.id} and tm.user_id = ${userId})`;

async function pageOfTeams(db: DbOrTx, viewerId: number, where: SQL | undefined, query: TeamListQuery) {
  const [rows, [total]] = await Promise.all([
    selectTeams(db, viewerId)
      .where(where)
      .orderBy(desc(teams.updatedAt), desc(teams.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(teams).where(where),
  ]);
  return { data: rows.map(presentTeam), meta: paginationMeta(total?.n ?? 0, query) };
}

export const listMyTeams = (db: DbOrTx, userId: number, query: TeamListQuery): Promise<Paginated<Team>> =>
  pageOfTeams(db, userId, and(isMemberOf(userId), wordsMatch([teams.name], query.query)), query);

/** Every team (admins of Closia): search by name or description. */
export const listAllTeams = (db: DbOrTx, adminId: number, query: TeamListQuery): Promise<Paginated<Team>> =>
  pageOfTeams(db, adminId, wordsMatch([teams.name, teams.description], query.query), query);

const member = participantAlias('member');

export async function listMembers(db: DbOrTx, teamId: number): Promise<TeamMember[]> {
  const rows = await db
    .select({ role: teamMembers.role, joinedAt: teamMembers.createdAt, user: member.columns })
    .from(teamMembers)
    .innerJoin(member.user, member.on(teamMembers.userId))
    .leftJoin(member.profile, member.profileOn)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'creator' then 0 when 'admin' then 1 else 2 end`,
      member.user.firstName,
      member.user.lastName,
    );
  return rows.map((row) => ({
    user: presentParticipant(row.user),
    role: row.role as TeamMemberRole,
    joinedAt: row.joinedAt.toISOString(),
  }));
}

export async function memberIds(db: DbOrTx, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.id);
}

// --------------------------------------------------------------------------------------- write

export const DEFAULT_CHAT_NAME = 'Général';

export async function createTeam(db: Db, userId: number, input: TeamCreateInput): Promise<Team> {
  const id = await db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({
        name: input.name,
        description: input.description || null,
        avatar: input.avatar ?? null,
        createdById: userId,
      })
      .returning({ id: teams.id });
    await tx.insert(teamMembers).values({ teamId: team!.id, userId, role: 'creator' });
    await tx
      .insert(chats)
      .values({ teamId: team!.id, name: DEFAULT_CHAT_NAME, isDefault: true, createdById: userId });
    return team!.id;
  });
  return presentTeamById(db, userId, id);
}

/** Settings (creator). Answers the stored avatar it replaced, for the caller to delete. */
export async function updateTeam(db: Db, userId: number, teamId: number, input: TeamUpdateInput) {
  await requireCapability(db, teamId, userId, 'editSettings');
  const [before] = await db.select({ avatar: teams.avatar }).from(teams).where(eq(teams.id, teamId));
  const changes: Partial<typeof teams.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (Object.keys(changes).length > 0) await db.update(teams).set(changes).where(eq(teams.id, teamId));
  const replaced =
    input.avatar !== undefined && before?.avatar !== input.avatar ? (before?.avatar ?? null) : null;
  return { team: await presentTeamById(db, userId, teamId), replacedAvatar: replaced };
}

/** Points the team's avatar at a stored picture (or none); answers the one it replaced. */
export async function setTeamAvatar(db: Db, teamId: number, name: string | null): Promise<string | null> {
  const [before] = await db.select({ avatar: teams.avatar }).from(teams).where(eq(teams.id, teamId));
  await db.update(teams).set({ avatar: name }).where(eq(teams.id, teamId));
  return before?.avatar ?? null;
}

/** Deletes the team and everything in it; answers who was in it, to tell them. */
export async function deleteTeam(
  db: Db,
  teamId: number,
): Promise<{ members: number[]; avatar: string | null }> {
  return db.transaction(async (tx) => {
    const members = await memberIds(tx, teamId);
    const [row] = await tx.delete(teams).where(eq(teams.id, teamId)).returning({ avatar: teams.avatar });
    if (!row) throw notFound('Team');
    return { members, avatar: row.avatar };
  });
}

export async function changeRole(
  db: Db,
  outbox: NotificationOutbox,
  actor: TeamActor,
  teamId: number,
  userId: number,
  role: 'admin' | 'member',
): Promise<TeamMember> {
  await requireCapability(db, teamId, actor.id, 'changeRoles');
  await db.transaction(async (tx) => {
    const target = await roleIn(tx, teamId, userId);
    if (!target) throw notFound('Member');
    if (target === 'creator') throw conflict('The creator role is given by a transfer');
    if (target === role) return;
    await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    const team = await teamName(tx, teamId);
    await outbox.add(tx, {
      userId,
      type: 'team_role_changed',
      actorId: actor.id,
      title: role === 'admin' ? `Vous êtes administrateur de ${team}` : `Vous êtes membre de ${team}`,
      body: `${fullName(actor)} a changé votre rôle dans l'équipe.`,
      link: `/dashboard/team/${teamId}`,
    });
  });
  const found = (await listMembers(db, teamId)).find((m) => m.user.id === userId);
  return found!;
}

async function teamName(db: DbOrTx, teamId: number): Promise<string> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  if (!row) throw notFound('Team');
  return row.name;
}

/**
 * Removes a member (creator: anyone else; admin: members), or the caller leaves (anyone but the
 * creator, who transfers the team first: 409).
 */
export async function removeMember(
  db: Db,
  outbox: NotificationOutbox,
  actor: TeamActor,
  teamId: number,
  userId: number,
): Promise<void> {
  const actorRole = await requireMember(db, teamId, actor.id);
  await db.transaction(async (tx) => {
    if (userId === actor.id) {
      if (actorRole === 'creator')
        throw conflict('Transfer the creator role to another member before leaving');
    } else {
      const target = await roleIn(tx, teamId, userId);
      if (!target) throw notFound('Member');
      if (!teamCan(actorRole, 'removeMembers')) throw forbidden(refusals.removeMembers);
      if (!mayRemoveMember(actorRole, target)) throw forbidden('Only the creator can remove an admin');
    }
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    if (userId !== actor.id) {
      await outbox.add(tx, {
        userId,
        type: 'team_member_removed',
        actorId: actor.id,
        title: `Vous ne faites plus partie de ${await teamName(tx, teamId)}`,
        body: `${fullName(actor)} vous a retiré de l'équipe.`,
        link: '/dashboard/team',
      });
    }
  });
}

/** Gives the creator role to another member; the former creator becomes admin. */
export async function transferTeam(
  db: Db,
  outbox: NotificationOutbox,
  actor: TeamActor,
  teamId: number,
  userId: number,
): Promise<Team> {
  await requireCapability(db, teamId, actor.id, 'transfer');
  if (userId === actor.id)
    throw fieldError('userId', 'notSameAs', 'You are already the creator', { otherField: 'me' });
  await db.transaction(async (tx) => {
    if (!(await roleIn(tx, teamId, userId)))
      throw fieldError('userId', 'exists', 'The selected userId is not a member');
    // Demote first: a team has one creator (unique index).
    await tx
      .update(teamMembers)
      .set({ role: 'admin' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actor.id)));
    await tx
      .update(teamMembers)
      .set({ role: 'creator' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await tx.update(teams).set({ createdById: userId }).where(eq(teams.id, teamId));
    await outbox.add(tx, {
      userId,
      type: 'team_role_changed',
      actorId: actor.id,
      title: `Vous êtes le créateur de ${await teamName(tx, teamId)}`,
      body: `${fullName(actor)} vous a transmis l'équipe.`,
      link: `/dashboard/team/${teamId}`,
    });
  });
  return presentTeamById(db, actor.id, teamId);
}

// --------------------------------------------------------------------------------- invitations

const invitee = participantAlias('invitee');
const inviter = participantAlias('inviter');

function selectInvitations(db: DbOrTx) {
  return db
    .select({
      invitation: teamInvitations,
      team: { id: teams.id, name: teams.name, avatar: teams.avatar },
      invitee: invitee.columns,
      inviter: inviter.columns,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(invitee.user, invitee.on(teamInvitations.inviteeId))
    .leftJoin(invitee.profile, invitee.profileOn)
    .leftJoin(inviter.user, inviter.on(teamInvitations.invitedById))
    .leftJoin(inviter.profile, inviter.profileOn);
}
type InvitationRow = Awaited<ReturnType<ReturnType<typeof selectInvitations>['execute']>>[number];

function presentInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.invitation.id,
    team: { id: row.team.id, name: row.team.name, avatar: teamAvatarUrl(row.team) },
    invitee: presentOptionalParticipant(row.invitee),
    email: row.invitation.email,
    invitedBy: presentOptionalParticipant(row.inviter),
    status: row.invitation.status as TeamInvitationStatus,
    createdAt: row.invitation.createdAt.toISOString(),
    respondedAt: row.invitation.respondedAt?.toISOString() ?? null,
  };
}

async function invitationById(db: DbOrTx, id: number): Promise<TeamInvitation> {
  const [row] = await selectInvitations(db).where(eq(teamInvitations.id, id));
  if (!row) throw notFound('Invitation');
  return presentInvitation(row);
}

export async function listTeamInvitations(
  db: DbOrTx,
  userId: number,
  teamId: number,
): Promise<TeamInvitation[]> {
  await requireCapability(db, teamId, userId, 'invite');
  const rows = await selectInvitations(db)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending')))
    .orderBy(desc(teamInvitations.id));
  return rows.map(presentInvitation);
}

/** Invitations addressed to this user: to their account, or to their verified e-mail address. */
function addressedTo(user: { id: number; email: string; emailVerified: boolean }): SQL {
  return user.emailVerified
    ? (or(
        eq(teamInvitations.inviteeId, user.id),
        and(isNull(teamInvitations.inviteeId), eq(teamInvitations.email, user.email)),
      ) as SQL)
    : eq(teamInvitations.inviteeId, user.id);
}

export interface Invitee {
  id: number;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * May this user see the team's picture? Its members, whoever holds a pending invitation to it
 * (the invitation shows it) and admins of Closia (who list every team); anyone else gets the 404
 * of a team that does not exist for them.
 */
export async function mayViewTeamAvatar(
  db: DbOrTx,
  user: Pick<Invitee, 'id' | 'email' | 'emailVerified'> & { admin: boolean },
  teamId: number,
): Promise<boolean> {
  if (user.admin || (await roleIn(db, teamId, user.id)) !== null) return true;
  const [invitation] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending'), addressedTo(user)))
    .limit(1);
  return invitation !== undefined;
}

export async function myInvitations(db: DbOrTx, user: Invitee): Promise<TeamInvitation[]> {
  const rows = await selectInvitations(db)
    .where(and(addressedTo(user), eq(teamInvitations.status, 'pending')))
    .orderBy(desc(teamInvitations.id));
  return rows.map(presentInvitation);
}

export async function getMyInvitation(db: DbOrTx, user: Invitee, id: number): Promise<TeamInvitation> {
  const [row] = await selectInvitations(db).where(and(eq(teamInvitations.id, id), addressedTo(user)));
  if (!row) throw notFound('Invitation');
  return presentInvitation(row);
}

/**
 * Invites a user of Closia, or an e-mail address (an address that has an account invites that
 * account). 409 when they are a member already or invited and not answered yet.
 */
export async function invite(
  db: Db,
  deps: { outbox: NotificationOutbox; mailer: Mailer; appUrl: string; appKey: string },
  actor: TeamActor,
  teamId: number,
  input: TeamInvitationCreateInput,
): Promise<TeamInvitation> {
  await requireCapability(db, teamId, actor.id, 'invite');
  const id = await db.transaction(async (tx) => {
    let target: { id: number } | undefined;
    if (input.userId !== undefined) {
      [target] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.userId), isNull(users.suspendedAt)));
      if (!target) throw notFound('User');
    } else {
      [target] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email!), isNull(users.suspendedAt)));
    }
    if (target && (await roleIn(tx, teamId, target.id)))
      throw conflict('This person is already a member of the team');
    const email = target ? null : input.email!;
    const [pending] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          eq(teamInvitations.status, 'pending'),
          target ? eq(teamInvitations.inviteeId, target.id) : eq(teamInvitations.email, email!),
        ),
      );
    if (pending) throw conflict('This person is already invited');
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId, inviteeId: target?.id ?? null, email, invitedById: actor.id })
      .returning({ id: teamInvitations.id });
    const team = await teamName(tx, teamId);
    const link = `/dashboard/team?invitation=${row!.id}`;
    if (target) {
      await deps.outbox.add(tx, {
        userId: target.id,
        type: 'team_invitation',
        actorId: actor.id,
        title: `${fullName(actor)} vous invite dans l'équipe ${team}`,
        body: 'Acceptez pour rejoindre ses discussions, ses événements et son pipeline.',
        link,
        mail: {
          subject: `Invitation à rejoindre l'équipe ${team} sur Closia`,
          text: `Bonjour,\n\n${fullName(actor)} vous invite à rejoindre l'équipe « ${team} » sur Closia.\n\nAcceptez ou refusez l'invitation :\n${deps.appUrl}${link}\n\nL'équipe Closia`,
          link: `${deps.appUrl}${link}`,
        },
      });
    } else {
      // Someone without an account: the invitation waits for the account that verifies this
      // address. The link opens the sign-up page with the invitation and the address (invitation-links.ts).
      const signUp = invitationSignUpLink(deps.appUrl, deps.appKey, row!.id, email!);
      await deps.mailer.send(
        {
          to: email!,
          subject: `${fullName(actor)} vous invite à rejoindre l'équipe ${team} sur Closia`,
          text: `Bonjour,\n\n${fullName(actor)} vous invite à rejoindre l'équipe « ${team} » sur Closia, la plateforme des setters, closers et infopreneurs.\n\nCréez votre compte avec cette adresse (${email}) :\n${signUp}\n\nUne fois votre adresse vérifiée, l'invitation vous attend dans « Équipes » :\n${deps.appUrl}${link}\n\nL'équipe Closia`,
          link: signUp,
        },
        tx,
      );
    }
    return row!.id;
  });
  return invitationById(db, id);
}

export async function cancelInvitation(db: Db, userId: number, teamId: number, invitationId: number) {
  await requireCapability(db, teamId, userId, 'invite');
  const rows = await db
    .update(teamInvitations)
    .set({ status: 'cancelled', respondedAt: new Date() })
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.status, 'pending'),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (rows.length === 0) throw notFound('Invitation');
}

/** The invitee answers. Accepting makes them a member (a member already: nothing more). */
export async function answerInvitation(
  db: Db,
  outbox: NotificationOutbox,
  user: Invitee,
  invitationId: number,
  accept: boolean,
): Promise<{ teamId: number; invitation: TeamInvitation }> {
  const teamId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, invitationId), addressedTo(user)))
      .for('update');
    if (!row) throw notFound('Invitation');
    if (row.status !== 'pending') throw conflict(`This invitation is ${row.status} already`);
    await tx
      .update(teamInvitations)
      .set({ status: accept ? 'accepted' : 'declined', respondedAt: new Date(), inviteeId: user.id })
      .where(eq(teamInvitations.id, invitationId));
    if (accept) {
      await tx
        .insert(teamMembers)
        .values({ teamId: row.teamId, userId: user.id, role: 'member' })
        .onConflictDoNothing();
      if (row.invitedById && row.invitedById !== user.id) {
        await outbox.add(tx, {
          userId: row.invitedById,
          type: 'team_invitation_accepted',
          actorId: user.id,
          title: `${fullName(user)} a rejoint ${await teamName(tx, row.teamId)}`,
          link: `/dashboard/team/${row.teamId}`,
        });
      }
    }
    return row.teamId;
  });
  return { teamId, invitation: await invitationById(db, invitationId) };
}

/** Ids of the given users who are members of the team. */
export async function membersAmong(db: DbOrTx, teamId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  return rows.map((r) => r.id);
}

/** Members of the team other than `userId`, with what a notification needs. */
export async function otherMembers(db: DbOrTx, teamId: number, userId: number) {
  return db
    .select(participantColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, userId)));
}
