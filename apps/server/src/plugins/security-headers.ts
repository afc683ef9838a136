import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of the app: scripts only from this origin (no inline script, no
 * eval); inline styles are allowed because Mantine writes its CSS variables and component styles
 * in `<style>` elements and `style` attributes. Pictures may come from elsewhere (an avatar URL
 * starting with http is used as is); the only frames are the presentation-video players.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://www.loom.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The policy of every answer that is not a page (JSON, assets, errors): it loads nothing and may
 * be framed by nobody. Browsers apply a CSP to documents only, so this is the strictest one and,
 * being short, costs the API next to nothing per answer.
 */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer: pages, API, assets and errors alike. `nosniff`, the referrer
 * policy, a CSP forbidding framing (and HSTS over HTTPS) go everywhere; an HTML page gets the app's
 * policy and the headers that only govern documents (framing, opener, browser features).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const everywhere: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    };
    // Only meaningful (and only honoured) over HTTPS; on http://localhost it would pin nothing.
    if (app.config.appUrl.startsWith('https://')) {
      everywhere['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
    }
    const forPages = Object.entries({
      ...everywhere,
      'content-security-policy': contentSecurityPolicy,
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    });
    const forTheRest = Object.entries({ ...everywhere, 'content-security-policy': apiContentSecurityPolicy });

    app.addHook('onSend', async (_request, reply) => {
      const type = reply.getHeader('content-type');
      const entries = typeof type === 'string' && type.startsWith('text/html') ? forPages : forTheRest;
      for (const [name, value] of entries) {
        // A route that needs its own policy (the API documentation page) keeps it.
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
    });
  },
  { name: 'security-headers' },
);
