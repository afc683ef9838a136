import type { APIRequestContext } from '@playwright/test';
import { expect, uniqueEmail } from './fixtures';

export const NEW_USER_PASSWORD = 'un-mot-de-passe-solide';

/** Calls the API as a browser would: the CSRF cookie, then its value in the header (read anew each time). */
async function send(
  request: APIRequestContext,
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
): Promise<unknown> {
  let state = await request.storageState();
  if (!state.cookies.some((c) => c.name === 'XSRF-TOKEN')) {
    await request.get('/api/v1/csrf');
    state = await request.storageState();
  }
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.fetch(path, {
    method,
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? undefined : res.json();
}

export interface NewUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A fresh infopreneur with a finished profile, signed in on `request` (use `page.request` to sign the
 * page in as well: it shares the browser context's cookies). `workSectorId` defaults to the first sector.
 */
export async function createReadyUser(
  request: APIRequestContext,
  options: { prefix?: string; workSectorId?: number } = {},
): Promise<NewUser> {
  const user = {
    email: uniqueEmail(options.prefix ?? 'user'),
    password: NEW_USER_PASSWORD,
    firstName: 'Camille',
    lastName: 'Martin',
  };
  const created = (await send(request, 'POST', '/api/v1/auth/register', {
    ...user,
    role: 'infopreneur',
  })) as {
    id: number;
  };
  let workSectorId = options.workSectorId;
  if (workSectorId === undefined) {
    const sectors = await (await request.get('/api/v1/work-sectors?perPage=1')).json();
    workSectorId = sectors.data[0].id as number;
  }
  await send(request, 'PUT', '/api/v1/user/infopreneur', {
    description: 'Je vends des formations en ligne.',
    workSectors: [workSectorId],
    finishedProfileSetup: true,
  });
  return { id: created.id, ...user };
}
