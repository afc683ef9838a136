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

/** Security headers on every answer: pages, API, assets and errors alike. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers: Record<string, string> = {
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    };
    // Only meaningful (and only honoured) over HTTPS; on http://localhost it would pin nothing.
    if (app.config.appUrl.startsWith('https://')) {
      headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
    }
    const entries = Object.entries(headers);

    app.addHook('onSend', async (_request, reply) => {
      for (const [name, value] of entries) {
        // A route that needs its own policy (the API documentation page) keeps it.
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
    });
  },
  { name: 'security-headers' },
);
