import { describe, expect, it } from 'vitest';
import { errorPageContent, pageTitle } from './page-title';
import type { CurrentUser, SalesProfile } from './responses/users';
import {
  activeProfile,
  avatarUrl,
  bannerUrl,
  formatEuro,
  hasFinishedOnboarding,
  initials,
  isCloser,
  isInfopreneur,
  isSetter,
  userType,
} from './user';
import { activityColorPalette, activityLabel, userTypeLabel } from './user-labels';

const profile = (finished: boolean) => ({ finishedProfileSetup: finished });

describe('avatarUrl and bannerUrl', () => {
  it('avatar: null without a picture', () => {
    expect(avatarUrl({ profilePicture: null })).toBeNull();
    expect(avatarUrl({ profilePicture: '' })).toBeNull();
    expect(avatarUrl(null)).toBeNull();
  });

  it('avatar: an http(s) address is used as is', () => {
    expect(avatarUrl({ profilePicture: 'https://lh3.googleusercontent.com/a/x' })).toBe(
      'https://lh3.googleusercontent.com/a/x',
    );
    expect(avatarUrl({ profilePicture: 'http://cdn.fr/a.png' })).toBe('http://cdn.fr/a.png');
  });

  it('avatar: a file is served from the upload path with type=profile', () => {
    expect(avatarUrl({ profilePicture: 'abc 1.png' })).toBe('/api/v1/user/upload/abc%201.png?type=profile');
    expect(avatarUrl({ profilePicture: 'abc.png' }, 'https://closia.fr/api/v1')).toBe(
      'https://closia.fr/api/v1/user/upload/abc.png?type=profile',
    );
  });

  it('banner: http as is, else the upload path', () => {
    expect(bannerUrl({ banner: null })).toBeNull();
    expect(bannerUrl({ banner: 'https://img.fr/b.jpg' })).toBe('https://img.fr/b.jpg');
    expect(bannerUrl({ banner: 'b.jpg' })).toBe('/api/v1/user/upload/b.jpg');
  });
});

describe('user type', () => {
  it.each([
    [{ setterCloser: profile(true), setter: null }, 'setter_closer', 'Setter & Closer', true, true, false],
    [{ setter: profile(true) }, 'setter', 'Setter', true, false, false],
    [{ closer: profile(true) }, 'closer', 'Closer', false, true, false],
    [{ infopreneur: profile(true) }, 'infopreneur', 'Infopreneur', false, false, true],
    [{}, 'unknown', 'Utilisateur', false, false, false],
  ])('%j → %s', (user, type, label, setter, closer, infopreneur) => {
    expect(userType(user)).toBe(type);
    expect(userTypeLabel(user)).toBe(label);
    expect(isSetter(user)).toBe(setter);
    expect(isCloser(user)).toBe(closer);
    expect(isInfopreneur(user)).toBe(infopreneur);
  });

  it('treats a missing user as unknown', () => {
    expect(userType(undefined)).toBe('unknown');
    expect(userTypeLabel(null)).toBe('Utilisateur');
  });
});

describe('activeProfile and hasFinishedOnboarding', () => {
  it('answers the existing sub-profile, or null', () => {
    const closer = { ...profile(false), conversionRate: 3 } as unknown as SalesProfile;
    const user = { setter: null, closer, setterCloser: null, infopreneur: null } as Pick<
      CurrentUser,
      'setter' | 'closer' | 'setterCloser' | 'infopreneur'
    >;
    expect(activeProfile(user)).toBe(closer);
    expect(activeProfile({})).toBeNull();
  });

  it('onboarding is complete when the sub-profile has finishedProfileSetup true', () => {
    expect(hasFinishedOnboarding({ setter: profile(true) })).toBe(true);
    expect(hasFinishedOnboarding({ setter: profile(false) })).toBe(false);
    expect(hasFinishedOnboarding({})).toBe(false);
  });
});

describe('initials', () => {
  it.each([
    [{ firstName: 'élodie', lastName: 'martin' }, 'ÉM'],
    [{ firstName: 'Jean', lastName: '' }, 'J'],
    [{ fullName: 'Anne Sophie Durand' }, 'AD'],
    [{ email: 'zoe@exemple.fr' }, 'Z'],
    [{}, '?'],
  ])('%j → %s', (user, expected) => {
    expect(initials(user)).toBe(expected);
  });
});

describe('activityLabel', () => {
  it('known actions have their label and a fixed colour', () => {
    expect(activityLabel('login')).toEqual({ label: 'Connecté', color: 'green' });
    expect(activityLabel('register')).toEqual({ label: 'Enregistré', color: 'blue' });
    expect(activityLabel('update')).toEqual({ label: 'Profil mis à jour', color: 'teal' });
    expect(activityLabel('change_password')).toEqual({ label: 'Mot de passe changé', color: 'orange' });
    expect(activityLabel('logout')).toEqual({ label: 'Déconnecté', color: 'gray' });
    expect(activityLabel('update-bio').label).toBe('Bio mise à jour');
  });

  it('unknown actions show the raw name with a colour derived from it, always the same', () => {
    const first = activityLabel('export-data');
    expect(first.label).toBe('export-data');
    expect(activityColorPalette).toContain(first.color);
    expect(activityLabel('export-data')).toEqual(first);
    const colors = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) => activityLabel(name).color));
    expect(colors.size).toBeGreaterThan(1);
  });

  it('does not mistake object keys for actions', () => {
    expect(activityLabel('constructor').label).toBe('constructor');
  });
});

describe('pageTitle', () => {
  it('the error page title is Error and the code', () => {
    expect(pageTitle({ pathname: '/x', error: { statusCode: 404 } })).toBe('Error 404');
    expect(pageTitle({ routeTitle: 'Missions', pathname: '/x', error: { status: 500 } })).toBe('Error 500');
  });

  it('uses the route title, else the title-cased last path segment', () => {
    expect(pageTitle({ routeTitle: 'Recherche de Missions', pathname: '/app/missions' })).toBe(
      'Recherche de Missions',
    );
    expect(pageTitle({ pathname: '/dashboard/active-sales' })).toBe('Active Sales');
    expect(pageTitle({ pathname: '/dashboard/settings/' })).toBe('Settings');
    expect(pageTitle({ pathname: '/admin/work_sectors?page=2' })).toBe('Work Sectors');
    expect(pageTitle({ pathname: '/' })).toBe('Accueil');
    expect(pageTitle({ pathname: '' })).toBe('Accueil');
  });
});

describe('errorPageContent', () => {
  const fallback = 'We encountered an unexpected issue. Please try again later.';
  it.each([
    [404, 'Page Not Found', 'Page not found'],
    [500, 'Internal Server Error', fallback],
    [403, 'Forbidden', fallback],
    [418, 'An Unexpected Error Occurred', fallback],
  ])('%i', (status, title, message) => {
    expect(errorPageContent(status)).toEqual({ title, message });
  });

  it('keeps a given message', () => {
    expect(errorPageContent(403, 'Réservé aux administrateurs').message).toBe('Réservé aux administrateurs');
  });
});

describe('formatEuro', () => {
  const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
  it('formats French style, without decimals for whole amounts', () => {
    expect(nbsp(formatEuro(1500))).toBe('1 500 €');
    expect(nbsp(formatEuro(12.5))).toBe('12,50 €');
    expect(nbsp(formatEuro(0))).toBe('0 €');
  });
});
