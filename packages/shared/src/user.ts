/**
 * Helpers over the current user or a public profile (any object with the fields they read).
 */
import { type ActivityAction, activityActionLabels, type UserType, userTypeLabels } from './enums';

export interface SubProfileLike {
  finishedProfileSetup?: boolean | null;
}

/** The structural subset of `CurrentUser` the helpers read; public profiles satisfy it too. */
export interface UserLike {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  email?: string | null;
  profilePicture?: string | null;
  banner?: string | null;
  setter?: SubProfileLike | null;
  closer?: SubProfileLike | null;
  setterCloser?: SubProfileLike | null;
  infopreneur?: SubProfileLike | null;
}

export const defaultApiBase = '/api/v1';

/** Avatar address: an http(s) picture as is, else the upload path with type=profile; null without picture. */
export function avatarUrl(
  user: UserLike | null | undefined,
  apiBase: string = defaultApiBase,
): string | null {
  const file = user?.profilePicture;
  if (!file) return null;
  if (file.startsWith('http')) return file;
  return `${apiBase}/user/upload/${encodeURIComponent(file)}?type=profile`;
}

/** Banner address: an http(s) image as is, else the upload path; null without banner. */
export function bannerUrl(
  user: UserLike | null | undefined,
  apiBase: string = defaultApiBase,
): string | null {
  const file = user?.banner;
  if (!file) return null;
  if (file.startsWith('http')) return file;
  return `${apiBase}/user/upload/${file}`;
}

/** The user type, from which sub-profile exists (setter-closer first). */
export function userType(user: UserLike | null | undefined): UserType {
  if (!user) return 'unknown';
  if (user.setterCloser) return 'setter_closer';
  if (user.setter) return 'setter';
  if (user.closer) return 'closer';
  if (user.infopreneur) return 'infopreneur';
  return 'unknown';
}

/** French label of the user type ("Utilisateur" when unknown). */
export function userTypeLabel(user: UserLike | null | undefined): string {
  return userTypeLabels[userType(user)];
}

/** Setter, including setter-closer. */
export function isSetter(user: UserLike | null | undefined): boolean {
  const type = userType(user);
  return type === 'setter' || type === 'setter_closer';
}

/** Closer, including setter-closer. */
export function isCloser(user: UserLike | null | undefined): boolean {
  const type = userType(user);
  return type === 'closer' || type === 'setter_closer';
}

export function isInfopreneur(user: UserLike | null | undefined): boolean {
  return userType(user) === 'infopreneur';
}

type ProfileOf<U extends UserLike> = NonNullable<
  U['setterCloser'] | U['setter'] | U['closer'] | U['infopreneur']
>;

/** The sub-profile matching the user type, or null. */
export function activeProfile<U extends UserLike>(user: U | null | undefined): ProfileOf<U> | null {
  if (!user) return null;
  const profile = user.setterCloser ?? user.setter ?? user.closer ?? user.infopreneur ?? null;
  return (profile ?? null) as ProfileOf<U> | null;
}

/** Onboarding is complete when the relevant sub-profile has finishedProfileSetup true (spec §4). */
export function hasFinishedOnboarding(user: UserLike | null | undefined): boolean {
  return activeProfile(user)?.finishedProfileSetup === true;
}

function firstLetter(value: string | null | undefined): string {
  const letter = Array.from(value?.trim() ?? '')[0];
  return letter ? letter.toLocaleUpperCase('fr-FR') : '';
}

/** Up to two upper-case initials: first and last name, else the full name's words, else the e-mail, else '?'. */
export function initials(user: UserLike | null | undefined): string {
  const fromNames = firstLetter(user?.firstName) + firstLetter(user?.lastName);
  if (fromNames) return fromNames;
  const words = (user?.fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const fromFullName = firstLetter(words[0]) + (words.length > 1 ? firstLetter(words[words.length - 1]) : '');
  if (fromFullName) return fromFullName;
  return firstLetter(user?.email) || '?';
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

const euroFormatters = new Map<number, Intl.NumberFormat>();

/** Amount in euros, French style: '1 500 €', '12,50 €' (no decimals for whole amounts). */
export function formatEuro(amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  let formatter = euroFormatters.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    euroFormatters.set(digits, formatter);
  }
  return formatter.format(amount);
}
