import { type TeamMemberRole, teamMemberRoleLabels } from '@closia/shared';

export const roleColor: Record<TeamMemberRole, string> = { creator: 'grape', admin: 'blue', member: 'gray' };
export const roleLabel = (role: TeamMemberRole) => teamMemberRoleLabels[role];

/** "3 membres". */
export const memberCountText = (n: number) => `${n} membre${n > 1 ? 's' : ''}`;

export const teamWording = {
  notFound: 'Cette équipe n’existe pas ou vous n’en faites plus partie.',
  forbidden: 'Votre rôle dans l’équipe ne permet pas cette action.',
};
