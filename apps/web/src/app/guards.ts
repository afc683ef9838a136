import {
  type CurrentUser,
  hasFinishedOnboarding,
  isCloser,
  isInfopreneur,
  isSetter,
  type RegistrationRole,
  registrationRoles,
  userType,
} from '@closia/shared';
import { notifications } from '@mantine/notifications';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { homePath, paths, safeRedirect, signInWithRedirect } from '../config/paths';
import { getCurrentUserQueryOptions } from '../features/auth/api/get-current-user';
import { queryClient } from '../lib/query-client';

/**
 * Route guards: ONE mechanism, route loaders. `loader: guard('profile')` runs before the route
 * renders (and before its lazy chunk is needed); a failing guard throws a redirect.
 *
 * - auth      signed in, else `/auth/sign-in?redirect=<path>`
 * - guest     sign-in / sign-up: a signed-in user goes to `/dashboard`
 * - profile   signed in and (see `profileRedirect`) onboarding done, else `/onboarding`
 * - onboarding  signed in; once the onboarding is done, `/onboarding` and the track start pages
 *             send to `/dashboard` (the finish page and the step pages stay reachable)
 * - admin     admin flag, else `/auth/sign-in` (spec §2)
 * - dashboard  the dashboard's home: an admin with no seller or infopreneur profile has no
 *             dashboard of their own, and goes to `/admin`
 * - messages  signed in with a verified e-mail, else a toast and `/dashboard`
 * - reset-password  a `?token=` authenticates this single action, else like auth
 * - role:<r>  signed in with that account type, else a toast and `/dashboard`
 */
export type GuardName =
  | 'auth'
  | 'guest'
  | 'profile'
  | 'onboarding'
  | 'admin'
  | 'dashboard'
  | 'messages'
  | 'reset-password'
  | `role:${RegistrationRole}`;

interface GuardContext {
  user: CurrentUser | null;
  url: URL;
}

/** A guard returns nothing to let the navigation through, or a redirect `Response`. */
type Guard = (context: GuardContext) => Response | undefined;

/** The current user for a guard: the cached answer, or the start-up request still in flight. */
async function loadUser(): Promise<CurrentUser | null> {
  try {
    return await queryClient.ensureQueryData(getCurrentUserQueryOptions());
  } catch {
    // Already logged as an auth initialization error (main.tsx): treat as anonymous.
    return null;
  }
}

function requestedPath(url: URL): string {
  return `${url.pathname}${url.search}`;
}

function toastOnce(id: string, message: string) {
  notifications.hide(id);
  notifications.show({ id, color: 'orange', title: 'Accès refusé', message });
}

const auth: Guard = ({ user, url }) => {
  if (!user) return redirect(signInWithRedirect(requestedPath(url)));
};

/**
 * THE profile rule: a signed-in user whose onboarding is not finished goes to `/onboarding`
 * (which resumes where they were). An admin without a sub-profile passes: admins need not be sellers.
 */
function profileRedirect(user: CurrentUser): Response | undefined {
  if (hasFinishedOnboarding(user)) return undefined;
  if (adminOnly(user)) return undefined;
  return redirect(paths.onboarding.root);
}

/** An admin who is not also a seller or an infopreneur: the administration is their home. */
function adminOnly(user: CurrentUser): boolean {
  return user.admin && userType(user) === 'unknown';
}

/** `/onboarding/{track}/{step}`. */
const onboardingStepPath = /^\/onboarding\/[^/]+\/[^/]+$/;

/**
 * `/onboarding*`: signed in. A finished onboarding sends `/onboarding` and the track start pages to
 * the dashboard; `/onboarding/finish` stays reachable (the celebration right after finishing), and so
 * do the step pages (the dashboard links to them to fill in one field).
 */
const onboarding: Guard = (context) => {
  const denied = auth(context);
  if (denied || !context.user) return denied;
  if (!hasFinishedOnboarding(context.user)) return undefined;
  const path = context.url.pathname.replace(/\/+$/, '');
  if (path === paths.onboarding.finish || onboardingStepPath.test(path)) return undefined;
  return redirect(paths.dashboard.root);
};

function hasRole(user: CurrentUser, role: RegistrationRole): boolean {
  const type = userType(user);
  // Before onboarding creates the sub-profile, the role chosen at registration decides.
  if (type === 'unknown') return user.role === role;
  switch (role) {
    case 'infopreneur':
      return isInfopreneur(user);
    case 'setter':
      return isSetter(user);
    case 'closer':
      return isCloser(user);
    case 'setter-closer':
      return type === 'setter_closer';
  }
}

const roleLabels: Record<RegistrationRole, string> = {
  setter: 'aux setters',
  closer: 'aux closers',
  'setter-closer': 'aux setters & closers',
  infopreneur: 'aux infopreneurs',
};

function roleGuard(role: RegistrationRole): Guard {
  return (context) => {
    const denied = auth(context);
    if (denied || !context.user) return denied;
    if (!hasRole(context.user, role)) {
      toastOnce('guard-role', `Cette page est réservée ${roleLabels[role]}.`);
      return redirect(paths.dashboard.root);
    }
  };
}

const guards: Record<string, Guard> = {
  auth,
  guest: ({ user, url }) => {
    if (!user) return;
    // A signed-in non-admin sent here by the admin guard may sign in with another account.
    if (url.searchParams.get('reason') === 'admin' && !user.admin) return;
    return redirect(safeRedirect(url.searchParams.get('redirect'), homePath(user)));
  },
  profile: (context) => auth(context) ?? (context.user ? profileRedirect(context.user) : undefined),
  onboarding,
  admin: ({ user, url }) => {
    if (user?.admin) return;
    if (!user) return redirect(signInWithRedirect(requestedPath(url)));
    toastOnce('guard-admin', 'Cette section est réservée aux administrateurs.');
    const params = new URLSearchParams({ redirect: requestedPath(url), reason: 'admin' });
    return redirect(`${paths.auth.signIn}?${params.toString()}`);
  },
  dashboard: ({ user }) => {
    if (user && adminOnly(user)) return redirect(paths.admin.root);
  },
  messages: (context) => {
    const denied = auth(context);
    if (denied || !context.user) return denied;
    if (!context.user.emailVerified) {
      toastOnce('guard-messages', 'Vérifiez votre adresse e-mail pour accéder à la messagerie.');
      return redirect(paths.dashboard.root);
    }
  },
  'reset-password': (context) => {
    if (context.url.searchParams.get('token')) return;
    return auth(context);
  },
};

/** The guard function of a name; an unknown name is a programming error (spec §8). */
export function resolveGuard(name: string): Guard {
  if (name.startsWith('role:')) {
    const role = name.slice('role:'.length);
    if ((registrationRoles as readonly string[]).includes(role)) return roleGuard(role as RegistrationRole);
  }
  const found = guards[name];
  if (!found) throw new Error(`Unknown route guard: "${name}"`);
  return found;
}

/** A route loader that runs the named guards in order; the first failing one redirects. */
export function guard(...names: GuardName[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    const resolved = names.map(resolveGuard);
    const context: GuardContext = { user: await loadUser(), url: new URL(request.url) };
    for (const check of resolved) {
      const response = check(context);
      if (response) throw response;
    }
    return null;
  };
}
