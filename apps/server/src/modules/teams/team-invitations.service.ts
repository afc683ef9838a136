/**
 * Team invitations: to a user of Closia or to an e-mail address (the account that later verifies
 * it), listed for the team's creator and admins and for the invitee, cancelled, accepted or declined.
 */
import type { Team, TeamInvitation, TeamInvitationCreateInput, TeamInvitationStatus } from '@closia/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { teamInvitations, teamMembers, teams, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { participantAlias, presentOptionalParticipant } from '../../lib/participants';
import { requireTeamSeat } from '../../lib/plan-usage';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { invitationSignUpLink } from './invitation-links';
import {
  addressedTo,
  fullName,
  type Invitee,
  presentTeamById,
  requireCapability,
  roleIn,
  type TeamActor,
  teamAvatarUrl,
  teamChanged,
  teamName,
} from './teams.service';

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
  work: UnitOfWork,
  appKey: string,
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
      throw conflict('This person is already a member of the team', 'ALREADY_IN_TEAM');
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
    if (pending) throw conflict('This person is already invited', 'ALREADY_IN_TEAM');
    // A pending invitation holds a seat: members and invitations against the creator's plan.
    await requireTeamSeat(tx, actor.id, teamId);
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId, inviteeId: target?.id ?? null, email, invitedById: actor.id })
      .returning({ id: teamInvitations.id });
    const team = await teamName(tx, teamId);
    const link = `/dashboard/team?invitation=${row!.id}`;
    if (target) {
      await work.notify(tx, {
        userId: target.id,
        type: 'team_invitation',
        actorId: actor.id,
        title: `${fullName(actor)} vous invite dans l'équipe ${team}`,
        body: 'Acceptez pour rejoindre ses discussions, ses événements et son pipeline.',
        link,
        mail: {
          subject: `Invitation à rejoindre l'équipe ${team} sur Closia`,
          text: `Bonjour,\n\n${fullName(actor)} vous invite à rejoindre l'équipe « ${team} » sur Closia.\n\nAcceptez ou refusez l'invitation :\n${work.appUrl}${link}\n\nL'équipe Closia`,
          link: `${work.appUrl}${link}`,
        },
      });
    } else {
      // Someone without an account: the invitation waits for the account that verifies this
      // address. The link opens the sign-up page with the invitation and the address (invitation-links.ts).
      const signUp = invitationSignUpLink(work.appUrl, appKey, row!.id, email!);
      await work.mail(tx, {
        to: email!,
        subject: `${fullName(actor)} vous invite à rejoindre l'équipe ${team} sur Closia`,
        text: `Bonjour,\n\n${fullName(actor)} vous invite à rejoindre l'équipe « ${team} » sur Closia, la plateforme des setters, closers et infopreneurs.\n\nCréez votre compte avec cette adresse (${email}) :\n${signUp}\n\nUne fois votre adresse vérifiée, l'invitation vous attend dans « Équipes » :\n${work.appUrl}${link}\n\nL'équipe Closia`,
        link: signUp,
      });
    }
    return row!.id;
  });
  teamChanged(work, teamId, 'invitations');
  return invitationById(db, id);
}

export async function cancelInvitation(
  db: Db,
  work: UnitOfWork,
  userId: number,
  teamId: number,
  invitationId: number,
): Promise<void> {
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
  teamChanged(work, teamId, 'invitations');
}

/** The invitee answers. Accepting makes them a member (a member already: nothing more). */
async function answerInvitation(
  db: Db,
  work: UnitOfWork,
  user: Invitee,
  invitationId: number,
  accept: boolean,
): Promise<number> {
  const teamId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, invitationId), addressedTo(user)))
      .for('update');
    if (!row) throw notFound('Invitation');
    if (row.status !== 'pending')
      throw conflict(`This invitation is ${row.status} already`, 'INVITATION_ANSWERED');
    // Joining turns this invitation's seat into a member's: refused only when the team is full
    // without it (the creator's plan went down since the invitation).
    if (accept && !(await roleIn(tx, row.teamId, user.id))) await requireTeamSeat(tx, user.id, row.teamId, 1);
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
        await work.notify(tx, {
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
  if (accept) teamChanged(work, teamId, 'members');
  teamChanged(work, teamId, 'invitations');
  return teamId;
}

/** Accepts: the invitee joins the team as a member; answers the team. */
export async function acceptInvitation(
  db: Db,
  work: UnitOfWork,
  user: Invitee,
  invitationId: number,
): Promise<Team> {
  return presentTeamById(db, user.id, await answerInvitation(db, work, user, invitationId, true));
}

/** Declines: answers the invitation as it now stands. */
export async function declineInvitation(
  db: Db,
  work: UnitOfWork,
  user: Invitee,
  invitationId: number,
): Promise<TeamInvitation> {
  await answerInvitation(db, work, user, invitationId, false);
  return invitationById(db, invitationId);
}
