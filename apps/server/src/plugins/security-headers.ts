import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
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
 * starting with http is used as is); the only frames are the video players of profile
 * presentations and webinar replays, privacy-enhanced: YouTube (nocookie), Vimeo, Loom.
 */
const pageDirectives: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://www.loom.com'],
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

/** Browser features no page of the app uses (helmet does not write this header: we add it to pages). */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** The headers helmet writes for `options`, read once from a private instance answering one request. */
async function headersOf(everywhere: HelmetOptions, own: HelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  // The two option sets merged as `reply.helmet(own)` merges them with the plugin's.
  const options: FastifyHelmetOptions = Object.assign({ global: true }, everywhere, own);
  await probe.register(fastifyHelmet, options);
  probe.get('/', (_request, reply) => {
    // Helmet's request hook has written its headers on the raw response: they are all there is.
    const written = reply.raw.getHeaders();
    reply.send(Object.entries(written).map(([name, value]) => [name, String(value)]));
  });
  const answer = await probe.inject({ url: '/' });
  await probe.close();
  if (answer.statusCode !== 200) throw new Error(`helmet's headers: ${answer.statusCode} ${answer.body}`);
  return answer.json<[string, string][]>();
}

/**
 * Security headers on every answer: pages, API, assets and errors alike, as helmet
 * (`@fastify/helmet`, ADR 014) writes them. `nosniff`, the referrer policy, a CSP forbidding framing
 * (and HSTS over HTTPS) go everywhere; an HTML page gets the app's policy and the headers that only
 * govern documents (framing, opener, browser features). Helmet's other headers stay off: the
 * answers carry what they carried before.
 *
 * The two sets of headers (page, everything else) never change while the process runs: helmet
 * computes them once, at start-up, and each answer gets a copy in one synchronous hook. Calling
 * `reply.helmet()` per answer, as before, made helmet parse the policy and build its middleware
 * again for every request (issue 19: about a tenth of the server's own time on a cached read).
 * Registered before every other plugin: its hook is the first `onSend` hook, and it runs for the
 * answers of requests refused early too (router errors, shutting down, CSRF failures).
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
    const forPages = await headersOf(everywhere, {
      contentSecurityPolicy: { useDefaults: false, directives: pageDirectives },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
    });
    forPages.push(['permissions-policy', permissionsPolicy]);
    const forTheRest = await headersOf(everywhere, {
      contentSecurityPolicy: { useDefaults: false, directives: apiDirectives },
      xFrameOptions: false,
      crossOriginOpenerPolicy: false,
    });

    // Not per route: which headers an answer gets depends on its type, known only when it is sent.
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      const page = typeof type === 'string' && type.startsWith('text/html');
      // A header the route set itself (the API documentation page's own policy, say) is kept.
      for (const [name, value] of page ? forPages : forTheRest) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
