/**
 * Helpers over the current user or a public profile (any object with the fields they read).
 */
import type { UserType } from './enums';

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
