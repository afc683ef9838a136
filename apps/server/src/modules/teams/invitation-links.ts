/**
 * The link of an e-mail invitation sent to someone without an account: the sign-up page, carrying
 * the invitation and the address to prefill — `/auth/sign-up?invitation=<token>&email=<address>`.
 *
 * The token names the invitation and is signed with the app key over its id and its address, so
 * that it cannot be forged or moved to another invitation; it only lets the sign-up page say who
 * invites to which team. The invitation itself still goes to the account that verifies the
 * address (`addressedTo` in teams.service.ts): following the link grants nothing.
 */
import type { TeamInvitationPreview } from '@closia/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { teamInvitations, teams, users } from '../../db/schema';
import { hmac, safeEqual } from '../../lib/crypto';
import { notFound } from '../../lib/errors';

const signature = (appKey: string, id: number, email: string) =>
  hmac(`${appKey}:team-invitation`, `${id}:${email.toLowerCase()}`);

/** `<id>.<signature>`. */
export const invitationToken = (appKey: string, id: number, email: string) =>
  `${id}.${signature(appKey, id, email)}`;

/** The sign-up page for this invitation, its address prefilled. */
export function invitationSignUpLink(appUrl: string, appKey: string, id: number, email: string): string {
  const query = new URLSearchParams({ invitation: invitationToken(appKey, id, email), email });
  return `${appUrl}/auth/sign-up?${query}`;
}

/**
 * What the sign-up page shows of the invitation a token names: the team, who invites, the address.
 * 404 for a token that is malformed, forged, or names an invitation no longer waiting for an answer.
 */
export async function invitationPreview(
  db: DbOrTx,
  appKey: string,
  token: string,
): Promise<TeamInvitationPreview> {
  const match = /^(\d{1,10})\.([\w-]{1,100})$/.exec(token);
  const id = match ? Number(match[1]) : 0;
  const [row] =
    id > 0 && id <= 2_147_483_647
      ? await db
          .select({
            email: teamInvitations.email,
            status: teamInvitations.status,
            teamName: teams.name,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(teamInvitations)
          .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
          .leftJoin(users, eq(users.id, teamInvitations.invitedById))
          .where(eq(teamInvitations.id, id))
      : [];
  if (!row?.email || row.status !== 'pending' || !safeEqual(token, invitationToken(appKey, id, row.email))) {
    throw notFound('Invitation');
  }
  return {
    team: { name: row.teamName },
    invitedBy: row.firstName === null ? null : `${row.firstName} ${row.lastName}`,
    email: row.email,
  };
}
