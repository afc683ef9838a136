/**
 * Paths that moved, or short paths people type. The web app asks on every navigation, so a rule
 * added here takes effect without a new build. A value starting with http leaves the app.
 */
// A Map, not an object literal: a path is caller input, and `__proto__`, `constructor` or
// `toString` must be unknown paths, not members inherited from Object.prototype.
const rules: ReadonlyMap<string, string> = new Map([
  ['/login', '/auth/sign-in'],
  ['/signin', '/auth/sign-in'],
  ['/register', '/auth/sign-up'],
  ['/signup', '/auth/sign-up'],
  ['/logout', '/auth/sign-out'],
  ['/missions', '/app/missions'],
  ['/search', '/app/search'],
  ['/settings', '/dashboard/settings'],
  ['/admin/formations', '/admin/infopreneur-formations'],
]);

export function resolveRedirect(pathname: string): string | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return rules.get(clean) ?? null;
}
