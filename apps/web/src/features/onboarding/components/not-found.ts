/** Thrown while rendering: the router's error page shows the 404 (spec §2 texts). */
export function notFound(): never {
  throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
}
