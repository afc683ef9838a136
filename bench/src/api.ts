/**
 * Set-up through the public API, as a browser would: CSRF cookie, register, log in. The cookies are
 * kept in a small jar that always holds the latest Set-Cookie value of each name (the session id
 * and the CSRF token are rotated at sign-in).
 */
import { randomBytes } from 'node:crypto';

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';

class CookieJar {
  private readonly values = new Map<string, string>();

  update(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.split('=').map((s) => s.trim().toLowerCase());
        return (key === 'max-age' && Number(v) <= 0) || (key === 'expires' && Date.parse(v) <= Date.now());
      });
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface BenchUser {
  id: number;
  email: string;
  /** `closia_session=…; XSRF-TOKEN=…`: what every measured request sends. */
  cookie: string;
  /** The exact bytes of the authenticated GET /api/v1/user answer (the bare server sends the same). */
  userBody: string;
  /** Size in bytes of the GET /api/v1/users/{id} answer. */
  profileBytes: number;
}

async function call(
  jar: CookieJar,
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  expected: number,
  body?: unknown,
): Promise<string> {
  const headers: Record<string, string> = { cookie: jar.header() };
  const csrf = jar.get(CSRF_COOKIE);
  if (method !== 'GET' && csrf) headers[CSRF_HEADER] = decodeURIComponent(csrf);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  jar.update(response);
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(
      `set-up: ${method} ${path} answered ${response.status}, expected ${expected}: ${text.slice(0, 300)}`,
    );
  }
  return text;
}

/** Registers a fresh user with a closer profile, signs in, and reads both measured endpoints once. */
export async function createBenchUser(baseUrl: string): Promise<BenchUser> {
  const jar = new CookieJar();
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'bench-password-1234';

  await call(jar, baseUrl, 'GET', '/api/v1/csrf', 204);
  await call(jar, baseUrl, 'POST', '/api/v1/auth/register', 201, {
    email,
    password,
    firstName: 'Bench',
    lastName: 'User',
    role: 'closer',
  });
  await call(jar, baseUrl, 'POST', '/api/v1/auth/login', 200, { email, password });
  if (!jar.get('closia_session') || !jar.get(CSRF_COOKIE)) {
    throw new Error(`set-up: no session or CSRF cookie after login (cookies: ${jar.header() || 'none'})`);
  }

  const userBody = await call(jar, baseUrl, 'GET', '/api/v1/user', 200);
  const id: unknown = (JSON.parse(userBody) as { id?: unknown }).id;
  if (typeof id !== 'number') throw new Error(`set-up: GET /api/v1/user has no numeric id: ${userBody}`);
  const profile = await call(jar, baseUrl, 'GET', `/api/v1/users/${id}`, 200);

  return { id, email, cookie: jar.header(), userBody, profileBytes: Buffer.byteLength(profile) };
}

/** Signs in an existing account (the search scenario's generated users): the cookies to send. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const jar = new CookieJar();
  await call(jar, baseUrl, 'GET', '/api/v1/csrf', 204);
  await call(jar, baseUrl, 'POST', '/api/v1/auth/login', 200, { email, password });
  if (!jar.get('closia_session')) throw new Error(`sign-in of ${email}: no session cookie`);
  return jar.header();
}
