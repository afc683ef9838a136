import { Transmit } from '@adonisjs/transmit-client';
import { EventSource } from 'eventsource';

/**
 * The real `@adonisjs/transmit-client`, as the web app uses it, run in Node: `eventsource` opens
 * the stream and every request carries the signed-in browser's cookies and CSRF header.
 */
export function liveClient(
  baseUrl: string,
  cookies: Record<string, string>,
  hooks: {
    onSubscribeFailed?: (response: Response) => void;
    onReconnectAttempt?: (attempt: number) => void;
    onReconnectFailed?: () => void;
  } = {},
) {
  const cookieHeader = () =>
    Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  const withCookies = (init: RequestInit = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
  });
  const transmit = new Transmit({
    baseUrl: `${baseUrl}/api/v1`,
    maxReconnectAttempts: 5,
    eventSourceFactory: (url) =>
      new EventSource(url, {
        fetch: (input, init) => fetch(input, withCookies(init as RequestInit)),
      }) as unknown as globalThis.EventSource,
    httpClientFactory: (base, uid) =>
      ({
        createRequest: (path: string, body: Record<string, unknown>) =>
          new Request(`${base}${path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-xsrf-token': decodeURIComponent(cookies['XSRF-TOKEN'] ?? ''),
            },
            body: JSON.stringify({ uid, ...body }),
          }),
        send: (request: Request) =>
          fetch(request, { headers: { ...Object.fromEntries(request.headers), cookie: cookieHeader() } }),
      }) as never,
    ...hooks,
  });
  return transmit;
}

/** Resolves with the next payload the subscription receives (rejects after `ms`). */
export function nextMessage<T = unknown>(
  subscription: { onMessageOnce(handler: (payload: T) => void): void },
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message received')), ms);
    subscription.onMessageOnce((payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Waits until `check` is true (polling), or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
