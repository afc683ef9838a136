import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;
type Directives = Record<string, string[]>;

/** The header value helmet writes for these directives (`name value;name value`). */
const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

/**
 * The Content-Security-Policy of the app: scripts only from this origin (no inline script, no
 * eval); inline styles are allowed because Mantine writes its CSS variables and component styles
 * in `<style>` elements and `style` attributes. Pictures may come from elsewhere (an avatar URL
 * starting with http is used as is); the only frames are the presentation-video players.
 */
const pageDirectives: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.youtube-nocookie.com', 'https://www.loom.com'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};
export const contentSecurityPolicy = serialize(pageDirectives);

/**
 * The policy of every answer that is not a page (JSON, assets, errors): it loads nothing and may
 * be framed by nobody. Browsers apply a CSP to documents only, so this is the strictest one and,
 * being short, costs the API next to nothing per answer.
 */
const apiDirectives: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };
export const apiContentSecurityPolicy = serialize(apiDirectives);

/** Browser features no page of the app uses (helmet does not write this header). */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Security headers on every answer: pages, API, assets and errors alike, written by helmet
 * (`@fastify/helmet`, ADR 014). `nosniff`, the referrer policy, a CSP forbidding framing (and
 * HSTS over HTTPS) go everywhere; an HTML page gets the app's policy and the headers that only
 * govern documents (framing, opener, browser features). Helmet's other headers stay off: the
 * answers carry what they carried before. Registered before every other plugin, so that its
 * request hook runs even when a later one refuses the request (e.g. while shutting down).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const everywhere: HelmetOptions = {
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Only meaningful (and only honoured) over HTTPS; on http://localhost it would pin nothing.
      strictTransportSecurity: app.config.appUrl.startsWith('https://')
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xPoweredBy: false,
      xXssProtection: false,
    };
    const forPages: HelmetOptions = {
      contentSecurityPolicy: { useDefaults: false, directives: pageDirectives },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
    };
    const forTheRest: HelmetOptions = {
      contentSecurityPolicy: { useDefaults: false, directives: apiDirectives },
      xFrameOptions: false,
      crossOriginOpenerPolicy: false,
    };

    // Not global: which headers an answer gets depends on its type, known only when it is sent.
    await app.register(fastifyHelmet, { global: false, ...everywhere });

    app.addHook('onSend', async (_request, reply) => {
      // Set only when helmet's request hook ran; it runs first of all (see above).
      if (typeof reply.helmet !== 'function') return;
      const type = reply.getHeader('content-type');
      const page = typeof type === 'string' && type.startsWith('text/html');
      // Helmet writes on the raw response: a header the route set itself (the API documentation
      // page's own policy, say) is sent with the reply and wins over helmet's.
      reply.helmet(page ? forPages : forTheRest);
      if (page && !reply.hasHeader('permissions-policy'))
        reply.header('permissions-policy', permissionsPolicy);
    });
  },
  { name: 'security-headers' },
);
