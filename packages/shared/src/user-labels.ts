/**
 * The French labels of a user's type and of the activities (account history): apart from user.ts,
 * whose helpers the web's start-up uses without the enums' labels (their chunk loads later).
 */
import { type ActivityAction, activityActionLabels, userTypeLabels } from './enums';
import { type UserLike, userType } from './user';

/** French label of the user type ("Utilisateur" when unknown). */
export function userTypeLabel(user: UserLike | null | undefined): string {
  return userTypeLabels[userType(user)];
}

/** Mantine colour per known activity action. */
export const activityColors: Record<ActivityAction, string> = {
  login: 'green',
  logout: 'gray',
  register: 'blue',
  update: 'teal',
  change_password: 'orange',
  'forgot-password': 'yellow',
  'reset-password': 'orange',
  'email-verified': 'green',
  'email-verification': 'cyan',
  'update-profile-picture': 'grape',
  'update-banner': 'violet',
  'update-password': 'orange',
  'update-email': 'indigo',
  'update-username': 'pink',
  'update-first-name': 'teal',
  'update-last-name': 'teal',
  'update-bio': 'lime',
};

/** Mantine colours an unknown action's colour is picked from. */
export const activityColorPalette = [
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'lime',
  'orange',
  'pink',
  'red',
  'teal',
  'violet',
  'yellow',
] as const;

function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Label and colour of an activity: known actions have their own; unknown ones show the raw name. */
export function activityLabel(action: string): { label: string; color: string } {
  if (Object.hasOwn(activityActionLabels, action)) {
    const known = action as ActivityAction;
    return { label: activityActionLabels[known], color: activityColors[known] };
  }
  const color = activityColorPalette[hashString(action) % activityColorPalette.length] ?? 'gray';
  return { label: action, color };
}
