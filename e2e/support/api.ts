import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** Calls the API as the browser does: the CSRF cookie's value in the header; fails the test on an error. */
export async function apiSend(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) {
  let state = await request.storageState();
  if (!state.cookies.some((c) => c.name === 'XSRF-TOKEN')) {
    await request.get('/api/v1/csrf');
    state = await request.storageState();
  }
  const xsrf = decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const res = await request.fetch(path, { method, data, headers: { 'x-xsrf-token': xsrf } });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : res.json();
}
