/**
 * What each team role may do (docs/decisions/011-teams.md). The server enforces it on every
 * request; the web app uses the same table to offer only what the caller may do.
 */
import type { TeamMemberRole } from './enums';

export const teamCapabilities = {
  /** See the team, its members, chats, events and shared pipeline. */
  read: ['creator', 'admin', 'member'],
  /** Write in the team's chats. */
  writeChats: ['creator', 'admin', 'member'],
  /** Create events (and edit or delete one's own). */
  createEvents: ['creator', 'admin', 'member'],
  /** See, edit and move the team's open deals (winning, losing and handing off stay with each deal's owner). */
  workPipeline: ['creator', 'admin', 'member'],
  /** Invite people and cancel invitations. */
  invite: ['creator', 'admin'],
  /** Remove members (an admin removes members only; the creator removes admins too). */
  removeMembers: ['creator', 'admin'],
  /** Create, rename and delete chats (not the default one). */
  manageChats: ['creator', 'admin'],
  /** Edit and delete anyone's events. */
  manageEvents: ['creator', 'admin'],
  /** Change the name, description and avatar. */
  editSettings: ['creator'],
  /** Make a member admin or back. */
  changeRoles: ['creator'],
  /** Give the creator role to another member (and become admin). */
  transfer: ['creator'],
  /** Delete the team. */
  deleteTeam: ['creator'],
} as const satisfies Record<string, readonly TeamMemberRole[]>;

export type TeamCapability = keyof typeof teamCapabilities;

export function teamCan(role: TeamMemberRole | null | undefined, capability: TeamCapability): boolean {
  return !!role && (teamCapabilities[capability] as readonly TeamMemberRole[]).includes(role);
}

/** May `actor` remove `target` from the team (someone else than themself)? */
export function mayRemoveMember(actor: TeamMemberRole | null | undefined, target: TeamMemberRole): boolean {
  if (actor === 'creator') return target !== 'creator';
  if (actor === 'admin') return target === 'member';
  return false;
}
