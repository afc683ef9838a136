import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, randomToken, safeEqual } from '../../lib/crypto';

export const DEVICE_COOKIE = 'closia_device';
const DEVICE_TTL_S = 365 * 24 * 3600;

/**
 * "Device cookies" (OWASP): a browser that signed in to an account gets a signed cookie naming a
 * random device id for that e-mail. Login failures from it count against that device only, and
 * the slower per-account limit does not apply to it, so guesses from elsewhere never lock the
 * owner out. The cookie reveals nothing (the e-mail is only inside the signature) and is sent to
 * the auth endpoints only.
 */
export function trustedDevices(appKey: string, secure: boolean) {
  const key = `${appKey}:device`;
  const sign = (device: string, email: string) => hmac(key, `${device}:${email}`);
  return {
    /** The device id when the request carries a cookie signed for this e-mail, else null. */
    trusted(request: FastifyRequest, email: string): string | null {
      const value = request.cookies[DEVICE_COOKIE];
      if (!value) return null;
      const [device, signature, extra] = value.split('.');
      if (!device || !signature || extra !== undefined) return null;
      return safeEqual(signature, sign(device, email)) ? device : null;
    },
    /** After a successful login: (re)issues the cookie for this e-mail, keeping a known device id. */
    remember(reply: FastifyReply, email: string, device: string | null) {
      const id = device ?? randomToken(12);
      reply.setCookie(DEVICE_COOKIE, `${id}.${sign(id, email)}`, {
        path: '/api/v1/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: DEVICE_TTL_S,
      });
    },
  };
}
