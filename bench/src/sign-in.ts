/**
 * Signs in an existing account through the API, as a browser would (CSRF cookie, then login), and
 * answers the cookies every later request sends; api.ts does the same for a user it registers.
 */

const CSRF_COOKIE = 'XSRF-TOKEN';

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const value = pair.slice(at + 1).trim();
      const name = pair.slice(0, at).trim();
      if (value === '' || /;\s*max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const csrf = await fetch(`${baseUrl}/api/v1/csrf`, { signal: AbortSignal.timeout(30_000) });
  await csrf.arrayBuffer();
  keep(csrf);
  const token = cookies.get(CSRF_COOKIE);
  if (csrf.status !== 204 || !token) {
    throw new Error(`sign-in: GET /api/v1/csrf answered ${csrf.status} without an ${CSRF_COOKIE} cookie`);
  }
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      cookie: header(),
      'content-type': 'application/json',
      'x-xsrf-token': decodeURIComponent(token),
    },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await login.text();
  keep(login);
  if (login.status !== 200) {
    throw new Error(
      `sign-in as ${email}: POST /api/v1/auth/login answered ${login.status}: ${text.slice(0, 300)}`,
    );
  }
  if (!cookies.has('closia_session')) throw new Error(`sign-in as ${email}: no session cookie after login`);
  return header();
}
