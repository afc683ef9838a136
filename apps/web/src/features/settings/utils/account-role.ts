import {
  type CurrentUser,
  type RegistrationRole,
  registrationRoles,
  type UserType,
  userType,
} from '@closia/shared';

const roleOfType: Record<Exclude<UserType, 'unknown'>, RegistrationRole> = {
  setter: 'setter',
  closer: 'closer',
  setter_closer: 'setter-closer',
  infopreneur: 'infopreneur',
};

/** The account type: from the sub-profile, else the role chosen at registration; null when neither. */
export function currentRole(user: CurrentUser): RegistrationRole | null {
  const type = userType(user);
  if (type !== 'unknown') return roleOfType[type];
  return (registrationRoles as readonly string[]).includes(user.role ?? '')
    ? (user.role as RegistrationRole)
    : null;
}
