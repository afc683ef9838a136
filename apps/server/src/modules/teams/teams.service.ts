/**
 * Teams: creation, settings, members and their roles, invitations, transfer of the creator role.
 * Capabilities per role are `teamCapabilities` (shared; ADR 011). A team is visible to its members
 * only: anyone else gets 404. A member who may see the team but not do something gets 403.
 */
import {
  channels,
  mayRemoveMember,
  type Paginated,
  type RealtimeEvent,
  type Team,
  type TeamCapability,
  type TeamCreateInput,
  type TeamListQuery,
  type TeamMember,
  type TeamMemberRole,
  type TeamUpdateInput,
  teamCan,
} from '@closia/shared';
import { and, count, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
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
import { requireRoomFor, requireTeamReceiver } from '../../lib/plan-usage';
import type { Storage } from '../../plugins/storage';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { readTeamAvatar, storeTeamAvatar, teamAvatarKey } from '../pictures/pictures.service';

export interface TeamActor {
  id: number;
  firstName: string;
  lastName: string;
}

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

type TeamChange = Extract<RealtimeEvent, { type: 'team.changed' }>['what'];

/** Tells the team's live pages what to refetch, once the write has committed. */
export const teamChanged = (work: UnitOfWork, teamId: number, what: TeamChange) =>
  work.broadcast(channels.team(teamId), { type: 'team.changed', teamId, what });

/** Deletes a stored team picture after the commit (an external URL is left alone). */
const forgetAvatar = (work: UnitOfWork, avatar: string | null | undefined) => {
  const key = teamAvatarKey(avatar ?? null);
  if (key) work.deleteFile(key);
};

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
  if (!teamCan(role, capability)) throw forbidden(refusals[capability], 'ROLE_REQUIRED');
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

// --------------------------------------------------------------------------------------- write

export const DEFAULT_CHAT_NAME = 'Général';

export async function createTeam(db: Db, userId: number, input: TeamCreateInput): Promise<Team> {
  const id = await db.transaction(async (tx) => {
    await requireRoomFor(tx, userId, 'teams');
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

/** Settings (creator); a stored avatar replaced by a URL is deleted after the commit. */
export async function updateTeam(
  db: Db,
  work: UnitOfWork,
  userId: number,
  teamId: number,
  input: TeamUpdateInput,
): Promise<Team> {
  await requireCapability(db, teamId, userId, 'editSettings');
  const [before] = await db.select({ avatar: teams.avatar }).from(teams).where(eq(teams.id, teamId));
  const changes: Partial<typeof teams.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (Object.keys(changes).length > 0) await db.update(teams).set(changes).where(eq(teams.id, teamId));
  if (input.avatar !== undefined && before?.avatar !== input.avatar) forgetAvatar(work, before?.avatar);
  teamChanged(work, teamId, 'team');
  return presentTeamById(db, userId, teamId);
}

/**
 * Stores a new team picture (re-encoded) or removes it (null); the one it replaces is deleted
 * after the commit (creator).
 */
export async function replaceTeamAvatar(
  db: Db,
  work: UnitOfWork,
  storage: Storage,
  userId: number,
  teamId: number,
  photo: Buffer | null,
): Promise<Team> {
  await requireCapability(db, teamId, userId, 'editSettings');
  const name = photo ? await storeTeamAvatar(storage, photo) : null;
  const [before] = await db.select({ avatar: teams.avatar }).from(teams).where(eq(teams.id, teamId));
  await db.update(teams).set({ avatar: name }).where(eq(teams.id, teamId));
  forgetAvatar(work, before?.avatar);
  teamChanged(work, teamId, 'team');
  return presentTeamById(db, userId, teamId);
}

/** The stored team picture, for its members, invitees and admins (anyone else: 404). */
export async function teamAvatarFile(
  db: DbOrTx,
  storage: Storage,
  viewer: AvatarViewer,
  teamId: number,
): Promise<Buffer> {
  if (!(await mayViewTeamAvatar(db, viewer, teamId))) throw notFound('File');
  const [team] = await db.select({ avatar: teams.avatar }).from(teams).where(eq(teams.id, teamId));
  const data = team?.avatar ? await readTeamAvatar(storage, team.avatar) : null;
  if (!data) throw notFound('File');
  return data;
}

/**
 * Deletes the team and everything in it. Its members are told, then every live subscription to
 * the team and its chats ends; its stored picture is deleted after the commit.
 */
export async function deleteTeam(db: Db, work: UnitOfWork, teamId: number): Promise<void> {
  const [row] = await db.delete(teams).where(eq(teams.id, teamId)).returning({ avatar: teams.avatar });
  if (!row) throw notFound('Team');
  forgetAvatar(work, row.avatar);
  teamChanged(work, teamId, 'deleted');
  work.revoke(null, channels.team(teamId));
}

/** The creator deletes their team. */
export async function deleteOwnTeam(db: Db, work: UnitOfWork, userId: number, teamId: number): Promise<void> {
  await requireCapability(db, teamId, userId, 'deleteTeam');
  await deleteTeam(db, work, teamId);
}

export async function changeRole(
  db: Db,
  work: UnitOfWork,
  actor: TeamActor,
  teamId: number,
  userId: number,
  role: 'admin' | 'member',
): Promise<TeamMember> {
  await requireCapability(db, teamId, actor.id, 'changeRoles');
  await db.transaction(async (tx) => {
    const target = await roleIn(tx, teamId, userId);
    if (!target) throw notFound('Member');
    if (target === 'creator')
      throw conflict('The creator role is given by a transfer', 'CREATOR_BY_TRANSFER');
    if (target === role) return;
    await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    const team = await teamName(tx, teamId);
    await work.notify(tx, {
      userId,
      type: 'team_role_changed',
      actorId: actor.id,
      title: role === 'admin' ? `Vous êtes administrateur de ${team}` : `Vous êtes membre de ${team}`,
      body: `${fullName(actor)} a changé votre rôle dans l'équipe.`,
      link: `/dashboard/team/${teamId}`,
    });
  });
  teamChanged(work, teamId, 'members');
  const found = (await listMembers(db, teamId)).find((m) => m.user.id === userId);
  return found!;
}

export async function teamName(db: DbOrTx, teamId: number): Promise<string> {
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
  work: UnitOfWork,
  actor: TeamActor,
  teamId: number,
  userId: number,
): Promise<void> {
  const actorRole = await requireMember(db, teamId, actor.id);
  await db.transaction(async (tx) => {
    if (userId === actor.id) {
      if (actorRole === 'creator')
        throw conflict('Transfer the creator role to another member before leaving', 'CREATOR_CANNOT_LEAVE');
    } else {
      const target = await roleIn(tx, teamId, userId);
      if (!target) throw notFound('Member');
      if (!teamCan(actorRole, 'removeMembers')) throw forbidden(refusals.removeMembers, 'ROLE_REQUIRED');
      if (!mayRemoveMember(actorRole, target))
        throw forbidden('Only the creator can remove an admin', 'ROLE_REQUIRED');
    }
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    if (userId !== actor.id) {
      await work.notify(tx, {
        userId,
        type: 'team_member_removed',
        actorId: actor.id,
        title: `Vous ne faites plus partie de ${await teamName(tx, teamId)}`,
        body: `${fullName(actor)} vous a retiré de l'équipe.`,
        link: '/dashboard/team',
      });
    }
  });
  // Cut off at once: no more messages of the team reach them, live or not; then the others hear.
  work.revoke(userId, channels.team(teamId));
  teamChanged(work, teamId, 'members');
}

/** Gives the creator role to another member; the former creator becomes admin. */
export async function transferTeam(
  db: Db,
  work: UnitOfWork,
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
    // The receiver creates the team from now on: it counts against their plan's teams.
    const [receiver] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    await requireTeamReceiver(tx, userId, fullName(receiver!));
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
    await work.notify(tx, {
      userId,
      type: 'team_role_changed',
      actorId: actor.id,
      title: `Vous êtes le créateur de ${await teamName(tx, teamId)}`,
      body: `${fullName(actor)} vous a transmis l'équipe.`,
      link: `/dashboard/team/${teamId}`,
    });
  });
  teamChanged(work, teamId, 'members');
  return presentTeamById(db, actor.id, teamId);
}

// --------------------------------------------------------------------------- who may see

/** Invitations addressed to this user: to their account, or to their verified e-mail address. */
export function addressedTo(user: { id: number; email: string; emailVerified: boolean }): SQL {
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

/** The signed-in user as an invitee: invitations reach their verified e-mail address too. */
export const asInvitee = (user: UserRow): Invitee & { admin: boolean } => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  firstName: user.firstName,
  lastName: user.lastName,
  admin: user.admin,
});

export type AvatarViewer = Pick<Invitee, 'id' | 'email' | 'emailVerified'> & { admin: boolean };

/**
 * May this user see the team's picture? Its members, whoever holds a pending invitation to it
 * (the invitation shows it) and admins of Closia (who list every team); anyone else gets the 404
 * of a team that does not exist for them.
 */
async function mayViewTeamAvatar(db: DbOrTx, user: AvatarViewer, teamId: number): Promise<boolean> {
  if (user.admin || (await roleIn(db, teamId, user.id)) !== null) return true;
  const [invitation] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending'), addressedTo(user)))
    .limit(1);
  return invitation !== undefined;
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
